"""The rows of B20 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B20: overfitting, underfitting and the margin bound."""
    del cfg  # the claim functions fix them
    return {
        "B20": ["overfit", "underfit", "margin_bound"],
    }
