"""The rows of B8 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B8: the stumps' edges, both learners' training errors, then ρ* and the
    duality gap of the boosting game for stumps and for trees."""
    del cfg  # the claim functions fix them
    return {
        "B8": [
            "edge/exact_xor",
            "edge/dataset",
            "train_error/trees",
            "train_error/stumps",
            "rho_star/stumps",
            "duality/stumps",
            "rho_star/trees",
            "duality/trees",
        ],
    }
