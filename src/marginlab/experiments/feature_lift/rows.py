"""The rows of K4 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K4: the LP's verdict and the training error, in R² and in the lifted R³."""
    del cfg  # the claim functions fix them
    return {
        "K4": ["lp/R2", "error/R2", "lp/R3", "error/R3"],
    }
