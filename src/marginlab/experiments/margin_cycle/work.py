"""margin_cycle's counted work: AdaBoost on the 8 × 8 matrix from many starts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds and LP solves.

    ``n_rounds`` rounds from each start: the paper's D₁, the uniform one and
    ``n_random_starts`` random ones, (2 + starts)·``n_rounds``; two LPs on the
    matrix (ρ* and the game value).
    """
    c = cfg["margin_cycle"]
    return {
        "boosting rounds": (2 + c["n_random_starts"]) * c["n_rounds"],
        "LP solves": 2,
    }
