"""boosting_overfit's counted work: AdaBoost on the flipped labels, and its CV."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points and rounds × test points.

    AdaBoost with stumps for ``n_rounds`` rounds (at most) on the m points
    of ``dataset`` (a fraction ``rate`` of their labels flipped), and on the
    other folds of each of K = ``cv.folds`` folds ((K − 1)·m points over the
    K folds): K·T·m rounds × training points. The vote of every round t is
    read on the ``test`` points: T·m_test.
    """
    c = cfg["boosting_overfit"]
    m, runs = rows(cfg, c["dataset"]), cfg["cv"]["folds"] + 1
    return {
        "boosting rounds": runs * c["n_rounds"],
        "rounds × training points": (runs - 1) * c["n_rounds"] * m,
        "rounds × test points": c["n_rounds"] * rows(cfg, c["test"]),
    }
