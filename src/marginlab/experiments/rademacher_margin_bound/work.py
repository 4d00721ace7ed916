"""rademacher_margin_bound's counted work: AdaBoost and the Rademacher draws."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, boosted, split_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points, and Rademacher draws.

    Per dataset of ``datasets``, on its training part (m − round(f·m) of m
    points, f = ``split.test_fraction``): AdaBoost with stumps for
    ``n_rounds`` rounds (at most), and ``n_draws`` exact suprema over the
    stumps, one per sign vector.
    """
    c = cfg["rademacher_margin_bound"]
    m = split_rows(cfg, *c["datasets"])
    return boosted(c["n_rounds"], m) | {"Rademacher draws": c["n_draws"] * len(m)}
