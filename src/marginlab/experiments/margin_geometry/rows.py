"""The rows of B19 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B19: the two distance identities, then four rows per setting (the
    plane, the stumps)."""
    del cfg  # the claim functions fix them
    return {
        "B19": [
            "distance/linf",
            "distance/l2",
            "l1_margin/plane",
            "l2_margin/plane",
            "differ/plane",
            "nonzeros/plane",
            "l1_margin/stumps",
            "l2_margin/stumps",
            "differ/stumps",
            "nonzeros/stumps",
        ],
    }
