"""Claim S5: forward stepwise selection stopped when the validation error rises.

Shewchuk, Lecture 14, §14.2 'Subset Selection': "Start with null model
(0 features); repeatedly add best feature until test errors start increasing
(due to overfitting) instead of decreasing." The "test errors" of the rule
are validation errors: here the K-fold cross-validation error on the training
part, as in :func:`marginlab.forward_stepwise`, whose
``early_stop`` implements the rule. A held-out test part, never seen by the
selection, measures what stopping buys.

"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.model_selection import random_split
from ...estimators.selection import forward_model_count, forward_stepwise


def _fit_predict(
    X: np.ndarray, y: np.ndarray, Z: np.ndarray, cols: list[int]
) -> np.ndarray:
    """Least squares with intercept on the columns ``cols`` of X, predicting Z."""
    x_mean, y_mean = X[:, cols].mean(axis=0), float(y.mean())
    if not cols:
        return np.full(Z.shape[0], y_mean)
    coef = np.linalg.lstsq(X[:, cols] - x_mean, y - y_mean, rcond=None)[0]
    return y_mean + (Z[:, cols] - x_mean) @ coef


def stepwise_stopping_tables(
    data: Dataset,
    *,
    test_fraction: float,
    split_seed: int,
    n_splits: int = 5,
    cv_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """S5: forward stepwise with and without the early stop, and test errors.

    The data are split at random
    (:func:`~marginlab.estimators.model_selection.random_split`). On the training
    part, forward stepwise selection (:func:`~marginlab.forward_stepwise`,
    K-fold CV error of least squares with intercept) is run twice on the same
    folds: along the full path (d steps) and with ``early_stop`` (the lecture's
    rule: stop at the first step whose CV error exceeds the previous model's).
    Every model of the full path, from the null model (size 0, the training
    mean) to all d features, is refitted on the whole training part and
    scored on the test part.

    Parameters
    ----------
    data : Dataset
        Regression data.
    test_fraction : float in (0, 1)
    split_seed : int
        Seeds the split.
    n_splits : int, default=5
        K of the cross-validation on the training part.
    cv_seed : int, default=0
        Seeds the folds.

    Returns
    -------
    curve : DataFrame
        One row per size s = 0..d of the full path: ``size``, ``added`` (the
        feature added at that step, "" for the null model), ``cv_mse``
        (validation), ``test_mse``, ``kept`` (the model the stopped search
        keeps), ``stop`` (the step that stopped it).
    summary : DataFrame
        One row: ``n_train, n_test, d, n_splits``; ``stop_step`` (the step at
        which the CV error first rose; d + 1 if it never did), ``kept_size``,
        ``n_models`` (trained by the stopped search), ``formula_models``
        (``forward_model_count(d, min(stop_step, d))``), ``n_models_full``,
        ``cv_min_size`` (size of smallest CV error on the full path),
        ``test_min_size`` (size of smallest test error on the full path),
        ``test_mse_kept, test_mse_min, test_mse_all`` (all d features),
        ``prefix_agrees`` (the stopped path is the start of the full path).
    losses : DataFrame
        One row per test point: ``point``, the squared errors ``kept``,
        ``best`` (the model of smallest test error on the path) and ``all``.
    """
    if data.task != "regression":
        raise ValueError("stepwise_stopping_tables: needs a regression dataset.")
    train, test = random_split(data.n_samples, test_fraction, split_seed)
    X, y = data.X[train], data.y[train]
    Z, target = data.X[test], data.y[test]
    d = X.shape[1]
    names = list(data.feature_names)
    full = forward_stepwise(X, y, n_splits, cv_seed)
    stopped = forward_stepwise(X, y, n_splits, cv_seed, early_stop=True)
    kept = len(stopped.path)
    stop_step = stopped.stop_step if stopped.stop_step is not None else d + 1
    sets = [()] + [tuple(f) for f in full.path["features"]]
    prefix = [tuple(f) for f in stopped.path["features"]] if kept else []
    agrees = prefix == sets[1 : kept + 1]

    errors = []
    for features in sets:
        prediction = _fit_predict(X, y, Z, list(features))
        errors.append((target - prediction) ** 2)
    test_mse = np.array([float(e.mean()) for e in errors])
    cv = np.concatenate([[full.null_cv_mse], full.path["cv_mse"].to_numpy()])
    added = [""] + [names[int(j)] for j in full.path["added"]]
    best = int(np.argmin(test_mse))
    curve = pd.DataFrame(
        {
            "size": np.arange(d + 1),
            "added": added,
            "cv_mse": cv,
            "test_mse": test_mse,
            "kept": np.arange(d + 1) == kept,
            "stop": np.arange(d + 1) == stop_step,
        }
    )
    summary = pd.DataFrame(
        [
            {
                "n_train": len(train),
                "n_test": len(test),
                "d": d,
                "n_splits": n_splits,
                "stop_step": stop_step,
                "kept_size": kept,
                "n_models": stopped.n_models,
                "formula_models": forward_model_count(d, min(stop_step, d)),
                "n_models_full": full.n_models,
                "cv_min_size": int(np.argmin(cv)),
                "test_min_size": best,
                "test_mse_kept": float(test_mse[kept]),
                "test_mse_min": float(test_mse[best]),
                "test_mse_all": float(test_mse[d]),
                "prefix_agrees": agrees,
            }
        ]
    )
    losses = pd.DataFrame(
        {
            "point": np.arange(len(test)),
            "kept": errors[kept],
            "best": errors[best],
            "all": errors[d],
        }
    )
    return curve, summary, losses
