"""l1_ball_faces's counted work: the constrained problems and their Lasso twins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Constrained least-squares solves and Lasso fits.

    For each of ``n_problems`` problems and each radius fraction of
    ``fractions``: the least squares on the ℓ1 ball of that radius, and the
    Lasso at its λ (one coordinate-descent fit).
    """
    c = cfg["l1_ball_faces"]
    solves = c["n_problems"] * len(c["fractions"])
    return {"constrained least-squares solves": solves, "lasso fits": solves}
