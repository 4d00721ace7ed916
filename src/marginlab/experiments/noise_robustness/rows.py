"""The rows of B12 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B12: the damage of the largest rate against the smallest, then one row
    per positive rate of ``rates``, in increasing order
    (``precision/noise=<rate>``)."""
    rates = sorted({float(r) for r in cfg["noise_robustness"]["rates"]})
    return {"B12": ["damage", *(f"precision/noise={r:g}" for r in rates if r > 0)]}
