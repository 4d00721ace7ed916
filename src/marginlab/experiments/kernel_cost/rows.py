"""The rows of K2 and K8 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K2: for each degree d of ``degrees``, in increasing order, the work of
    the explicit map and of the kernel (``work/explicit/degree=<d>``,
    ``work/kernel/degree=<d>``); K8: its four counted curves. (Their CPU
    times are rows of timings.csv.)"""
    degrees = sorted(set(cfg["kernel_cost"]["degrees"]))
    return {
        "K2": [
            f"work/{form}/degree={d}"
            for d in degrees
            for form in ("explicit", "kernel")
        ],
        "K8": [
            "work/gram_vs_m/kernel",
            "work/gram_vs_d/kernel",
            "work/predict_vs_m/dual",
            "work/predict_vs_m/explicit",
        ],
    }
