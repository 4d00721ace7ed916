"""Subset selection scored by K-fold cross-validation (Shewchuk, Lecture 14.2):
best subset, forward and backward stepwise, and their model counts.

A feature subset S is scored by the K-fold cross-validated mean squared error
of least squares on the features in S (with intercept), on folds from
:func:`marginlab.kfold_indices` (``stratify=False``):

- best subset tries all 2^d − 1 non-empty subsets;
- forward stepwise starts from the empty model and adds, at each step, the
  feature whose addition gives the smallest CV error: d + (d − 1) + … models;
- backward stepwise starts from all d features and removes, at each step, the
  feature whose removal gives the smallest CV error, or the one of smallest
  |z-score|, z_i = w_i / (σ̂ √v_i).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd

from ...core.contract.validation import check_scalar, check_X_y
from ..model_selection import _kfold
from .zscores import _z_scores

#: Largest d for :func:`best_subset` (2^d − 1 models, each fitted K times).
MAX_BEST_SUBSET_FEATURES = 20


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
