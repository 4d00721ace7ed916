"""The rows of B22, B23 and B24 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B22: the minimizers of Z_t and the real-valued bounds; B23: the convex
    hull's Rademacher complexity; B24: rock-paper-scissors."""
    del cfg  # the claim functions fix them
    return {
        "B22": [
            "minimizer/sign",
            "minimizer/real",
            "convexity_bound/real",
            "error_bound/real",
        ],
        "B23": ["hull/simplex", "hull/slide", "class/stumps", "hull/one_stump"],
        "B24": ["value", "uniform", "minimax"],
    }
