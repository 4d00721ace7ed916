"""The rows of B10 and B18 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B10: the edge and the majority vote; B18: Theorem 2's bound and its slack."""
    del cfg  # the claim functions fix them
    return {
        "B10": ["edge", "majority"],
        "B18": ["bound", "slack"],
    }
