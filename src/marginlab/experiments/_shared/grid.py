"""The evaluation grid drawn under 2-D decision regions, the points on top, and
the length of a decision boundary drawn on the grid."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset


def padded_grid(X: np.ndarray, grid_points: int, pad: float = 0.1) -> np.ndarray:
    """``grid_points``² points covering the data's bounding box plus ``pad``·range.

    Returns
    -------
    ndarray of shape (grid_points², 2)
        Row-major: x1 varies fastest, so ``reshape(grid_points, grid_points)``
        gives matrices for ``contour``.
    """
    lo, hi = X.min(axis=0), X.max(axis=0)
    margin = pad * (hi - lo)
    g1, g2 = np.meshgrid(
        np.linspace(lo[0] - margin[0], hi[0] + margin[0], grid_points),
        np.linspace(lo[1] - margin[1], hi[1] + margin[1], grid_points),
    )
    return np.column_stack([g1.ravel(), g2.ravel()])


def split_points(data: Dataset, train: np.ndarray) -> pd.DataFrame:
    """The 2-D points of ``data``: ``x1, x2, label, train`` (True if in ``train``)."""
    is_train = np.zeros(data.n_samples, dtype=bool)
    is_train[train] = True
    return pd.DataFrame(
        {
            "x1": data.X[:, 0],
            "x2": data.X[:, 1],
            "label": data.y.astype(int),
            "train": is_train,
        }
    )


def check_plane(data: Dataset, what: str) -> None:
    if data.X.shape[1] != 2:
        raise ValueError(f"{what} draws 2-D data; got {data.X.shape[1]} features.")


def boundary_length(prediction: np.ndarray, grid: np.ndarray) -> float:
    """Length of the decision boundary drawn on a square evaluation grid.

    With G points per side and steps Δ1, Δ2 along x1 and x2, the length of the
    staircase that separates the two regions::

        L = Δ2 · #{horizontally adjacent pairs with different labels}
          + Δ1 · #{vertically adjacent pairs with different labels}.

    It grows with the wiggliness of the boundary (and with the number of its
    pieces); a straight boundary at angle θ to the axes has length
    (|cos θ| + |sin θ|) times its Euclidean length, so the measure depends on
    direction by up to √2. K10 reads it against σ, K21 against k.

    Parameters
    ----------
    prediction : ndarray of shape (G²,)
        Labels on the grid of
        :func:`~marginlab.experiments._shared.grid.padded_grid` (x1 fastest).
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
