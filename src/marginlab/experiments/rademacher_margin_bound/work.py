"""rademacher_margin_bound's counted work: AdaBoost and the Rademacher draws."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows, train_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points, and Rademacher draws.

    Per dataset of ``datasets``, on its training part (m − round(f·m) of m
    points, f = ``split.test_fraction``): AdaBoost with stumps for
    ``n_rounds`` rounds (at most), and ``n_draws`` exact suprema over the
    stumps, one per sign vector.
    """
    c = cfg["rademacher_margin_bound"]
    f = cfg["split"]["test_fraction"]
    m = [train_rows(rows(cfg, name), f) for name in c["datasets"]]
    return {
        "boosting rounds": c["n_rounds"] * len(m),
        "rounds × training points": c["n_rounds"] * sum(m),
        "Rademacher draws": c["n_draws"] * len(m),
    }
