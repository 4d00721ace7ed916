"""K7: the perceptron cannot learn XOR with the linear kernel; with the quadratic
kernel it can.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ...core.contract.exceptions import ConvergenceWarning
from ...core.datasets import Dataset
from ...core.kernels import Polynomial
from ...core.kernels.feature_maps import quadratic_r2
from ...estimators.perceptron import KernelPerceptron, Perceptron


def xor_epochs_table(data: Dataset, max_epochs: int) -> pd.DataFrame:
    """K7: training error per epoch of the linear and the quadratic perceptron.

    The linear perceptron has a bias; the kernel one uses k(x, x') = (x·x')².

    Returns
    -------
    DataFrame
        ``model, epoch, train_error, converged``.
    """
    models = {
        "linear perceptron": Perceptron(max_epochs=max_epochs),
        "kernel perceptron, (x·x')²": KernelPerceptron(
            kernel=Polynomial(degree=2, c=0.0), max_epochs=max_epochs
        ),
    }
    frames = []
    for model_name, model in models.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(data.X, data.y)
        errors = model.train_error_per_epoch_
        frames.append(
            pd.DataFrame(
                {
                    "model": model_name,
                    "epoch": np.arange(1, len(errors) + 1),
                    "train_error": errors,
                    "converged": model.converged_,
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def xor_points_table(data: Dataset, max_epochs: int) -> pd.DataFrame:
    """K7: the homogeneous quadratic kernel perceptron's view of every point.

    Returns
    -------
    DataFrame
        ``x1, x2, label, alpha, phi1, phi2, phi3, f`` with φ = (x1², √2·x1x2, x2²)
        and f = Σ_j α_j (x_j·x)², so that w = Σ α_i φ(x_i) can be recovered.
    """
    model = KernelPerceptron(
        kernel=Polynomial(degree=2, c=0.0), fit_intercept=False, max_epochs=max_epochs
    ).fit(data.X, data.y)
    phi = quadratic_r2(data.X)
    return pd.DataFrame(
        {
            "x1": data.X[:, 0],
            "x2": data.X[:, 1],
            "label": data.y.astype(int),
            "alpha": model.dual_coef_,
            "phi1": phi[:, 0],
            "phi2": phi[:, 1],
            "phi3": phi[:, 2],
            "f": model.decision_function(data.X),
        }
    )


def perceptron_xor_tables(
    data: Dataset, max_epochs: int
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """K7: training error per epoch (:func:`xor_epochs_table`) and the points
    with the quadratic perceptron's values (:func:`xor_points_table`)."""
    return xor_epochs_table(data, max_epochs), xor_points_table(data, max_epochs)
