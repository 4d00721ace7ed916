"""adaboost's counted work: the rounds of AdaBoost with stumps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows, train_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, and rounds × training points, over ``datasets``.

    One AdaBoost of ``n_rounds`` rounds (at most: a perfect stump stops it)
    on the training part of each dataset (m − round(f·m) points of m, f =
    ``split.test_fraction``); every round's distribution is searched again
    over every stump (B4), a second scan of the m_train points.
    """
    c = cfg["adaboost"]
    f = cfg["split"]["test_fraction"]
    m = [train_rows(rows(cfg, name), f) for name in c["datasets"]]
    return {
        "boosting rounds": c["n_rounds"] * len(m),
        "rounds × training points": c["n_rounds"] * sum(m),
    }
