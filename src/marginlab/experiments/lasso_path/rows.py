"""The rows of S1 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """S1: the Lasso's zeros grow monotonically, ridge's never appear, and the
    weights that return to zero."""
    del cfg  # the claim functions fix them
    return {
        "S1": ["monotone/lasso", "zeros/ridge", "dropouts/lasso"],
    }
