"""The rows of S7 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """S7: per regime (few, many informative features): the test error, the
    models trained, the features kept."""
    del cfg  # the claim functions fix them
    return {
        "S7": [
            "test_mse/few",
            "models/few",
            "kept/few",
            "test_mse/many",
            "models/many",
            "kept/many",
        ],
    }
