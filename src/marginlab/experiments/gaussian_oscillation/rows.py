"""The rows of K19 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K19: the extrema at the cross-validated σ, the two extrapolations, and
    the count over the σ of the grid."""
    del cfg  # the claim functions fix them
    return {
        "K19": [
            "extrema",
            "extrapolation/gaussian",
            "extrapolation/polynomial",
            "per_sigma",
        ],
    }
