"""The rows of S3 and S4 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected

#: The selection methods, in the order the study runs them.
METHODS = ("best_subset", "forward", "backward_cv", "backward_zscore")


def expected(cfg: Mapping[str, Any]) -> Expected:
    """On ``dataset`` and then on ``trap``: S3, the models each method of
    :data:`METHODS` trains (``models/<dataset>/<method>``), then whether
    forward stepwise's pair differs from the best (``differs/<dataset>``);
    S4, backward elimination by z-score (``zscore/<dataset>``)."""
    c = cfg["subset_selection"]
    datasets = (c["dataset"], c["trap"])
    return {
        "S3": [f"models/{d}/{m}" for d in datasets for m in METHODS]
        + [f"differs/{d}" for d in datasets],
        "S4": [f"zscore/{d}" for d in datasets],
    }
