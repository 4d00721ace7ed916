"""The rows of K22 and K23 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K22: the feature counts and the two identities; K23: the Gaussian's
    five checks."""
    del cfg  # the claim functions fix them
    return {
        "K22": [
            "coordinates",
            "distinct",
            "slide",
            "identity/monomials",
            "identity/symmetric",
        ],
        "K23": ["self_value", "max_value", "decreasing", "formula", "far_value"],
    }
