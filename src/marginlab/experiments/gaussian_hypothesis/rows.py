"""The rows of K9 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K9: the objective's largest drop for batch and stochastic ascent, then
    the hypothesis's gap and its bumps."""
    del cfg  # the claim functions fix them
    return {
        "K9": ["drop/batch", "drop/stochastic", "h_gap", "bumps"],
    }
