"""boosting_cost's size limits: the timed data matrices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, too_big


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The m × n data matrix of each timing curve's largest size."""
    boosting = cfg["boosting_cost"]
    for key, m, n in (
        ("m_sizes", max(boosting["m_sizes"]), boosting["fixed_n"]),
        ("n_sizes", boosting["fixed_m"], max(boosting["n_sizes"])),
        ("fixed_m", boosting["fixed_m"], boosting["fixed_n"]),
    ):
        yield too_big(
            f"boosting_cost.{key}",
            f"{m} points with {n} features",
            (m, n),
            "data matrix",
        )
