"""The evaluation grid drawn under 2-D decision regions."""

from __future__ import annotations

import numpy as np


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
