"""S3 and S4 (Shewchuk, Lecture 14, §14.2): subset selection.

* **S3**. Best subset selection trains 2^d − 1 models, forward and backward
  stepwise O(d²), and forward stepwise "won't find the best 2-feature model if
  neither of those features yields the best 1-feature model".
  :func:`subset_tables` runs all methods on a dataset and on one built so that
  this happens (the ``forward_trap`` generator of
  :mod:`marginlab.core.datasets`).
* **S4**. Backward elimination by z-scores z_i = w_i / (σ̂ √v_i) removes, at
  each step, the feature of smallest |z_i|; :func:`subset_tables` recomputes
  every step's z-scores independently of the library (:func:`design_z_scores`,
  with an explicit intercept column).

Deterministic: generated data depend only on their seeds, and the
cross-validation folds only on ``seed``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.selection import (
    SelectionResult,
    backward_model_count,
    backward_stepwise,
    best_subset,
    forward_model_count,
    forward_stepwise,
)

#: Selection methods of :func:`subset_tables`, with the formula of the number of
#: models each trains over d features (full path, down to one feature).
METHODS: dict[str, str] = {
    "best_subset": "2^d - 1",
    "forward": "d(d+1)/2",
    "backward_cv": "d(d+1)/2",
    "backward_zscore": "d",
}


def _formula_value(method: str, d: int) -> int:
    """The closed forms of :data:`METHODS`, written out independently of the
    library's :func:`~marginlab.estimators.selection.forward_model_count` and
    :func:`~marginlab.estimators.selection.backward_model_count` (which are
    compared)."""
    return {
        "best_subset": 2**d - 1,
        "forward": d * (d + 1) // 2,
        "backward_cv": d * (d + 1) // 2,
        "backward_zscore": d,
    }[method]


def design_z_scores(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """z_i = w_i / (σ̂ √v_i) from the design A = [1, X] with an intercept column.

    w = (AᵀA)⁻¹Aᵀy, σ̂² = ‖y − Aw‖² / (m − d − 1), v_i the diagonal entry of
    (AᵀA)⁻¹ belonging to feature i (Shewchuk, Lecture 14, §14.2). Written
    independently of :func:`marginlab.z_scores`, which centers X
    instead.

    Parameters
    ----------
    X : ndarray of shape (m, d)
        m > d + 1 and [1, X] of full column rank.
    y : ndarray of shape (m,)

    Returns
    -------
    z : ndarray of shape (d,)
    """
    X = np.asarray(X, dtype=np.float64)
    m, d = X.shape
    A = np.column_stack([np.ones(m), X])
    inverse = np.linalg.inv(A.T @ A)
    w = inverse @ (A.T @ y)
    sigma = math.sqrt(float(np.sum((y - A @ w) ** 2)) / (m - d - 1))
    return w[1:] / (sigma * np.sqrt(np.diagonal(inverse)[1:]))


def _label(names: Sequence[str], features: Sequence[int]) -> str:
    return "+".join(names[j] for j in features)


def _run(
    name: str, role: str, data: Dataset, n_splits: int, seed: int
) -> tuple[list[dict], list[dict], list[dict], list[dict]]:
    """The four methods on one dataset: rows of the four tables of
    :func:`subset_tables` (path, subsets, counts, zscores), in that order."""
    X, y = data.X, data.y
    names = list(data.feature_names)
    d = X.shape[1]
    runs: dict[str, SelectionResult] = {}
    library_counts = {
        "best_subset": 2**d - 1,
        "forward": forward_model_count(d),
        "backward_cv": backward_model_count(d, 1, "cv"),
        "backward_zscore": backward_model_count(d, 1, "zscore"),
    }
    for method, run in (
        ("best_subset", lambda: best_subset(X, y, n_splits, seed)),
        ("forward", lambda: forward_stepwise(X, y, n_splits, seed)),
        ("backward_cv", lambda: backward_stepwise(X, y, n_splits, seed)),
        (
            "backward_zscore",
            lambda: backward_stepwise(X, y, n_splits, seed, criterion="zscore"),
        ),
    ):
        runs[method] = run()

    paths, counts = [], []
    for method, result in runs.items():
        for row in result.path.itertuples(index=False):
            record = row._asdict()
            changed = record.get("added", record.get("removed", -1))
            paths.append(
                {
                    "dataset": name,
                    "method": method,
                    "step": int(record.get("step", record["size"])),
                    "size": int(record["size"]),
                    "features": _label(names, record["features"]),
                    "changed": names[int(changed)] if int(changed) >= 0 else "",
                    "cv_mse": float(record["cv_mse"]),
                    "n_models": int(record["n_models"]),
                    "best": tuple(record["features"]) == result.best_features,
                }
            )
        counts.append(
            {
                "dataset": name,
                "role": role,
                "method": method,
                "n_samples": data.n_samples,
                "d": d,
                "n_models": result.n_models,
                "formula": METHODS[method],
                "formula_value": _formula_value(method, d),
                "library_count": library_counts[method],
                "n_splits": n_splits,
                "seed": seed,
            }
        )
    subsets = [
        {
            "dataset": name,
            "size": int(r.size),
            "features": _label(names, r.features),
            "cv_mse": float(r.cv_mse),
        }
        for r in runs["best_subset"].models.itertuples(index=False)
    ]
    zrows = []
    current = list(range(d))
    for row in runs["backward_zscore"].path.itertuples(index=False):
        if row.step == 0:
            continue
        z = design_z_scores(X[:, current], y)
        for j, value in zip(current, z, strict=True):
            zrows.append(
                {
                    "dataset": name,
                    "step": int(row.step),
                    "size": len(current),
                    "feature": names[j],
                    "z": float(value),
                    "abs_z": float(abs(value)),
                    "removed": j == int(row.removed),
                }
            )
        current.remove(int(row.removed))
    return paths, subsets, counts, zrows


def subset_tables(
    data: Dataset,
    trap: Dataset,
    *,
    n_splits: int = 5,
    seed: int = 0,
    name: str = "diabetes",
    trap_name: str = "forward_trap",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """S3, S4: best subset, forward and backward stepwise on two datasets.

    Runs, on ``data`` and on ``trap`` (data of
    :func:`~marginlab.core.datasets.make_forward_trap`, where forward stepwise
    misses the best pair), the four methods of :data:`METHODS`, each scoring a
    feature subset by the K-fold CV mean squared error of least squares with
    an intercept, on the same folds (``n_splits``, ``seed``):

    - best subset: all 2^d − 1 non-empty subsets;
    - forward stepwise (full path): d + (d − 1) + … + 1 = d(d + 1)/2 models;
    - backward stepwise by CV (down to one feature): the full model, then
      d + (d − 1) + … + 2 removals tried, 1 + d(d + 1)/2 − 1 = d(d + 1)/2;
    - backward stepwise by z-score: the full model and one model per step,
      1 + (d − 1) = d.

    For backward by z-score, the z-scores z_i = w_i / (σ̂ √v_i) of the
    remaining features at every step are recomputed with
    :func:`design_z_scores` (independently of the library's rule).

    Parameters
    ----------
    data : Dataset
        Regression data; d ≤ 20 (best subset trains 2^d − 1 models).
    trap : Dataset
        Regression data built so that forward stepwise misses the best pair
        (:func:`~marginlab.core.datasets.make_forward_trap`).
    n_splits : int, default=5
    seed : int, default=0
        Seeds the folds.
    name : str, default="diabetes"
        Written in the ``dataset`` column for ``data``.
    trap_name : str, default="forward_trap"
        Written in the ``dataset`` column for ``trap``.

    Returns
    -------
    path : DataFrame
        ``dataset, method, step, size, features`` (names joined by "+"),
        ``changed`` (the feature added or removed at that step, "" at the
        start of backward), ``cv_mse``, ``n_models`` (trained so far),
        ``best`` (the path model of smallest CV error). Best subset has one
        row per size: the best model of that size.
    subsets : DataFrame
        ``dataset, size, features, cv_mse``: every model best subset trained.
    counts : DataFrame
        ``dataset``, ``role`` (``"data"`` or ``"trap"``: which argument it
        came from), ``method, n_samples, d, n_models`` (trained),
        ``formula, formula_value, library_count`` (the library's count
        functions), ``n_splits, seed``.
    zscores : DataFrame
        ``dataset, step, size`` (features before the removal), ``feature, z,
        abs_z, removed``: every remaining feature's z-score at each step of
        backward elimination by z-score.
    """
    for argument, dataset in (("data", data), ("trap", trap)):
        if dataset.task != "regression":
            raise ValueError(f"subset_tables: {argument!r} must be regression data.")
    tables: list[list[dict]] = [[], [], [], []]
    for label, role, dataset in ((name, "data", data), (trap_name, "trap", trap)):
        rows = _run(label, role, dataset, n_splits, seed)
        for table, part in zip(tables, rows, strict=True):
            table.extend(part)
    path, subsets, counts, zscores = (pd.DataFrame(rows) for rows in tables)
    return path, subsets, counts, zscores
