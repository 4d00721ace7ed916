"""The rows of K20 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K20: the dual's and the primal's side of the grid, the same mistakes,
    and the crossover (the CPU times are rows of timings.csv)."""
    del cfg  # the claim functions fix them
    return {
        "K20": [
            "work/dual_side",
            "work/primal_side",
            "same_mistakes",
            "work/crossover",
        ],
    }
