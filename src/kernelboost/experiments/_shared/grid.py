"""The evaluation grid drawn under 2-D decision regions, and the points on top."""

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
