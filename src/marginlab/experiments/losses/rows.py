"""The rows of B13 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B13: one row per surrogate loss, in name order."""
    del cfg  # the claim functions fix them
    return {
        "B13": ["gap/exponential", "gap/hinge", "gap/logistic", "gap/square"],
    }
