"""margin_growth's counted work: AdaBoost's rounds and the LP over all stumps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows, train_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points, and LP solves.

    Per dataset of ``datasets``, on its training part (m − round(f·m) points,
    f = ``split.test_fraction``): AdaBoost with stumps for ``n_rounds``
    rounds (at most), and two LPs over every distinct stump (ρ* and the game
    value).
    """
    c = cfg["margin_growth"]
    f = cfg["split"]["test_fraction"]
    m = [train_rows(rows(cfg, name), f) for name in c["datasets"]]
    return {
        "boosting rounds": c["n_rounds"] * len(m),
        "rounds × training points": c["n_rounds"] * sum(m),
        "LP solves": 2 * len(m),
    }
