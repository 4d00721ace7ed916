"""SVM claims: K11 (the σ/C grid of SMO pictures)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..datasets import Dataset
from ..exceptions import NotSeparableError
from ..kernels import Gaussian
from ..svm import SVM
from ._grid import padded_grid


def panel_id(sigma: float, C: float) -> str:
    """File-name id of one (σ, C) panel: ``s1_Cinf``, ``s0.25_C100``."""
    return f"s{sigma:g}_C{'inf' if math.isinf(C) else format(C, 'g')}"


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


def pegasos_convergence_table(
    data: Dataset,
    sigma: float,
    lam: float,
    n_iter: int,
    n_checkpoints: int,
    seed: int,
) -> pd.DataFrame:
    """K13: kernelized Pegasos' primal objective against the exact optimum.

    The optimum P* of P(w) = λ/2‖w‖² + mean hinge (no bias) comes from the SVM
    without bias, C = 1/(λm), solved to tol 1e-9.

    Returns
    -------
    DataFrame
        ``t, objective, optimum, rel_gap`` at ``n_checkpoints`` log-spaced steps,
        with ``rel_gap = (P(w_t) − P*) / P*``.
    """
    from ..svm import Pegasos, primal_objective

    kernel = Gaussian(sigma=sigma)
    m = data.n_samples
    exact = SVM(kernel=kernel, C=1.0 / (lam * m), tol=1e-9, fit_intercept=False)
    optimum = primal_objective(exact.fit(data.X, data.y), data.X, data.y, lam)
    steps = np.unique(np.geomspace(10, n_iter, n_checkpoints).astype(int))
    model = Pegasos(
        kernel=kernel,
        lam=lam,
        n_iter=n_iter,
        record_at=steps.tolist(),
        random_state=seed,
    ).fit(data.X, data.y)
    values = np.array([model.objective_[int(t)] for t in steps])
    return pd.DataFrame(
        {
            "t": steps,
            "objective": values,
            "optimum": optimum,
            "rel_gap": (values - optimum) / optimum,
        }
    )


def poly_degree_table(
    data: Dataset,
    degrees: list[int],
    C_soft: float,
    test_fraction: float,
    seed: int,
) -> pd.DataFrame:
    """K12: SVMs with (1 + x·x')^d for growing d, on a seeded stratified split.

    Features are scaled by max|x| so kernel values stay within 2^d. For each
    degree the hard-margin SVM is fitted; when the training data are not
    separable in that feature space (``SVM`` raises), a soft margin with box
    ``C_soft`` is fitted instead and ``separable`` is false.

    Returns
    -------
    DataFrame
        ``degree, separable, C, train_error, test_error, margin, n_sv,
        n_train, n_test, split_seed``.
    """
    from ..kernels import Polynomial
    from ..model_selection import train_test_split

    X = data.X / np.abs(data.X).max()
    train, test = train_test_split(data.y, test_fraction, seed)
    rows = []
    for d in degrees:
        kernel = Polynomial(degree=int(d), c=1.0)
        try:
            svm = SVM(kernel=kernel, C=math.inf).fit(X[train], data.y[train])
            separable, box = True, math.inf
        except NotSeparableError:
            svm = SVM(kernel=kernel, C=C_soft).fit(X[train], data.y[train])
            separable, box = False, C_soft
        rows.append(
            {
                "degree": int(d),
                "separable": separable,
                "C": box,
                "train_error": float(np.mean(svm.predict(X[train]) != data.y[train])),
                "test_error": float(np.mean(svm.predict(X[test]) != data.y[test])),
                "margin": svm.margin_,
                "n_sv": len(svm.support_),
                "n_train": len(train),
                "n_test": len(test),
                "split_seed": seed,
            }
        )
    return pd.DataFrame(rows)
