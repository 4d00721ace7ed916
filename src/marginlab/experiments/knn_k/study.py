"""k-NN claim K14: small k overfits, large k underfits, k = N is the majority."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.knn import KNN, knn_loo
from ...estimators.model_selection import train_test_split
from .._shared.grid import padded_grid, split_points
from .._shared.samples import Replicate, replicate_columns, training_sets

#: The k whose leave-one-out errors claim E4 compares on every training set.
E4_KS = (1, 3)


def knn_tables(
    data: Dataset,
    ks: list[int],
    boundary_ks: list[int],
    test_fraction: float,
    seed: int,
    grid_points: int,
    generator: Mapping[str, Any] | None = None,
    n_replicates: int = 1,
    replicate_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K14: training and test error of k-NN against k, and decision regions;
    E4: the leave-one-out errors of 1-NN and 3-NN on independent training sets.

    ``ks`` is extended by N, the number of training points. ``generator``
    (the configuration entry ``data`` was made from; None, or a dataset no
    seeded generator makes, gives ``data`` alone), ``n_replicates`` (training
    sets, ``data``'s included) and ``replicate_seed`` give the training sets
    of ``replicates``
    (:func:`~marginlab.experiments._shared.samples.training_sets`): each
    dataset split as ``data`` is (``test_fraction``, ``seed``).

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
    replicates : DataFrame
        ``replicate, seed, k, loo_error, n_train``: the exact leave-one-out
        error of each k of :data:`E4_KS` on the training part of each training
        set (replicate 0 is ``data``, its errors those of ``errors``; ``seed``
        the generator seed of its dataset, missing when it is not generated).
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
    replicates = loo_replicates(
        training_sets(data, generator, n_replicates, replicate_seed),
        test_fraction,
        seed,
    )
    return pd.DataFrame(rows), regions, points, mistakes, replicates


def loo_replicates(
    sets: Sequence[Replicate], test_fraction: float, seed: int
) -> pd.DataFrame:
    """The table ``replicates`` of :func:`knn_tables`: the exact LOO error of
    each k of :data:`E4_KS` on the training part of each dataset of ``sets``
    (:class:`~marginlab.experiments._shared.samples.Replicate`), split with
    ``test_fraction`` and ``seed``."""
    rows = []
    for rep in sets:
        train, _ = train_test_split(rep.data.y, test_fraction, seed)
        Xtr, ytr = rep.data.X[train], rep.data.y[train]
        for k in E4_KS:
            if k < len(train):
                rows.append(
                    {
                        **replicate_columns(rep),
                        "k": k,
                        "loo_error": knn_loo(Xtr, ytr, k)[0],
                        "n_train": len(train),
                    }
                )
    return pd.DataFrame(
        rows, columns=["replicate", "seed", "k", "loo_error", "n_train"]
    ).astype({"seed": "Int64"})


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
