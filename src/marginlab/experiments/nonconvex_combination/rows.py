"""The rows of B9 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B9: the given combinations, AdaBoost's, and the three rows on the
    examples' own hypotheses."""
    del cfg  # the claim functions fix them
    return {
        "B9": [
            "given/convex",
            "given/nonconvex",
            "adaboost/convex",
            "adaboost/nonconvex",
            "h3_alone/nonconvex",
            "best_line/convex",
            "h3_eps/nonconvex",
        ],
    }
