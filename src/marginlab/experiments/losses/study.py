"""The losses experiment's study: the tables behind B13."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.losses import loss_curves


def margin_grid(low: float, high: float, n_points: int) -> np.ndarray:
    """``n_points`` evenly spaced margins on [low, high], plus 0 and 1 if inside.

    0 (where the zero-one loss jumps) and 1 (where hinge and square losses
    change form) are always included so no check can step over them.
    """
    if not low < high:
        raise ValueError(f"margin grid needs low < high; got [{low}, {high}].")
    if n_points < 2:
        raise ValueError(f"margin grid needs at least 2 points; got {n_points}.")
    kinks = [k for k in (0.0, 1.0) if low <= k <= high]
    return np.union1d(np.linspace(low, high, n_points), kinks)


def loss_table(margin_min: float, margin_max: float, n_points: int) -> pd.DataFrame:
    """B13: :func:`loss_curves` on :func:`margin_grid` ``(margin_min, margin_max,
    n_points)``."""
    return loss_curves(margin_grid(margin_min, margin_max, n_points))
