"""margin_growth's counted work: AdaBoost's rounds and the LP over all stumps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, boosted, split_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points, and LP solves.

    Per dataset of ``datasets``, on its training part (m − round(f·m) points,
    f = ``split.test_fraction``): AdaBoost with stumps for ``n_rounds``
    rounds (at most), and two LPs over every distinct stump (ρ* and the game
    value).
    """
    c = cfg["margin_growth"]
    m = split_rows(cfg, *c["datasets"])
    return boosted(c["n_rounds"], m) | {"LP solves": 2 * len(m)}
