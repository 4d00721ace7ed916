"""Least squares with an unpenalized intercept, and the z-scores of its weights
(Shewchuk, Lecture 14.2: backward stepwise by |z_i| = |w_i| / (σ̂ √v_i)).
"""

from __future__ import annotations

import math

import numpy as np

from ...core.contract.validation import check_X_y


def least_squares(X: object, y: object) -> tuple[np.ndarray, float]:
    """Least squares with intercept: minimize ‖y − Xw − b‖².

    Solved on centered data, w = argmin ‖y_c − X_c w‖² (minimum-norm solution
    if X_c has not full column rank), b = ȳ − ⟨w, x̄⟩.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)

    Returns
    -------
    coef : ndarray of shape (d,)
    intercept : float
    """
    X, y = check_X_y(X, y)
    return _least_squares(X, y)


def _least_squares(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    x_mean, y_mean = X.mean(axis=0), float(y.mean())
    coef = np.linalg.lstsq(X - x_mean, y - y_mean, rcond=None)[0]
    return coef, y_mean - float(x_mean @ coef)


def z_scores(X: object, y: object) -> np.ndarray:
    """z-scores of the least-squares weights (Shewchuk, Lecture 14, §14.2).

    z_i = w_i / (σ̂ √v_i), with v_i the i-th diagonal entry of (X_cᵀX_c)⁻¹
    (X centered, which is the same entry as for the design [1, X] with an
    intercept column) and σ̂² = RSS / (m − d − 1) the unbiased noise variance.
    The variance of w_i is σ² v_i, so a small |z_i| hints that the true w_i
    could be zero.

    Parameters
    ----------
    X : array-like of shape (m, d)
        Needs m > d + 1 and X_c of full column rank.
    y : array-like of shape (m,)

    Returns
    -------
    z : ndarray of shape (d,)
    """
    X, y = check_X_y(X, y)
    return _z_scores(X, y, "z_scores")


def _z_scores(X: np.ndarray, y: np.ndarray, owner: str) -> np.ndarray:
    m, d = X.shape
    if m <= d + 1:
        raise ValueError(
            f"{owner}: z-scores need more samples than features + 1 (σ̂² = "
            f"RSS/(m − d − 1)); got m={m}, d={d}."
        )
    Xc = X - X.mean(axis=0)
    yc = y - y.mean()
    gram = Xc.T @ Xc
    try:
        inverse = np.linalg.inv(gram)
    except np.linalg.LinAlgError:
        raise ValueError(
            f"{owner}: X_cᵀX_c is singular (collinear or constant features); "
            "z-scores are undefined."
        ) from None
    coef = inverse @ (Xc.T @ yc)
    rss = float(np.sum((yc - Xc @ coef) ** 2))
    sigma = math.sqrt(rss / (m - d - 1))
    v = np.diagonal(inverse)
    with np.errstate(divide="ignore", invalid="ignore"):
        return coef / (sigma * np.sqrt(v))
