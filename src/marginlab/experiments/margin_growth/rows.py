"""The rows of B7 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B7: per dataset of ``datasets``, in their order, LP duality, and
    AdaBoost's margin under the maximum ρ* and above ρ*/2
    (``duality/<dataset>``, ``ceiling/<dataset>``, ``half/<dataset>``)."""
    datasets = dict.fromkeys(cfg["margin_growth"]["datasets"])
    return {
        "B7": [
            f"{what}/{d}" for d in datasets for what in ("duality", "ceiling", "half")
        ]
    }
