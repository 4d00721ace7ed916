"""adaboost_rounds's counted work: AdaBoost round by round on a grid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds (``n_rounds``, at most), and rounds × grid points: the
    vote f_t of every round on the g² grid points (g = ``grid_points``)."""
    c = cfg["adaboost_rounds"]
    return {
        "boosting rounds": c["n_rounds"],
        "rounds × grid points": c["n_rounds"] * c["grid_points"] ** 2,
    }
