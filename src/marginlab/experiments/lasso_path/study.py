"""S1 (Shewchuk, Lecture 14, §14.3): the Lasso sets weights exactly to zero;
ridge does not.

The Lasso, ½m⁻¹‖y − b − Xw‖² + λ‖w‖₁ (intercept b unpenalized), sets weights
*exactly* to zero, more of them as λ grows; ridge, ‖y − b − Xw‖² + λ‖w‖²,
shrinks every weight but zeroes none. :func:`lasso_ridge_tables` computes both
paths on a regression dataset. Deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.selection import (
    lasso_alpha_max,
    lasso_path,
    ridge_path,
)


def standardize(X: np.ndarray) -> np.ndarray:
    """Center every column and scale it to unit variance: (x_j − x̄_j) / s_j.

    s_j is the population standard deviation (ddof 0); a constant column is
    only centered. The lecture advises normalizing features before the Lasso
    or ridge, so that one λ penalizes every weight on the same scale.
    """
    X = np.asarray(X, dtype=np.float64)
    centered = X - X.mean(axis=0)
    scale = X.std(axis=0)
    return centered / np.where(scale > 0.0, scale, 1.0)


def lasso_ridge_tables(
    data: Dataset,
    *,
    n_alphas: int = 200,
    eps: float = 1e-3,
    ridge_lams: Sequence[float] = tuple(np.geomspace(1e-2, 1e6, 33).tolist()),
    tol: float = 1e-10,
    max_iter: int = 100_000,
    name: str = "diabetes",
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """S1: the Lasso path and the ridge path, and their exact-zero counts.

    The features are standardized first (:func:`standardize`, zero mean and
    unit variance); the target is left as it is. The Lasso path
    (:func:`marginlab.lasso_path`) minimizes, for each λ,

        ½m⁻¹ ‖y − b − Xw‖² + λ‖w‖₁      (b unpenalized),

    on ``n_alphas`` values from α_max = ‖X_cᵀy_c‖∞ / m (where w = 0 first
    becomes optimal) down to ``eps``·α_max, evenly spaced in log scale, each
    solved to a duality gap ≤ ``tol``·‖y_c‖²/m. Coordinate descent
    soft-thresholds, S(u, t) = sign(u) max(|u| − t, 0), so a zero weight is
    exactly 0.0, not merely small. The ridge path
    (:func:`marginlab.ridge_path`) minimizes
    ‖y − b − Xw‖² + λ‖w‖² (no 1/m; its λ is on its own scale) at each of
    ``ridge_lams``: w(λ) = V diag(s/(s² + λ)) Uᵀy_c, zero only by accident.

    Parameters
    ----------
    data : Dataset
        A regression dataset.
    n_alphas : int, default=200
    eps : float in (0, 1), default=1e-3
    ridge_lams : sequence of float > 0
        Default: 33 values from 10⁻² to 10⁶, evenly spaced in log scale.
    tol : float, default=1e-10
    max_iter : int, default=100000
    name : str, default="diabetes"
        Written in the ``dataset`` column of ``zeros``.

    Returns
    -------
    weights : DataFrame
        ``method`` ("lasso" or "ridge"), ``alpha`` (that method's λ),
        ``feature``, ``weight``: one row per λ and feature, λ decreasing.
    zeros : DataFrame
        ``dataset, method, alpha, n_zero`` (weights exactly 0.0),
        ``n_features``, ``alpha_max`` (the Lasso's α_max, on every row),
        ``n_samples``.
    """
    if data.task != "regression":
        raise ValueError("lasso_ridge_tables: needs a regression dataset.")
    X = standardize(data.X)
    y = data.y
    names = list(data.feature_names)
    alphas, coefs = lasso_path(
        X, y, n_alphas=n_alphas, eps=eps, tol=tol, max_iter=max_iter
    )
    lams = np.sort(np.asarray(ridge_lams, dtype=np.float64))[::-1]
    if lams.size == 0 or np.any(lams <= 0.0):
        raise ValueError("lasso_ridge_tables: ridge_lams must be positive numbers.")
    ridge_coefs = ridge_path(X, y, lams)
    alpha_max = lasso_alpha_max(X, y)
    weights, zeros = [], []
    for method, grid, W in (("lasso", alphas, coefs), ("ridge", lams, ridge_coefs)):
        for k, lam in enumerate(grid):
            weights += [
                {
                    "method": method,
                    "alpha": float(lam),
                    "feature": name,
                    "weight": float(W[j, k]),
                }
                for j, name in enumerate(names)
            ]
            zeros.append(
                {
                    "dataset": name,
                    "method": method,
                    "alpha": float(lam),
                    "n_zero": int(np.count_nonzero(W[:, k] == 0.0)),
                    "n_features": len(names),
                    "alpha_max": alpha_max,
                    "n_samples": data.n_samples,
                }
            )
    return pd.DataFrame(weights), pd.DataFrame(zeros)
