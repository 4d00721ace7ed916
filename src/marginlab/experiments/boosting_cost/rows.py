"""The rows of B11 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B11: the counted rounds against m, N and T, and the presorting against T
    (the CPU times are rows of timings.csv)."""
    del cfg  # the claim functions fix them
    return {
        "B11": ["work/rounds/m", "work/rounds/N", "work/rounds/T", "work/presort/T"],
    }
