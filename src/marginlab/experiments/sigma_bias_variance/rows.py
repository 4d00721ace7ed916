"""The rows of K10 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K10: its six rows, fixed by the claim function."""
    del cfg  # the claim functions fix them
    return {
        "K10": [
            "train_error",
            "agreement/kernel_sigma",
            "agreement/smallest_sigma",
            "correlation",
            "intercept_decided",
            "cv_choice",
        ],
    }
