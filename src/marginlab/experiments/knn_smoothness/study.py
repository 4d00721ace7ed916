"""Claim K21: k-NN decision boundaries get smoother as k grows.

Huang 2017, 'From SVM to Nearest Neighbor': "k-nearest neighbor (k-NN):
smoother boundaries", with the regions of K = 1, 7 and 21. Smoothness is
measured as K10 measures it for σ: the length of the decision boundary drawn
on a grid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...core.kernels import squared_distances
from ...estimators.model_selection import train_test_split
from .._shared.grid import boundary_length, padded_grid, split_points
from .._shared.samples import replicate_columns, training_sets


def knn_predictions(
    X_fit: np.ndarray, y_fit: np.ndarray, X: np.ndarray, ks: Sequence[int]
) -> dict[int, np.ndarray]:
    """k-NN's labels at ``X`` for every k of ``ks``, from one sort.

    The rule of :class:`~marginlab.estimators.knn.KNN`, for all k at once:
    the training points are ordered by distance once per row (a stable sort,
    so the lower index is nearer among equal distances); the vote of the k
    nearest is the cumulative sum of their labels at k, and a tied vote (even
    k) goes to the nearest neighbour. One sort instead of one per k.

    Parameters
    ----------
    X_fit : ndarray of shape (m, n)
    y_fit : ndarray of shape (m,)
        Labels in {−1, +1}.
    X : ndarray of shape (q, n)
    ks : sequence of int
        Each 1 ≤ k ≤ m.

    Returns
    -------
    dict
        k → labels in {−1.0, +1.0} of shape (q,).

    Examples
    --------
    >>> X_fit = np.array([[0.0], [1.0], [2.0]])
    >>> knn_predictions(X_fit, np.array([1.0, -1.0, -1.0]), np.array([[0.1]]), [1, 3])
    {1: array([1.]), 3: array([-1.])}
    """
    ks = [int(k) for k in ks]
    if not ks or min(ks) < 1 or max(ks) > len(y_fit):
        raise ValueError(f"every k must lie in [1, {len(y_fit)}]; got {ks}.")
    order = np.argsort(squared_distances(X, X_fit), axis=1, kind="stable")
    labels = np.asarray(y_fit, dtype=float)[order[:, : max(ks)]]
    votes = np.cumsum(labels, axis=1)
    out = {}
    for k in ks:
        v = votes[:, k - 1]
        out[k] = np.where(v > 0, 1.0, np.where(v < 0, -1.0, labels[:, 0]))
    return out


@dataclass(frozen=True)
class _Sweep:
    """k-NN on the training part of one dataset's split, on its grid."""

    train: np.ndarray
    test: np.ndarray
    grid: np.ndarray
    surfaces: dict[int, np.ndarray]  # k → labels on the grid
    step: float  # the larger grid step

    @classmethod
    def of(
        cls,
        data: Dataset,
        ks: Sequence[int],
        grid_points: int,
        test_fraction: float,
        split_seed: int,
    ) -> _Sweep:
        train, test = train_test_split(data.y, test_fraction, split_seed)
        fitted = sorted({int(k) for k in ks if int(k) <= len(train)})
        if not fitted:
            raise ValueError(f"no k of {list(ks)} fits {len(train)} training points")
        grid = padded_grid(data.X, grid_points)
        surfaces = knn_predictions(data.X[train], data.y[train], grid, fitted)
        step = float(np.ptp(grid, axis=0).max() / (grid_points - 1))
        return cls(train, test, grid, surfaces, step)

    def lengths(self) -> dict[int, float]:
        """k → L(k) (:func:`boundary_length`), k increasing."""
        return {k: boundary_length(p, self.grid) for k, p in self.surfaces.items()}


def knn_smoothness_tables(
    data: Dataset,
    ks: Sequence[int],
    boundary_ks: Sequence[int],
    grid_points: int,
    test_fraction: float,
    split_seed: int,
    generator: Mapping[str, Any] | None = None,
    n_replicates: int = 1,
    replicate_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K21: the decision-boundary length of k-NN against k.

    k-NN is fitted on the training part of the seeded stratified split (the
    training set of K14), for every k of ``ks`` not above the number of
    training points, and predicts on a ``grid_points`` × ``grid_points`` grid
    over the data's bounding box (padded by 10 %). The same is done on
    ``n_replicates − 1`` further datasets of ``generator``, drawn
    independently (:func:`~marginlab.experiments._shared.samples.training_sets`):
    each its own split (same fraction and seed) and grid.

    Parameters
    ----------
    data : Dataset
        Two features.
    ks : sequence of int
        The k of the sweep.
    boundary_ks : sequence of int
        The k whose regions are drawn (the lecture's 1, 7, 21).
    grid_points : int
        Points per side of the grid.
    test_fraction : float
        Fraction of the points held out (stratified).
    split_seed : int
    generator : mapping or None, default=None
        The configuration entry ``data`` was made from; None (or a dataset
        no seeded generator makes) gives ``data`` alone.
    n_replicates : int ≥ 1, default=1
        Training sets, ``data``'s included.
    replicate_seed : int, default=0
        Seed from which the other datasets' seeds are derived.

    Returns
    -------
    lengths : DataFrame
        One row per k, increasing, on ``data``: ``k, boundary_length,
        train_error, test_error, n_train, n_test, grid_points, step``
        (``step``: the larger grid step, the resolution of a length).
    regions : DataFrame
        ``k, x1, x2, prediction`` on the grid of ``data``, for every k of
        ``boundary_ks`` that was fitted.
    points : DataFrame
        ``x1, x2, label, train`` of ``data``.
    replicates : DataFrame
        ``replicate, seed, k, boundary_length, n_train, step``: one row per
        training set and k (replicate 0 is ``data``, its lengths those of
        ``lengths``; ``seed`` the generator seed of the dataset, missing
        when it is not generated).
    """
    if data.X.shape[1] != 2:
        raise ValueError(f"K21 draws 2-D data; got {data.X.shape[1]} features.")
    sets = training_sets(data, generator, n_replicates, replicate_seed)
    sweep = _Sweep.of(data, ks, grid_points, test_fraction, split_seed)
    train, test, grid, surfaces = sweep.train, sweep.test, sweep.grid, sweep.surfaces
    fitted = list(surfaces)
    Xtr, ytr, Xte, yte = data.X[train], data.y[train], data.X[test], data.y[test]
    on_train = knn_predictions(Xtr, ytr, Xtr, fitted)
    on_test = knn_predictions(Xtr, ytr, Xte, fitted)
    L = sweep.lengths()
    lengths = pd.DataFrame(
        [
            {
                "k": k,
                "boundary_length": L[k],
                "train_error": float(np.mean(on_train[k] != ytr)),
                "test_error": float(np.mean(on_test[k] != yte)),
                "n_train": len(train),
                "n_test": len(test),
                "grid_points": grid_points,
                "step": sweep.step,
            }
            for k in fitted
        ]
    )
    drawn = []
    for rep in sets:
        swept = (
            sweep
            if rep.replicate == 0
            else _Sweep.of(rep.data, ks, grid_points, test_fraction, split_seed)
        )
        drawn += [
            {
                **replicate_columns(rep),
                "k": k,
                "boundary_length": length,
                "n_train": len(swept.train),
                "step": swept.step,
            }
            for k, length in swept.lengths().items()
        ]
    shown = [int(k) for k in dict.fromkeys(boundary_ks) if int(k) in surfaces]
    if not shown:  # too few training points for the lecture's k: the smallest
        shown = [fitted[0]]
    regions = pd.concat(
        [
            pd.DataFrame(
                {
                    "k": k,
                    "x1": grid[:, 0],
                    "x2": grid[:, 1],
                    "prediction": surfaces[k].astype(int),
                }
            )
            for k in shown
        ],
        ignore_index=True,
    )
    replicates = pd.DataFrame(drawn).astype({"seed": "Int64"})
    return lengths, regions, split_points(data, train), replicates
