"""Kernel logistic regression claim K9: h(z) is a sum of Gaussian bumps."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...core.kernels import Gaussian
from ...estimators.logistic import KernelLogisticRegression


def gaussian_hypothesis_tables(
    data: Dataset,
    sigma: float,
    step: float,
    l2: float,
    max_epochs: int,
    n_grid: int,
    seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K9: batch and stochastic ascent on 1-D data with the Gaussian kernel.

    Returns
    -------
    history : DataFrame
        ``method, epoch, log_likelihood, objective`` (J = ℓ − λ/2 aᵀKa).
    curve : DataFrame
        ``z, f_batch, h_batch, h_stochastic`` on a grid covering the data.
    bumps : DataFrame
        ``x, label, a, sigma``: the centre, label and weight a_j of every bump
        a_j·exp(−(z − x_j)²/2σ²) of the batch solution.
    """
    if data.X.shape[1] != 1:
        raise ValueError(
            f"K9 draws h on a line; the data have {data.X.shape[1]} features."
        )
    models = {
        method: KernelLogisticRegression(
            kernel=Gaussian(sigma=sigma),
            method=method,
            step=step,
            lam=l2,
            max_epochs=max_epochs,
            tol=1e-10,
            random_state=seed,
        ).fit(data.X, data.y)
        for method in ("batch", "stochastic")
    }
    history = pd.concat(
        [
            pd.DataFrame(
                {
                    "method": method,
                    "epoch": np.arange(1, model.n_epochs_ + 1),
                    "log_likelihood": model.history_["log_likelihood"],
                    "objective": model.history_["objective"],
                }
            )
            for method, model in models.items()
        ],
        ignore_index=True,
    )
    x = data.X[:, 0]
    pad = 3.0 * sigma
    z = np.linspace(x.min() - pad, x.max() + pad, n_grid)[:, None]
    curve = pd.DataFrame(
        {
            "z": z[:, 0],
            "f_batch": models["batch"].decision_function(z),
            "h_batch": models["batch"].predict_proba(z)[:, 1],
            "h_stochastic": models["stochastic"].predict_proba(z)[:, 1],
        }
    )
    bumps = pd.DataFrame(
        {
            "x": x,
            "label": data.y.astype(int),
            "a": models["batch"].dual_coef_,
            "sigma": sigma,
        }
    )
    return history, curve, bumps
