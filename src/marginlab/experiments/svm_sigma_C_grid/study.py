"""K11: the SMO pictures, the Gaussian SVM for each (σ, C) panel of a grid.

Huang 2017, 'Gaussian Kernels': decreasing C widens the margin and lets more
points inside it. One run is one panel: the SVM's summary (what the lecture's
SMO applet prints), its decision function on a grid, and its points.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...core.kernels import Gaussian
from ...estimators.svm.classifier import SVM
from .._shared.experiment import panel_id
from .._shared.grid import padded_grid


def svm_panel(
    data: Dataset, sigma: float, C: float, tol: float, grid_points: int
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Fit the Gaussian-kernel SVM of one panel and tabulate what it shows.

    Returns
    -------
    summary : DataFrame, one row
        ``panel, sigma, C, n_kernel_evals, n_sv, margin, train_error, n_iter,
        dual_objective`` (the quantities the SMO applet prints).
    surface : DataFrame
        ``x1, x2, f`` on a ``grid_points``² grid around the data.
    points : DataFrame
        ``x1, x2, label, alpha, support`` for every training point.
    """
    if data.X.shape[1] != 2:
        raise ValueError(
            f"the σ/C grid draws 2-D data; got {data.X.shape[1]} features."
        )
    svm = SVM(kernel=Gaussian(sigma=sigma), C=C, tol=tol).fit(data.X, data.y)
    summary = pd.DataFrame(
        [
            {
                "panel": panel_id(sigma, C),
                "sigma": sigma,
                "C": C,
                "n_kernel_evals": svm.n_kernel_evals_,
                "n_sv": len(svm.support_),
                "margin": svm.margin_,
                "train_error": float(np.mean(svm.predict(data.X) != data.y)),
                "n_iter": svm.n_iter_,
                "dual_objective": svm.dual_objective_,
            }
        ]
    )
    grid = padded_grid(data.X, grid_points)
    surface = pd.DataFrame(
        {"x1": grid[:, 0], "x2": grid[:, 1], "f": svm.decision_function(grid)}
    )
    support = np.zeros(data.n_samples, dtype=bool)
    support[svm.support_] = True
    points = pd.DataFrame(
        {
            "x1": data.X[:, 0],
            "x2": data.X[:, 1],
            "label": data.y.astype(int),
            "alpha": svm.alpha_,
            "support": support,
        }
    )
    return summary, surface, points
