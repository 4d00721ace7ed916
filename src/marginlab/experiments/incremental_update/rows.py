"""The rows of K18 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K18: the drift of each of the study's two learners, then the two counts of
    the work of an update (the CPU times are rows of timings.csv)."""
    del cfg  # the claim functions fix them
    return {
        "K18": [
            "drift/kernel_perceptron",
            "drift/kernel_logistic_regression_stochastic",
            "work/incremental",
            "work/recompute",
        ],
    }
