"""The rows of K17 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K17: the tail bound, the two rises, the coordinates, then one row per σ
    of ``sigmas`` in increasing order (``converged/sigma=<σ>``)."""
    sigmas = sorted(set(cfg["gaussian_series"]["sigmas"]))
    return {
        "K17": [
            "tail_bound",
            "rise/nonneg",
            "rise/neg",
            "coordinates",
            *(f"converged/sigma={s:g}" for s in sigmas),
        ]
    }
