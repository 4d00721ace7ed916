"""The rows of K6 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K6: the lecture's worked table, then two rows per dataset of
    ``compare``, in its order (``same_mistakes/<dataset>``,
    ``w_residual/<dataset>``)."""
    compare = cfg["perceptron_dual"]["compare"]
    return {
        "K6": [
            "worked_table",
            *(
                f"{what}/{d}"
                for d in compare
                for what in ("same_mistakes", "w_residual")
            ),
        ]
    }
