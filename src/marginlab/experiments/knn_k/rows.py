"""The rows of K14 and E4 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K14: its four rows on k; E4: the leave-one-out difference of k = 1 and 3."""
    del cfg  # the claim functions fix them
    return {
        "K14": ["train_error", "majority", "overfit", "underfit"],
        "E4": ["loo_difference"],
    }
