"""The rows of S5 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """S5: per dataset of ``datasets``, in their order, the models trained,
    the stopped model's test error against all features and against the
    path's test-best model, and the features kept (``models/<dataset>``,
    ``vs_all/…``, ``vs_best/…``, ``kept/…``)."""
    datasets = dict.fromkeys(cfg["stepwise_stopping"]["datasets"])
    return {
        "S5": [
            f"{what}/{d}"
            for d in datasets
            for what in ("models", "vs_all", "vs_best", "kept")
        ]
    }
