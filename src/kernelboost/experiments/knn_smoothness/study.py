"""Claim K21: k-NN decision boundaries get smoother as k grows.

Huang 2017, 'From SVM to Nearest Neighbor': "k-nearest neighbor (k-NN):
smoother boundaries", with the regions of K = 1, 7 and 21. Smoothness is
measured as K10 measures it for σ: the length of the decision boundary drawn
on a grid.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.knn import KNN
from ...estimators.model_selection import train_test_split
from .._shared.grid import padded_grid, split_points


def boundary_length(prediction: np.ndarray, grid: np.ndarray) -> float:
    """Length of the decision boundary drawn on a square evaluation grid.

    With G points per side and steps Δ1, Δ2 along x1 and x2, the length of the
    staircase that separates the two regions::

        L = Δ2 · #{horizontally adjacent pairs with different labels}
          + Δ1 · #{vertically adjacent pairs with different labels}.

    It grows with the wiggliness of the boundary (and with the number of its
    pieces); a straight boundary at angle θ to the axes has length
    (|cos θ| + |sin θ|) times its Euclidean length, so the measure depends on
    direction by up to √2. (K10's measure, written again here: a room does
    not import another room.)

    Parameters
    ----------
    prediction : ndarray of shape (G²,)
        Labels on the grid of
        :func:`~kernelboost.experiments._shared.grid.padded_grid` (x1 fastest).
    grid : ndarray of shape (G², 2)

    Returns
    -------
    float
        L, in the units of the data.

    Examples
    --------
    >>> g = np.array([[x1, x2] for x2 in (0.0, 1.0, 2.0) for x1 in (0.0, 1.0, 2.0)])
    >>> boundary_length(np.where(g[:, 0] < 0.5, -1, 1), g)  # one vertical line
    3.0
    """
    g = int(round(np.sqrt(len(grid))))
    if g * g != len(grid) or prediction.shape != (len(grid),):
        raise ValueError(
            f"boundary_length needs a square grid and one label per grid point; "
            f"got {len(grid)} points and {prediction.shape[0]} labels."
        )
    labels = prediction.reshape(g, g)  # rows: x2, columns: x1
    step1 = (grid[:, 0].max() - grid[:, 0].min()) / (g - 1)
    step2 = (grid[:, 1].max() - grid[:, 1].min()) / (g - 1)
    across_x1 = np.count_nonzero(labels[:, 1:] != labels[:, :-1])
    across_x2 = np.count_nonzero(labels[1:, :] != labels[:-1, :])
    return float(across_x1 * step2 + across_x2 * step1)


def knn_smoothness_tables(
    data: Dataset,
    ks: Sequence[int],
    boundary_ks: Sequence[int],
    grid_points: int,
    test_fraction: float,
    split_seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K21: the decision-boundary length of k-NN against k.

    k-NN is fitted on the training part of the seeded stratified split (the
    training set of K14), for every k of ``ks`` not above the number of
    training points, and predicts on a ``grid_points`` × ``grid_points`` grid
    over the data's bounding box (padded by 10 %).

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

    Returns
    -------
    lengths : DataFrame
        One row per k, increasing: ``k, boundary_length, train_error,
        test_error, n_train, n_test, grid_points, step`` (``step``: the larger
        grid step, the resolution of a length).
    regions : DataFrame
        ``k, x1, x2, prediction`` on the grid, for every k of ``boundary_ks``
        that was fitted.
    points : DataFrame
        ``x1, x2, label, train``.
    """
    if data.X.shape[1] != 2:
        raise ValueError(f"K21 draws 2-D data; got {data.X.shape[1]} features.")
    train, test = train_test_split(data.y, test_fraction, split_seed)
    Xtr, ytr, Xte, yte = data.X[train], data.y[train], data.X[test], data.y[test]
    grid = padded_grid(data.X, grid_points)
    step = float(np.ptp(grid, axis=0).max() / (grid_points - 1))
    fitted = sorted({int(k) for k in ks if int(k) <= len(train)})
    if not fitted:
        raise ValueError(f"no k of {list(ks)} fits {len(train)} training points")
    rows, surfaces = [], {}
    for k in fitted:
        model = KNN(k=k).fit(Xtr, ytr)
        surfaces[k] = model.predict(grid)
        rows.append(
            {
                "k": k,
                "boundary_length": boundary_length(surfaces[k], grid),
                "train_error": float(np.mean(model.predict(Xtr) != ytr)),
                "test_error": float(np.mean(model.predict(Xte) != yte)),
                "n_train": len(train),
                "n_test": len(test),
                "grid_points": grid_points,
                "step": step,
            }
        )
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
    return pd.DataFrame(rows), regions, split_points(data, train)
