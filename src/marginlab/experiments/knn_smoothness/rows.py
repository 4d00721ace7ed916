"""The rows of K21 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K21: the rank correlation of k and the boundary's length, and the
    lengths' ratio."""
    del cfg  # the claim functions fix them
    return {
        "K21": ["correlation", "length_ratio"],
    }
