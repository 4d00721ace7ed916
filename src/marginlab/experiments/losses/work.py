"""losses's counted work: the margin grid the loss curves are drawn on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Margin grid points: ``n_points`` evenly spaced on [``margin_min``,
    ``margin_max``], plus the kinks 0 and 1 that lie inside (at most 2)."""
    c = cfg["losses"]
    kinks = sum(1 for k in (0.0, 1.0) if c["margin_min"] <= k <= c["margin_max"])
    return {"margin grid points": c["n_points"] + kinks}
