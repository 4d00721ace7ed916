"""The rows of K7 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K7: the linear and the kernel perceptron's errors, and the cosine."""
    del cfg  # the claim functions fix them
    return {
        "K7": ["error/linear", "error/kernel", "cosine"],
    }
