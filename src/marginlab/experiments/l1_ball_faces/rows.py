"""The rows of S6 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """S6: the zeros of each kind of face, KKT, the solvers' agreement, the
    shrinkage and the faces' shares."""
    del cfg  # the claim functions fix them
    return {
        "S6": [
            "zeros/corner",
            "zeros/edge",
            "zeros/facet",
            "kkt",
            "agree",
            "shrink",
            "corners",
        ],
    }
