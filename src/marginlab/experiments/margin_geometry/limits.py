"""margin_geometry's limits: its Gram matrix, and discs away from the origin."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, square


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The Gram matrix of ``n_points`` points, and a ``radius`` smaller than
    the norm of ``centre``, so that the discs do not contain the origin."""
    geometry = cfg["margin_geometry"]
    yield square("margin_geometry.n_points", geometry["n_points"])
    norm = math.hypot(*geometry["centre"])
    if geometry["radius"] >= norm:
        yield (
            f"'margin_geometry.radius': {geometry['radius']:g} is not smaller than "
            f"the norm of margin_geometry.centre ({norm:g}): the discs would "
            "contain the origin"
        )
