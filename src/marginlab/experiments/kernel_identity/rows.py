"""The rows of K1 and K15 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K1 and K15: one row per identity the study checks, in name order
    (``inner_product/<identity>``, ``distance/<identity>``): ``quadratic``,
    the map (x1², √2 x1x2, x2²) of R², checked only where ``n_features``
    holds 2 and ``degrees`` holds 2; then ``sequence``, ``sqrt_c`` and
    ``subset_product``."""
    c = cfg["kernel_identity"]
    identities = ["sequence", "sqrt_c", "subset_product"]
    if 2 in c["n_features"] and 2 in c["degrees"]:
        identities.insert(0, "quadratic")
    return {
        "K1": [f"inner_product/{i}" for i in identities],
        "K15": [f"distance/{i}" for i in identities],
    }
