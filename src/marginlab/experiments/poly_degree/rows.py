"""The rows of K12 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K12: separability, the margin, and overfitting on the noisy data."""
    del cfg  # the claim functions fix them
    return {
        "K12": ["separable", "margin", "overfit"],
    }
