"""lasso_ridge_contours's counted work: the RSS contours and both solutions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """RSS evaluations on the g × g grid of the contours (g =
    ``grid_points``), and the one Lasso fit that checks the constrained
    solution (the ridge's λ is found by root finding, a few solves of two
    weights)."""
    return {
        "RSS evaluations": cfg["lasso_ridge_contours"]["grid_points"] ** 2,
        "lasso fits": 1,
    }
