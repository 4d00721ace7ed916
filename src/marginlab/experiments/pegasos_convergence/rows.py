"""The rows of K13 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K13: the slope of the gap and its last value."""
    del cfg  # the claim functions fix them
    return {
        "K13": ["slope", "last_gap"],
    }
