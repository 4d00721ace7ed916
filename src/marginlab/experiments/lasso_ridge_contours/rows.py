"""The rows of S2 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """S2: the zeros of the Lasso's and of ridge's solutions."""
    del cfg  # the claim functions fix them
    return {
        "S2": ["zeros/lasso", "zeros/ridge"],
    }
