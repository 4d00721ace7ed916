"""nonconvex_combination's counted work: AdaBoost over a family of lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds and family columns.

    For each example (``convex``, ``nonconvex``) of m points: the family of
    lines, the 3 given lines, 2 constants and 2 per direction of
    ``n_directions`` and threshold between distinct projections (at most
    m − 1): 5 + 2·n_dir·(m − 1) columns at most, before lines with the same
    predictions are merged; and AdaBoost over it for ``n_rounds`` rounds (at
    most).
    """
    c = cfg["nonconvex_combination"]
    ms = [rows(cfg, c[key]) for key in ("convex", "nonconvex")]
    return {
        "boosting rounds": len(ms) * c["n_rounds"],
        "family columns": sum(5 + 2 * c["n_directions"] * (m - 1) for m in ms),
    }
