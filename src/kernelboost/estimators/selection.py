"""Subset selection, ridge regression and the Lasso (Shewchuk, Lecture 14.2–14.3).

All models are linear regressions with an unpenalized intercept,
ŷ = b + ⟨w, x⟩. Centering X and y removes b from every problem
(x̄ and ȳ are the column means; b = ȳ − ⟨w, x̄⟩ afterwards), so the solvers
below work on X_c = X − 1x̄ᵀ and y_c = y − ȳ.

Subset selection scores a feature subset S by the K-fold cross-validated mean
squared error of least squares on the features in S (with intercept), on
folds from :func:`kernelboost.model_selection.kfold_indices` (``stratify=False``):

- best subset tries all 2^d − 1 non-empty subsets;
- forward stepwise starts from the empty model and adds, at each step, the
  feature whose addition gives the smallest CV error: d + (d − 1) + … models;
- backward stepwise starts from all d features and removes, at each step, the
  feature whose removal gives the smallest CV error, or the one of smallest
  |z-score|, z_i = w_i / (σ̂ √v_i).

Ridge minimizes ‖y − Xw − b‖² + λ‖w‖² (the scaling of scikit-learn's
``Ridge(alpha=λ)``). The Lasso minimizes ½m⁻¹‖y − Xw − b‖² + λ‖w‖₁ (the
scaling of scikit-learn's ``Lasso(alpha=λ)`` and ``lasso_path``), by cyclic
coordinate descent.
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from scipy.linalg.blas import daxpy as _daxpy

from ..core.base import BaseEstimator, Interval, RegressorMixin
from ..core.exceptions import ConvergenceWarning
from ..core.validation import check_scalar, check_X_y
from .model_selection import _kfold

#: Largest d for :func:`best_subset` (2^d − 1 models, each fitted K times).
MAX_BEST_SUBSET_FEATURES = 20


# --- least squares and z-scores -----------------------------------------------


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


# --- cross-validated scoring of feature subsets -------------------------------


class _SubsetScorer:
    """K-fold CV mean squared error of least squares on a feature subset.

    The folds are drawn once, so every subset is scored on the same split.
    """

    def __init__(
        self, X: np.ndarray, y: np.ndarray, n_splits: int, seed: object, owner: str
    ) -> None:
        self.folds = []
        for train, test in _kfold(y, n_splits, seed, False, owner):
            x_mean = X[train].mean(axis=0)
            y_mean = float(y[train].mean())
            self.folds.append(
                (
                    X[train] - x_mean,
                    y[train] - y_mean,
                    X[test] - x_mean,
                    y[test] - y_mean,
                )
            )
        self.n_models = 0

    def __call__(self, subset: Sequence[int]) -> float:
        self.n_models += 1
        cols = list(subset)
        errors = []
        for Xtr, ytr, Xte, yte in self.folds:
            coef = np.linalg.lstsq(Xtr[:, cols], ytr, rcond=None)[0]
            errors.append(float(np.mean((yte - Xte[:, cols] @ coef) ** 2)))
        return float(np.mean(errors))

    def null(self) -> float:
        """CV error of the null model, which predicts the training mean (not
        counted in ``n_models``)."""
        return float(np.mean([np.mean(yte**2) for _, _, _, yte in self.folds]))


@dataclass(frozen=True)
class SelectionResult:
    """Result of :func:`best_subset`, :func:`forward_stepwise` and
    :func:`backward_stepwise`.

    Attributes
    ----------
    path : pandas.DataFrame
        One row per model size visited (best subset: the best model of each
        size; stepwise: the model after each step), with at least the columns
        ``size``, ``features`` (tuple of 0-based column indices, sorted),
        ``cv_mse`` and ``n_models`` (models trained up to and including this
        row).
    models : pandas.DataFrame
        Every model trained, in order: ``step`` (0 for best subset),
        ``size``, ``features``, ``cv_mse``.
    n_models : int
        Models trained (each scored by K-fold CV, i.e. fitted K times).
    best_features : tuple of int
        The model of smallest CV error on ``path`` (ties: the smaller model,
        then the earlier one); ``()`` for the null model when forward
        stepwise stopped before adding a feature.
    best_cv_mse : float
    null_cv_mse : float
        Forward stepwise: the CV error of the null model (the training mean,
        no feature), where the path starts. NaN otherwise.
    stop_step : int or None
        Forward stepwise with ``early_stop``: the step whose best model had a
        larger CV error than the model before it, where the search stopped
        (its models were trained; its feature was not added). ``None`` if the
        error never rose, or without ``early_stop``.
    """

    path: pd.DataFrame
    models: pd.DataFrame
    n_models: int
    best_features: tuple[int, ...]
    best_cv_mse: float
    null_cv_mse: float = math.nan
    stop_step: int | None = None


def _result(
    path: list[dict],
    models: list[dict],
    null_cv_mse: float = math.nan,
    stop_step: int | None = None,
) -> SelectionResult:
    path_frame = pd.DataFrame(path)
    models_frame = pd.DataFrame(models, columns=["step", "size", "features", "cv_mse"])
    if path_frame.empty:  # stopped before the first feature: the null model
        features, cv = (), null_cv_mse
    else:
        order = path_frame.sort_values(["cv_mse", "size"], kind="stable").index
        best = path_frame.loc[order[0]]
        features, cv = tuple(best["features"]), float(best["cv_mse"])
    return SelectionResult(
        path=path_frame,
        models=models_frame,
        n_models=len(models),
        best_features=features,
        best_cv_mse=cv,
        null_cv_mse=null_cv_mse,
        stop_step=stop_step,
    )


def best_subset(
    X: object, y: object, n_splits: int = 5, seed: int | np.random.Generator = 0
) -> SelectionResult:
    """Best subset selection: every non-empty subset of the d features.

    Trains 2^d − 1 models (C(d, s) of each size s), each scored by the K-fold
    CV mean squared error of least squares with intercept.

    Parameters
    ----------
    X : array-like of shape (m, d)
        d ≤ 20.
    y : array-like of shape (m,)
    n_splits : int, default=5
        K (2 ≤ K ≤ m).
    seed : int or Generator, default=0
        Seeds the folds.

    Returns
    -------
    SelectionResult
        ``path`` has one row per size s = 1..d: the subset of size s of
        smallest CV error (ties: the first in ``itertools.combinations``
        order), with ``n_models`` = C(d, 1) + … + C(d, s). ``models`` lists
        all 2^d − 1 subsets.
    """
    X, y = check_X_y(X, y)
    d = X.shape[1]
    check_scalar(
        d,
        "n_features",
        "best_subset",
        kind="int",
        low=1,
        high=MAX_BEST_SUBSET_FEATURES,
        closed="both",
    )
    score = _SubsetScorer(X, y, n_splits, seed, "best_subset")
    models: list[dict] = []
    path: list[dict] = []
    for size in range(1, d + 1):
        best: tuple[float, tuple[int, ...]] | None = None
        for subset in itertools.combinations(range(d), size):
            mse = score(subset)
            models.append({"step": 0, "size": size, "features": subset, "cv_mse": mse})
            if best is None or mse < best[0]:
                best = (mse, subset)
        assert best is not None
        path.append(
            {
                "size": size,
                "features": best[1],
                "cv_mse": best[0],
                "n_models": score.n_models,
            }
        )
    return _result(path, models)


def forward_model_count(d: int, steps: int | None = None) -> int:
    """Models trained by forward stepwise selection over d features.

    Step s (s = 1..k) tries the d − s + 1 features not yet chosen, so k steps
    train Σ_{s=1}^{k} (d − s + 1) = k·d − k(k − 1)/2 models; the full path
    (k = d) trains d + (d − 1) + … + 1 = d(d + 1)/2 — O(d²), not 2^d − 1.
    """
    k = d if steps is None else steps
    return k * d - k * (k - 1) // 2


def backward_model_count(
    d: int,
    min_features: int = 1,
    criterion: Literal["cv", "zscore"] = "cv",
) -> int:
    """Models trained by backward stepwise selection over d features.

    Both criteria first train the full model. With ``"cv"`` the step from
    s features to s − 1 tries the s removals, so going down to k features
    trains 1 + Σ_{s=k+1}^{d} s = 1 + (d(d + 1) − k(k + 1))/2 models, which
    is d(d + 1)/2 for k = 1. With ``"zscore"`` each step trains only the
    model left after removing the feature of smallest |z|: 1 + (d − k)
    models, d for k = 1.
    """
    k = min_features
    if criterion == "zscore":
        return 1 + (d - k)
    return 1 + (d * (d + 1) - k * (k + 1)) // 2


def forward_stepwise(
    X: object,
    y: object,
    n_splits: int = 5,
    seed: int | np.random.Generator = 0,
    *,
    max_features: int | None = None,
    early_stop: bool = False,
) -> SelectionResult:
    """Forward stepwise selection scored by K-fold cross-validation.

    Start from the null model (no feature: it predicts the training mean);
    at each step try adding every feature not yet chosen and keep the one
    whose model has the smallest CV mean squared error (ties: the lowest
    feature index). Run to ``max_features`` features (all d by default);
    ``best_features`` is the model of smallest CV error on the path.

    With ``early_stop``, the lecture's rule (Shewchuk, Lecture 14, §14.2):
    "repeatedly add best feature until test errors start increasing (due to
    overfitting) instead of decreasing". At step s the best candidate's CV
    error E_s is compared with the error E_{s−1} of the current model (E_0
    the null model's); at the first s with E_s > E_{s−1} the search stops,
    keeps the s − 1 features it had, and records ``stop_step = s``. No
    patience: one rise stops it. The models of step s have been trained, so
    stopping at step s trains ``forward_model_count(d, s)`` models.

    Number of models trained (see :func:`forward_model_count`)::

        k steps: d + (d − 1) + … + (d − k + 1) = k·d − k(k − 1)/2,
        full path (k = d): d(d + 1)/2.

    The null model's CV error is computed on the same folds and not counted.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    n_splits : int, default=5
    seed : int or Generator, default=0
    max_features : int or None, default=None
        k, the number of steps (1 ≤ k ≤ d); ``None`` means d.
    early_stop : bool, default=False
        Stop at the first step whose CV error exceeds the previous model's.

    Returns
    -------
    SelectionResult
        ``path`` has one row per feature added with the extra columns
        ``step`` and ``added`` (the feature added); with ``early_stop`` it
        ends at the model kept, and ``models`` also lists the models of the
        step that stopped the search.
    """
    X, y = check_X_y(X, y)
    d = X.shape[1]
    k = d if max_features is None else max_features
    k = int(
        check_scalar(
            k,
            "max_features",
            "forward_stepwise",
            kind="int",
            low=1,
            high=d,
            closed="both",
        )
    )
    score = _SubsetScorer(X, y, n_splits, seed, "forward_stepwise")
    null = score.null()
    previous = null
    stop_step = None
    chosen: list[int] = []
    models: list[dict] = []
    path: list[dict] = []
    for step in range(1, k + 1):
        best: tuple[float, int] | None = None
        for j in range(d):
            if j in chosen:
                continue
            subset = tuple(sorted([*chosen, j]))
            mse = score(subset)
            models.append(
                {"step": step, "size": step, "features": subset, "cv_mse": mse}
            )
            if best is None or mse < best[0]:
                best = (mse, j)
        assert best is not None
        if early_stop and best[0] > previous:
            stop_step = step
            break
        previous = best[0]
        chosen.append(best[1])
        path.append(
            {
                "step": step,
                "size": step,
                "features": tuple(sorted(chosen)),
                "added": best[1],
                "cv_mse": best[0],
                "n_models": score.n_models,
            }
        )
    return _result(path, models, null, stop_step)


def backward_stepwise(
    X: object,
    y: object,
    n_splits: int = 5,
    seed: int | np.random.Generator = 0,
    *,
    criterion: Literal["cv", "zscore"] = "cv",
    min_features: int = 1,
) -> SelectionResult:
    """Backward stepwise selection, by cross-validation or by z-scores.

    Start from all d features. At each step remove one feature:

    - ``criterion="cv"``: try every removal and keep the model of smallest
      K-fold CV mean squared error (ties: the lowest feature index);
    - ``criterion="zscore"``: fit least squares on all the data and remove
      the feature of smallest |z_i|, z_i = w_i / (σ̂ √v_i) (see
      :func:`z_scores`; ties: the lowest index); only that one model is
      then trained (and scored by CV for the path).

    Number of models trained (see :func:`backward_model_count`), down to
    k = ``min_features`` features::

        "cv":     1 + d + (d − 1) + … + (k + 1) = 1 + (d(d + 1) − k(k + 1))/2,
        "zscore": 1 + (d − k).

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    n_splits : int, default=5
    seed : int or Generator, default=0
    criterion : {"cv", "zscore"}, default="cv"
    min_features : int, default=1
        k, the size at which to stop (1 ≤ k ≤ d).

    Returns
    -------
    SelectionResult
        ``path`` has one row per model, from d features down to k, with the
        extra columns ``step``, ``removed`` (the feature removed to reach this
        model; −1 for the full model), ``z_removed`` (its z-score in the
        model it was removed from) and ``argmin_abs_z`` (the feature of
        smallest |z| in that model, so S4 "the removed feature has the
        smallest |z|" is ``removed == argmin_abs_z``). z-scores need
        m > s + 1 for a model of s features; where they are undefined these
        columns hold NaN and −1 (``criterion="zscore"`` raises instead).
    """
    if criterion not in ("cv", "zscore"):
        raise ValueError(
            "The 'criterion' parameter of backward_stepwise must be one of "
            f"('cv', 'zscore'). Got {criterion!r}."
        )
    X, y = check_X_y(X, y)
    d = X.shape[1]
    k = int(
        check_scalar(
            min_features,
            "min_features",
            "backward_stepwise",
            kind="int",
            low=1,
            high=d,
            closed="both",
        )
    )
    score = _SubsetScorer(X, y, n_splits, seed, "backward_stepwise")
    current = list(range(d))
    mse = score(tuple(current))
    models = [{"step": 0, "size": d, "features": tuple(current), "cv_mse": mse}]
    path = [
        {
            "step": 0,
            "size": d,
            "features": tuple(current),
            "removed": -1,
            "z_removed": math.nan,
            "argmin_abs_z": -1,
            "cv_mse": mse,
            "n_models": score.n_models,
        }
    ]
    for step in range(1, d - k + 1):
        try:
            z = _z_scores(X[:, current], y, "backward_stepwise")
            z_ok = np.isfinite(z).all()
        except ValueError:
            if criterion == "zscore":
                raise
            z, z_ok = np.full(len(current), math.nan), False
        argmin_z = current[int(np.argmin(np.abs(z)))] if z_ok else -1
        if criterion == "zscore":
            if not z_ok:
                raise ValueError(
                    "backward_stepwise: z-scores are not finite for features "
                    f"{current}; use criterion='cv'."
                )
            removed = argmin_z
            remaining = tuple(j for j in current if j != removed)
            best_mse = score(remaining)
            models.append(
                {
                    "step": step,
                    "size": len(remaining),
                    "features": remaining,
                    "cv_mse": best_mse,
                }
            )
        else:
            best: tuple[float, int] | None = None
            for j in current:
                remaining = tuple(c for c in current if c != j)
                mse = score(remaining)
                models.append(
                    {
                        "step": step,
                        "size": len(remaining),
                        "features": remaining,
                        "cv_mse": mse,
                    }
                )
                if best is None or mse < best[0]:
                    best = (mse, j)
            assert best is not None
            best_mse, removed = best
        z_removed = float(z[current.index(removed)])
        current.remove(removed)
        path.append(
            {
                "step": step,
                "size": len(current),
                "features": tuple(current),
                "removed": removed,
                "z_removed": z_removed,
                "argmin_abs_z": argmin_z,
                "cv_mse": best_mse,
                "n_models": score.n_models,
            }
        )
    return _result(path, models)


# --- ridge --------------------------------------------------------------------


def _check_lams(lams: object, owner: str, name: str = "lam") -> np.ndarray:
    values = np.atleast_1d(np.asarray(lams, dtype=np.float64))
    if values.ndim != 1 or values.size == 0:
        raise ValueError(f"{owner}: {name} must be a number or a 1-D list of numbers.")
    for v in values:
        check_scalar(float(v), name, owner, low=0.0, closed="left")
    return values


def ridge_path(X: object, y: object, lams: object) -> np.ndarray:
    """Ridge weights for several λ: minimize ‖y − Xw − b‖² + λ‖w‖² (b free).

    With the SVD X_c = U diag(s) Vᵀ, w(λ) = V diag(s / (s² + λ)) Uᵀ y_c; at
    λ = 0 directions with s ≈ 0 get weight 0 (the minimum-norm least-squares
    solution). The intercepts are b(λ) = ȳ − ⟨w(λ), x̄⟩.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    lams : float or sequence of float ≥ 0

    Returns
    -------
    coefs : ndarray of shape (d, n_lams)
    """
    X, y = check_X_y(X, y)
    lams = _check_lams(lams, "ridge_path")
    Xc = X - X.mean(axis=0)
    U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    uy = U.T @ (y - y.mean())
    cutoff = s.max(initial=0.0) * max(X.shape) * np.finfo(float).eps
    big = s > cutoff
    factors = np.zeros((s.size, lams.size))
    factors[big] = s[big, None] / (s[big, None] ** 2 + lams[None, :])
    return Vt.T @ (factors * uy[:, None])


def ridge(X: object, y: object, lam: float) -> tuple[np.ndarray, float]:
    """Ridge regression with an unpenalized intercept.

    Minimizes ‖y − Xw − b‖² + λ‖w‖² (Shewchuk, Lecture 14; scikit-learn's
    ``Ridge(alpha=λ)`` minimizes the same sum, without a 1/m factor):
    w = (X_cᵀX_c + λI)⁻¹ X_cᵀ y_c, b = ȳ − ⟨w, x̄⟩.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    lam : float ≥ 0
        λ; 0 gives (minimum-norm) least squares.

    Returns
    -------
    coef : ndarray of shape (d,)
    intercept : float
    """
    check_scalar(lam, "lam", "ridge", low=0.0, closed="left")
    X, y = check_X_y(X, y)
    coef = ridge_path(X, y, [float(lam)])[:, 0]
    return coef, float(y.mean() - X.mean(axis=0) @ coef)


class Ridge(RegressorMixin, BaseEstimator):
    """Ridge regression as an estimator (see :func:`ridge`).

    Parameters
    ----------
    lam : float ≥ 0, default=1.0
        λ in ‖y − Xw − b‖² + λ‖w‖² (scikit-learn's ``Ridge(alpha=λ)``).

    Attributes
    ----------
    coef_ : ndarray of shape (d,)
    intercept_ : float
    n_features_in_ : int
    """

    _parameter_constraints = {"lam": [Interval("float", 0.0, None, closed="left")]}
    _fitted_attribute = "coef_"

    def __init__(self, *, lam: float = 1.0) -> None:
        self.lam = lam

    def fit(self, X: object, y: object) -> Ridge:
        """Solve the ridge problem on (X, y); return self."""
        self._validate_params()
        X, y = self._validate_data(X, y)
        self.coef_, self.intercept_ = ridge(X, y, self.lam)
        return self

    def predict(self, X: object) -> np.ndarray:
        """b + ⟨w, x⟩ for every row of X."""
        return self._check_X(X) @ self.coef_ + self.intercept_


# --- Lasso --------------------------------------------------------------------


def lasso_alpha_max(X: object, y: object) -> float:
    """α_max = max_j |X_cᵀ y_c|_j / m, the smallest λ at which w = 0 is optimal.

    The subgradient condition of ½m⁻¹‖y_c − X_c w‖² + λ‖w‖₁ at w = 0 is
    |X_cᵀ y_c|_j / m ≤ λ for every j.
    """
    X, y = check_X_y(X, y)
    Xc = X - X.mean(axis=0)
    return float(np.max(np.abs(Xc.T @ (y - y.mean())))) / X.shape[0]


def _alpha_grid(alpha_max: float, n_alphas: int, eps: float) -> np.ndarray:
    if alpha_max <= np.finfo(float).resolution:
        return np.full(n_alphas, np.finfo(float).resolution)
    return np.geomspace(alpha_max, alpha_max * eps, num=n_alphas)


def _duality_gap(
    w: np.ndarray, q: np.ndarray, c: np.ndarray, ynorm2: float, lam: float
) -> float:
    """Duality gap of P(w) = ½m⁻¹‖r‖² + λ‖w‖₁ from q = X_cᵀr/m and c = X_cᵀy_c/m.

    ‖r‖²/m = ‖y_c‖²/m − ⟨w, c⟩ − ⟨w, q⟩; the dual point θ = s·r/m with
    s = min(1, λ/‖q‖∞) is feasible (‖X_cᵀθ‖∞ ≤ λ) and
    gap = ½‖r‖²/m (1 + s²) + λ‖w‖₁ − s·⟨r, y_c⟩/m (scikit-learn's formula
    divided by m).
    """
    r2 = max(ynorm2 - float(w @ c) - float(w @ q), 0.0)
    qmax = float(np.max(np.abs(q))) if q.size else 0.0
    s = lam / qmax if qmax > lam else 1.0
    ry = ynorm2 - float(w @ c)
    return 0.5 * r2 * (1.0 + s * s) + lam * float(np.abs(w).sum()) - s * ry


def lasso_path(
    X: object,
    y: object,
    alphas: object | None = None,
    *,
    n_alphas: int = 100,
    eps: float = 1e-3,
    tol: float = 1e-4,
    max_iter: int = 1000,
    return_intercept: bool = False,
) -> tuple[np.ndarray, np.ndarray] | tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lasso path by cyclic coordinate descent with warm starts.

    For each λ of a decreasing grid, minimizes

        P(w) = ½m⁻¹ ‖y_c − X_c w‖² + λ‖w‖₁

    (X and y centered, so the intercept b = ȳ − ⟨w, x̄⟩ is unpenalized; the
    scaling of scikit-learn's ``lasso_path``, so λ here is its ``alpha``),
    starting from the solution at the previous λ.

    Coordinate descent works on the Gram matrix H = X_cᵀX_c / m and keeps
    the residual correlations q = X_cᵀ(y_c − X_c w)/m = c − Hw, with
    c = X_cᵀy_c/m ("covariance updates"): the exact minimizer along w_j is

        w_j ← S(w_j + q_j / H_jj, λ / H_jj),   S(u, t) = sign(u) max(|u| − t, 0),

    and a change δ of w_j updates q ← q − δ H[:, j]. Sweeps run over the
    active set (non-zero weights and features violating |q_j| ≤ λ); when a
    sweep's largest change is below ``tol`` times the largest weight, the
    KKT conditions |q_j| ≤ λ of the other features are checked (violators
    join the active set) and the duality gap is computed (see
    :func:`_duality_gap`). A λ is done when

        gap ≤ tol · ‖y_c‖² / m

    (scikit-learn's criterion). When a sweep leaves the support and signs s
    of w unchanged, the point they determine, w_A = H_AA⁻¹(c_A − λ s_A) on the
    support A, is tried and accepted if its signs are s_A, |q_j| ≤ λ holds
    off A and its gap meets the criterion: then it is the exact minimizer.
    This ends the sweeps early where coordinate descent creeps (correlated
    features, m ≈ d); the stopping rule is unchanged.

    The grid runs from α_max = ‖X_cᵀy_c‖∞ / m,
    where w = 0, down to eps·α_max, evenly spaced in log scale.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    alphas : sequence of float > 0, optional
        The λ values (sorted into decreasing order). Default: ``n_alphas``
        values from α_max down to ``eps``·α_max.
    n_alphas : int, default=100
    eps : float in (0, 1), default=1e-3
    tol : float > 0, default=1e-4
    max_iter : int, default=1000
        Cap on sweeps per λ; reaching it raises a
        :class:`~kernelboost.exceptions.ConvergenceWarning`.
    return_intercept : bool, default=False

    Returns
    -------
    alphas : ndarray of shape (n_alphas,)
        Decreasing.
    coefs : ndarray of shape (d, n_alphas)
        coefs[:, k] is the minimizer at alphas[k].
    intercepts : ndarray of shape (n_alphas,)
        Only with ``return_intercept=True``.

    References
    ----------
    J. Friedman, T. Hastie and R. Tibshirani, "Regularization paths for
    generalized linear models via coordinate descent", J. Stat. Softw. 33(1),
    2010.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0]])
    >>> alphas, coefs = lasso_path(X, [0.0, 1.0, 2.0, 3.0], n_alphas=3)
    >>> coefs.shape, bool(np.all(coefs[:, 0] == 0))
    ((2, 3), True)
    """
    X, y = check_X_y(X, y)
    n_alphas = int(
        check_scalar(
            n_alphas, "n_alphas", "lasso_path", kind="int", low=1, closed="left"
        )
    )
    eps = float(check_scalar(eps, "eps", "lasso_path", low=0.0, high=1.0))
    tol = float(check_scalar(tol, "tol", "lasso_path", low=0.0))
    max_iter = int(
        check_scalar(
            max_iter, "max_iter", "lasso_path", kind="int", low=1, closed="left"
        )
    )
    m, d = X.shape
    x_mean, y_mean = X.mean(axis=0), float(y.mean())
    Xc = X - x_mean
    yc = y - y_mean
    H = (Xc.T @ Xc) / m
    c = (Xc.T @ yc) / m
    ynorm2 = float(yc @ yc) / m
    if alphas is None:
        grid = _alpha_grid(float(np.max(np.abs(c))), n_alphas, eps)
    else:
        grid = np.asarray(alphas, dtype=np.float64).ravel()
        if grid.size == 0:
            raise ValueError("lasso_path: alphas is empty.")
        for a in grid:
            check_scalar(float(a), "alphas", "lasso_path", low=0.0)
        grid = np.sort(grid)[::-1]
    coefs = np.zeros((d, grid.size))
    w = np.zeros(d)
    q = c.copy()
    threshold = tol * ynorm2
    rows = list(H)
    h_diag = np.diagonal(H).tolist()
    not_converged = []
    for k, lam in enumerate(grid):
        converged = _lasso_cd(
            H, rows, h_diag, c, ynorm2, float(lam), w, q, tol, threshold, max_iter
        )
        if not converged:
            not_converged.append(float(lam))
        coefs[:, k] = w
    if not_converged:
        warnings.warn(
            f"lasso_path: {len(not_converged)} of {grid.size} alphas reached "
            f"max_iter={max_iter} sweeps before the duality gap fell below "
            f"tol·‖y_c‖²/m = {threshold:.3g} (first: alpha={not_converged[0]:.4g}).",
            ConvergenceWarning,
            stacklevel=2,
        )
    if return_intercept:
        return grid, coefs, y_mean - x_mean @ coefs
    return grid, coefs


def _lasso_cd(
    H: np.ndarray,
    rows: list[np.ndarray],
    h_diag: list[float],
    c: np.ndarray,
    ynorm2: float,
    lam: float,
    w: np.ndarray,
    q: np.ndarray,
    tol: float,
    threshold: float,
    max_iter: int,
) -> bool:
    """Coordinate descent at one λ from the warm start (w, q); updates both in place.

    ``rows[j]`` is H[j] (= H[:, j], H symmetric) and ``h_diag[j]`` is H_jj. The
    update q ← q − δ H[:, j] is one BLAS ``daxpy`` in place.

    Whenever a sweep leaves the support and the signs s of w unchanged, the
    point those signs determine is tried: on the support A the optimality
    conditions q_A = λ s_A are linear, w_A = H_AA⁻¹ (c_A − λ s_A). It is
    accepted only if its duality gap meets the same criterion, so it can
    only end the sweeps early (on ill-conditioned problems, where coordinate
    descent creeps), never change what counts as converged.
    """
    wl = w.tolist()
    active = set(np.flatnonzero(w).tolist())
    active.update(np.flatnonzero(np.abs(q) > lam).tolist())
    tried: set[tuple[tuple[int, ...], tuple[bool, ...]]] = set()
    for _ in range(max_iter):
        max_change = 0.0
        max_w = 0.0
        support_changed = False
        for j in sorted(active):
            hjj = h_diag[j]
            if hjj <= 0.0:  # a constant feature: its weight stays 0
                continue
            old = wl[j]
            u = old + float(q[j]) / hjj
            t = lam / hjj
            new = u - t if u > t else (u + t if u < -t else 0.0)
            if new != old:
                delta = new - old
                wl[j] = new
                _axpy(rows[j], q, a=-delta)
                if abs(delta) > max_change:
                    max_change = abs(delta)
                if (old > 0.0) != (new > 0.0) or (old < 0.0) != (new < 0.0):
                    support_changed = True
            if abs(new) > max_w:
                max_w = abs(new)
        if max_w == 0.0 or max_change <= tol * max_w:
            w[:] = wl
            grown = [
                j for j in np.flatnonzero(np.abs(q) > lam).tolist() if j not in active
            ]
            if grown:  # KKT violated outside the active set
                active.update(grown)
                continue
            if _duality_gap(w, q, c, ynorm2, lam) <= threshold:
                return True
        if not support_changed and max_w > 0.0:
            support = [j for j in sorted(active) if wl[j] != 0.0]
            key = (tuple(support), tuple(wl[j] > 0.0 for j in support))
            if key not in tried:
                tried.add(key)
                signs = np.where(np.array(key[1]), 1.0, -1.0)
                if _lasso_on_support(
                    H, c, ynorm2, lam, support, signs, w, q, threshold
                ):
                    return True
    w[:] = wl
    return False


def _lasso_on_support(
    H: np.ndarray,
    c: np.ndarray,
    ynorm2: float,
    lam: float,
    support: list[int],
    signs: np.ndarray,
    w: np.ndarray,
    q: np.ndarray,
    threshold: float,
) -> bool:
    """Try w_A = H_AA⁻¹(c_A − λ s_A), 0 elsewhere; on success store it in (w, q).

    Succeeds when the signs of w_A are s_A, |q_j| ≤ λ off the support (then
    the point is the exact minimizer) and its duality gap is at most
    ``threshold`` (a check against rounding).
    """
    idx = np.array(support)
    try:
        w_support = np.linalg.solve(H[np.ix_(idx, idx)], c[idx] - lam * signs)
    except np.linalg.LinAlgError:
        return False
    if not np.all(np.isfinite(w_support)) or np.any(np.sign(w_support) != signs):
        return False
    candidate = np.zeros_like(w)
    candidate[idx] = w_support
    q_candidate = c - np.einsum("jk,k->j", H[:, idx], w_support)  # no BLAS threads
    outside = np.ones(w.shape[0], dtype=bool)
    outside[idx] = False
    slack = 1e-12 * max(lam, float(np.max(np.abs(c))))
    if np.any(np.abs(q_candidate[outside]) > lam + slack):
        return False  # another feature should be in the support
    if _duality_gap(candidate, q_candidate, c, ynorm2, lam) > threshold:
        return False
    w[:] = candidate
    q[:] = q_candidate
    return True


def _axpy(x: np.ndarray, y: np.ndarray, a: float) -> None:
    """y ← y + a·x in place (BLAS daxpy; y must be contiguous float64)."""
    out = _daxpy(x, y, a=a)
    if out is not y:  # pragma: no cover - f2py copies only non-contiguous input
        y[:] = out


class Lasso(RegressorMixin, BaseEstimator):
    """The Lasso as an estimator: one λ of :func:`lasso_path`.

    Parameters
    ----------
    lam : float > 0, default=1.0
        λ in ½m⁻¹‖y − Xw − b‖² + λ‖w‖₁ (scikit-learn's ``Lasso(alpha=λ)``;
        :func:`lasso_path` keeps scikit-learn's name ``alphas`` for its grid).
    tol : float > 0, default=1e-4
    max_iter : int ≥ 1, default=1000

    Attributes
    ----------
    coef_ : ndarray of shape (d,)
    intercept_ : float
    n_features_in_ : int
    """

    _parameter_constraints = {
        "lam": [Interval("float", 0.0, None)],
        "tol": [Interval("float", 0.0, None)],
        "max_iter": [Interval("int", 1, None, closed="left")],
    }
    _fitted_attribute = "coef_"

    def __init__(
        self, *, lam: float = 1.0, tol: float = 1e-4, max_iter: int = 1000
    ) -> None:
        self.lam = lam
        self.tol = tol
        self.max_iter = max_iter

    def fit(self, X: object, y: object) -> Lasso:
        """Solve the Lasso at λ = ``lam`` on (X, y); return self."""
        self._validate_params()
        X, y = self._validate_data(X, y)
        _, coefs, intercepts = lasso_path(
            X,
            y,
            [self.lam],
            tol=self.tol,
            max_iter=self.max_iter,
            return_intercept=True,
        )
        self.coef_, self.intercept_ = coefs[:, 0], float(intercepts[0])
        return self

    def predict(self, X: object) -> np.ndarray:
        """b + ⟨w, x⟩ for every row of X."""
        return self._check_X(X) @ self.coef_ + self.intercept_


@dataclass(frozen=True)
class LassoCVResult:
    """Result of :func:`lasso_cv`.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per λ (decreasing): ``alpha``, ``cv_mse`` (mean over folds),
        ``cv_std`` (ddof 0), ``n_nonzero`` (non-zero weights of the fit on all
        data).
    alpha : float
        The λ of smallest CV error (ties: the larger λ, the sparser model).
    coef : ndarray of shape (d,)
        Weights at ``alpha``, fitted on all the data.
    intercept : float
    alphas : ndarray
    coefs : ndarray of shape (d, n_alphas)
        The path on all the data.
    """

    table: pd.DataFrame
    alpha: float
    coef: np.ndarray
    intercept: float
    alphas: np.ndarray
    coefs: np.ndarray


def lasso_cv(
    X: object,
    y: object,
    alphas: object | None = None,
    n_splits: int = 5,
    seed: int | np.random.Generator = 0,
    *,
    n_alphas: int = 100,
    eps: float = 1e-3,
    tol: float = 1e-4,
    max_iter: int = 1000,
) -> LassoCVResult:
    """Choose λ of the Lasso by K-fold cross-validation.

    The grid (default: from α_max of all the data down to eps·α_max) is
    shared by all folds; on each fold the path is computed on the training
    part (with its own centering) and the mean squared error measured on the
    test part. CV(λ) = (1/K) Σ_f MSE_f(λ).

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    alphas : sequence of float > 0, optional
    n_splits : int, default=5
    seed : int or Generator, default=0
        Seeds the folds (:func:`kernelboost.model_selection.kfold_indices`,
        ``stratify=False``).
    n_alphas, eps, tol, max_iter
        As in :func:`lasso_path`.

    Returns
    -------
    LassoCVResult
    """
    X, y = check_X_y(X, y)
    folds = _kfold(y, n_splits, seed, False, "lasso_cv")
    kw = {"n_alphas": n_alphas, "eps": eps, "tol": tol, "max_iter": max_iter}
    grid, coefs, intercepts = lasso_path(X, y, alphas, return_intercept=True, **kw)
    errors = np.empty((len(folds), grid.size))
    for f, (train, test) in enumerate(folds):
        _, fc, fb = lasso_path(X[train], y[train], grid, return_intercept=True, **kw)
        pred = X[test] @ fc + fb
        errors[f] = np.mean((y[test][:, None] - pred) ** 2, axis=0)
    mean = errors.mean(axis=0)
    best = int(np.argmin(mean))  # first minimum: the largest λ
    table = pd.DataFrame(
        {
            "alpha": grid,
            "cv_mse": mean,
            "cv_std": errors.std(axis=0),
            "n_nonzero": np.count_nonzero(coefs, axis=0),
        }
    )
    return LassoCVResult(
        table=table,
        alpha=float(grid[best]),
        coef=coefs[:, best].copy(),
        intercept=float(intercepts[best]),
        alphas=grid,
        coefs=coefs,
    )
