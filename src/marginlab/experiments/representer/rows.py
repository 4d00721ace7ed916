"""The rows of K5 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K5: one row, the component orthogonal to the span of the data."""
    del cfg  # the claim functions fix them
    return {
        "K5": ["orthogonal"],
    }
