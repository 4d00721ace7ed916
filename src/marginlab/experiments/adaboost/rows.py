"""The rows of B1, B2, B3, B4, B6, B14 and B17 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected

#: Each claim's rows on one dataset, in order: ``<what>/<dataset>``.
PER_DATASET = {
    "B1": ("bound", "normalizer", "chain"),
    "B2": ("closed_form",),
    "B3": ("half",),
    "B4": ("direction", "descent", "line_search"),
    "B6": ("bound",),
    "B14": ("vc",),
    "B17": ("bound", "product", "base"),
}


def expected(cfg: Mapping[str, Any]) -> Expected:
    """Every claim: its rows of :data:`PER_DATASET` for each dataset of
    ``datasets``, in their order (``bound/moons``, ``normalizer/moons``, …)."""
    datasets = dict.fromkeys(cfg["adaboost"]["datasets"])
    return {
        claim: [f"{what}/{d}" for d in datasets for what in rows]
        for claim, rows in PER_DATASET.items()
    }
