"""Claim S8: standardize the features before the Lasso, and choose λ by CV.

Shewchuk, Lecture 14, §14.3 'Lasso': "As with ridge regression, you should
probably normalize the features first before applying this method", and, of
the plot of the weights against λ, "Statisticians used to choose lambda by
looking at a chart like this … But nowadays they prefer cross-validation, as
always."

The penalty λ‖w‖₁ charges every weight alike, so it depends on the units of
the features: a feature recorded in units 100 times larger needs a weight
100 times smaller for the same prediction and is charged 100 times less.
Standardizing (x'_j = (x_j − μ_j)/s_j, μ_j and s_j of the training points)
removes the units. :func:`lasso_standardize_tables` puts the features of a
regression dataset on very different scales, fits the Lasso with and without
standardization, each at the λ its own K-fold cross-validation on the
training part chooses, scores both on the same test points, and changes the
unit of one feature at a time to see which selection moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...core.contract.validation import check_scalar
from ...core.datasets import Dataset
from ...estimators.model_selection import random_split
from ...estimators.selection import lasso_cv
from .._shared.scaling import zscore

#: The two ways of fitting, in table order.
VARIANTS: tuple[str, ...] = ("raw", "standardized")


def unit_scales(n_features: int, log10_scale: float) -> np.ndarray:
    """The factors that put the d features on very different scales.

    c_j = 10^(−a + 2a·j/(d − 1)), j = 0..d−1 (a = ``log10_scale``): evenly
    spaced in log scale from 10^−a to 10^a in column order, so that which
    feature gets which unit does not depend on how useful it is.

    Examples
    --------
    >>> unit_scales(3, 2.0).tolist()
    [0.01, 1.0, 100.0]
    """
    a = float(
        check_scalar(log10_scale, "log10_scale", "unit_scales", low=0.0, closed="left")
    )
    if n_features == 1:
        return np.ones(1)
    return 10.0 ** np.linspace(-a, a, n_features)


@dataclass(frozen=True)
class LassoFit:
    """The Lasso path on the training part, λ chosen by CV, and the test part.

    Attributes
    ----------
    alphas : ndarray of shape (k,)
        The grid, decreasing from α_max.
    cv_mse : ndarray of shape (k,)
        K-fold CV error on the training part at each λ.
    chosen : int
        Index of λ_CV (smallest CV error; ties: the larger λ).
    coefs : ndarray of shape (d, k)
        The path fitted on the whole training part (in the fitted units).
    errors : ndarray of shape (n_test, k)
        Squared test errors at each λ.
    """

    alphas: np.ndarray
    cv_mse: np.ndarray
    chosen: int
    coefs: np.ndarray
    errors: np.ndarray

    @property
    def selected(self) -> np.ndarray:
        """Indices of the non-zero weights at λ_CV (exact zeros of soft
        thresholding)."""
        return np.flatnonzero(self.coefs[:, self.chosen] != 0.0)


def fit_lasso(
    X: np.ndarray,
    y: np.ndarray,
    Z: np.ndarray,
    target: np.ndarray,
    *,
    standardize: bool,
    n_splits: int,
    cv_seed: int,
    n_alphas: int,
    eps: float,
    tol: float,
) -> LassoFit:
    """The Lasso ½m⁻¹‖y − Xw − b‖² + λ‖w‖₁ at λ chosen by K-fold CV.

    With ``standardize`` the features are first z-scored with the training
    part's means and deviations (``zscore`` of
    :mod:`marginlab.experiments._shared.scaling`), which are applied
    unchanged to the test points; otherwise only centred
    (by the intercept). λ is chosen by :func:`~marginlab.lasso_cv`
    on the training part, on a grid of ``n_alphas`` values from that
    problem's α_max down to ``eps``·α_max.
    """
    if standardize:
        X, Z = zscore(X, Z)
    result = lasso_cv(
        X,
        y,
        None,
        n_splits,
        cv_seed,
        n_alphas=n_alphas,
        eps=eps,
        tol=tol,
        max_iter=100_000,
    )
    intercepts = float(y.mean()) - X.mean(axis=0) @ result.coefs
    prediction = Z @ result.coefs + intercepts
    return LassoFit(
        alphas=result.alphas,
        cv_mse=result.table["cv_mse"].to_numpy(),
        chosen=int(np.flatnonzero(result.alphas == result.alpha)[0]),
        coefs=result.coefs,
        errors=(target[:, None] - prediction) ** 2,
    )


def _names(names: Sequence[str], idx: np.ndarray) -> str:
    """A selected set as text: feature names joined by ``+``, or ``(none)``."""
    return "+".join(names[int(j)] for j in idx) or "(none)"


def lasso_standardize_tables(
    data: Dataset,
    *,
    test_fraction: float,
    split_seed: int,
    log10_scale: float = 2.0,
    unit_factors: Sequence[float] = (0.01, 100.0),
    n_alphas: int = 100,
    eps: float = 1e-3,
    tol: float = 1e-8,
    n_splits: int = 5,
    cv_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """S8: the Lasso with and without standardization, at λ chosen by CV.

    The data are split at random
    (:func:`~marginlab.estimators.model_selection.random_split`) and feature j is
    multiplied by c_j (:func:`unit_scales`). On the training part the Lasso is
    fitted raw (centred only) and standardized (:func:`fit_lasso`), each at its
    own λ_CV; both are scored on the same test points. Then, for each feature
    j and each factor f of ``unit_factors``, feature j alone is multiplied by f
    (a change of its unit, e.g. metres to centimetres for f = 100), both
    procedures are rerun (CV included) and their selected sets recorded.

    Parameters
    ----------
    data : Dataset
        Regression data.
    test_fraction : float in (0, 1)
    split_seed : int
    log10_scale : float ≥ 0, default=2.0
        a of :func:`unit_scales`.
    unit_factors : sequence of float > 0, default=(0.01, 100.0)
    n_alphas : int, default=100
    eps : float in (0, 1), default=1e-3
    tol : float > 0, default=1e-8
        Duality-gap tolerance of :func:`~marginlab.lasso_path`
        (relative to ‖y_c‖²/m).
    n_splits : int, default=5
    cv_seed : int, default=0

    Returns
    -------
    summary : DataFrame
        One row: ``n_train, n_test, d, n_splits, n_alphas, log10_scale``,
        ``features`` (names joined by ``+``), ``scales`` (the c_j, as text),
        ``y_train_var`` (variance of the training targets, ddof 0), and per
        variant (prefix ``raw_`` / ``standardized_``): ``alpha`` (λ_CV),
        ``alpha_ratio`` (λ_CV / α_max), ``selected``, ``n_selected``,
        ``test_mse``.
    path : DataFrame
        One row per variant and λ: ``variant, step, alpha, alpha_ratio,
        cv_mse, test_mse, n_nonzero, chosen``.
    losses : DataFrame
        One row per test point: ``point``, the squared errors ``raw`` and
        ``standardized`` at each variant's λ_CV.
    grid_losses : DataFrame
        One row per λ of the standardized path and test point: ``step,
        point, loss`` (the squared error).
    units : DataFrame
        One row per variant and unit change, the unchanged data first
        (``feature`` "(none)", ``factor`` 1): ``variant, feature, factor,
        selected, n_selected, alpha_ratio, test_mse``.
    """
    if data.task != "regression":
        raise ValueError("lasso_standardize_tables: needs a regression dataset.")
    factors = [
        float(check_scalar(f, "unit_factors", "lasso_standardize_tables", low=0.0))
        for f in unit_factors
    ]
    train, test = random_split(data.n_samples, test_fraction, split_seed)
    names = list(data.feature_names)
    d = len(names)
    scales = unit_scales(d, log10_scale)
    X_all = data.X * scales
    X, y, Z, target = X_all[train], data.y[train], X_all[test], data.y[test]
    settings = {
        "n_splits": n_splits,
        "cv_seed": cv_seed,
        "n_alphas": n_alphas,
        "eps": eps,
        "tol": tol,
    }

    def both(X: np.ndarray, Z: np.ndarray) -> dict[str, LassoFit]:
        return {
            v: fit_lasso(X, y, Z, target, standardize=v == "standardized", **settings)
            for v in VARIANTS
        }

    fits = both(X, Z)
    summary = {
        "n_train": len(train),
        "n_test": len(test),
        "d": d,
        "n_splits": n_splits,
        "n_alphas": n_alphas,
        "log10_scale": float(log10_scale),
        "features": "+".join(names),
        "scales": " ".join(f"{c:.3g}" for c in scales),
        "y_train_var": float(y.var()),
    }
    path, unit_rows = [], []
    for v, fit in fits.items():
        summary |= {
            f"{v}_alpha": float(fit.alphas[fit.chosen]),
            f"{v}_alpha_ratio": float(fit.alphas[fit.chosen] / fit.alphas[0]),
            f"{v}_selected": _names(names, fit.selected),
            f"{v}_n_selected": int(fit.selected.size),
            f"{v}_test_mse": float(fit.errors[:, fit.chosen].mean()),
        }
        path.append(
            pd.DataFrame(
                {
                    "variant": v,
                    "step": np.arange(fit.alphas.size),
                    "alpha": fit.alphas,
                    "alpha_ratio": fit.alphas / fit.alphas[0],
                    "cv_mse": fit.cv_mse,
                    "test_mse": fit.errors.mean(axis=0),
                    "n_nonzero": np.count_nonzero(fit.coefs, axis=0),
                    "chosen": np.arange(fit.alphas.size) == fit.chosen,
                }
            )
        )
    changes = [("(none)", -1, 1.0)] + [
        (names[j], j, f) for j in range(d) for f in factors
    ]
    for feature, j, f in changes:
        if j < 0:
            changed = fits
        else:
            unit = np.ones(d)
            unit[j] = f
            changed = both(X * unit, Z * unit)
        for v, fit in changed.items():
            unit_rows.append(
                {
                    "variant": v,
                    "feature": feature,
                    "factor": f,
                    "selected": _names(names, fit.selected),
                    "n_selected": int(fit.selected.size),
                    "alpha_ratio": float(fit.alphas[fit.chosen] / fit.alphas[0]),
                    "test_mse": float(fit.errors[:, fit.chosen].mean()),
                }
            )
    std = fits["standardized"]
    k, n = std.alphas.size, len(test)
    grid_losses = pd.DataFrame(
        {
            "step": np.repeat(np.arange(k), n),
            "point": np.tile(np.arange(n), k),
            "loss": std.errors.T.ravel(),
        }
    )
    losses = pd.DataFrame(
        {
            "point": np.arange(n),
            "raw": fits["raw"].errors[:, fits["raw"].chosen],
            "standardized": std.errors[:, std.chosen],
        }
    )
    return (
        pd.DataFrame([summary]),
        pd.concat(path, ignore_index=True),
        losses,
        grid_losses,
        pd.DataFrame(unit_rows),
    )
