"""The rows of B15 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B15: ρ* = 3/8, the paper's cycle (its gap and its limit), the ceiling
    and the uniform start; then the random starts (``cycles/random``) if
    ``n_random_starts`` is not 0."""
    rows = ["rho_star", "gap/paper", "limit/paper", "ceiling", "margin/uniform"]
    if cfg["margin_cycle"]["n_random_starts"] > 0:
        rows.append("cycles/random")
    return {"B15": rows}
