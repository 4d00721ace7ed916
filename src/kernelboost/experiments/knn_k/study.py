"""k-NN claim K14: small k overfits, large k underfits, k = N is the majority."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.knn import KNN, knn_loo
from ...estimators.model_selection import train_test_split
from .._shared.grid import padded_grid, split_points


def knn_tables(
    data: Dataset,
    ks: list[int],
    boundary_ks: list[int],
    test_fraction: float,
    seed: int,
    grid_points: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K14: training and test error of k-NN against k, and decision regions.

    ``ks`` is extended by N, the number of training points.

    Returns
    -------
    errors : DataFrame
        ``k, train_error, test_error, majority_test_error, loo_error, n_train,
        n_test, split_seed, conflicting_duplicates`` where
        ``majority_test_error`` is the error of always predicting the training
        set's majority label, ``loo_error`` the exact leave-one-out error on
        the training set (claim E4; NaN for k = N, which leaves only N − 1
        neighbours) and ``conflicting_duplicates`` the number of training
        points that share their coordinates with a training point of the
        other label (:func:`conflicting_duplicates`).
    regions : DataFrame
        ``k, x1, x2, prediction`` on a grid, for every k of ``boundary_ks``.
    points : DataFrame
        ``x1, x2, label, train`` (True for training points).
    mistakes : DataFrame
        ``k, set, point, wrong``: for every k, whether it gets each test point
        wrong (``set`` "test", ``point`` its index among the test points) and,
        but for k = N, each training point left out (``set`` "loo"). Two
        error rates on the same points are compared pairwise from these.
    """
    train, test = train_test_split(data.y, test_fraction, seed)
    Xtr, ytr, Xte, yte = data.X[train], data.y[train], data.X[test], data.y[test]
    n = len(train)
    conflicting = conflicting_duplicates(Xtr, ytr)
    majority = 1.0 if ytr.sum() > 0 else -1.0  # ties: see KNN's rule
    rows, wrong = [], []
    for k in sorted({int(k) for k in ks if k <= n} | {n}):
        model = KNN(k=k).fit(Xtr, ytr)
        test_wrong = model.predict(Xte) != yte
        wrong.append(_mistakes(k, "test", test_wrong))
        loo_error = np.nan
        if k < n:
            loo_error, loo_wrong = knn_loo(Xtr, ytr, k)
            wrong.append(_mistakes(k, "loo", loo_wrong))
        rows.append(
            {
                "k": k,
                "train_error": float(np.mean(model.predict(Xtr) != ytr)),
                "test_error": float(np.mean(test_wrong)),
                "majority_test_error": float(np.mean(yte != majority)),
                "loo_error": loo_error,
                "n_train": n,
                "n_test": len(test),
                "split_seed": seed,
                "conflicting_duplicates": conflicting,
            }
        )
    grid = padded_grid(data.X, grid_points)
    regions = pd.concat(
        [
            pd.DataFrame(
                {
                    "k": k,
                    "x1": grid[:, 0],
                    "x2": grid[:, 1],
                    "prediction": KNN(k=k).fit(Xtr, ytr).predict(grid).astype(int),
                }
            )
            for k in boundary_ks
            if k <= n
        ],
        ignore_index=True,
    )
    points = split_points(data, train)
    mistakes = pd.concat(wrong, ignore_index=True)
    return pd.DataFrame(rows), regions, points, mistakes


def conflicting_duplicates(X: np.ndarray, y: np.ndarray) -> int:
    """The number of points of ``X`` whose coordinates another point of the
    other label also has.

    1-NN's zero training error assumes distinct points: a point's own copy
    with the other label is at distance 0 too, and the tie may go to it.

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [2.0, 2.0]])
    >>> conflicting_duplicates(X, np.array([1, -1, 1, 1, 1]))
    2
    """
    _, group = np.unique(X, axis=0, return_inverse=True)
    group = group.ravel()
    labels = pd.DataFrame({"group": group, "y": y}).groupby("group")["y"].nunique()
    return int(np.isin(group, labels.index[labels > 1]).sum())


def _mistakes(k: int, where: str, wrong: np.ndarray) -> pd.DataFrame:
    return pd.DataFrame(
        {"k": k, "set": where, "point": np.arange(wrong.size), "wrong": wrong}
    ).astype({"wrong": int})
