"""adaboost's counted work: the rounds of AdaBoost with stumps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, boosted, split_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, and rounds × training points, over ``datasets``.

    One AdaBoost of ``n_rounds`` rounds (at most: a perfect stump stops it)
    on the training part of each dataset (m − round(f·m) points of m, f =
    ``split.test_fraction``): T·m_train rounds × training points. (B4's
    exhaustive search of each round's distribution, once more over every
    stump, grows with the same product.)
    """
    c = cfg["adaboost"]
    return boosted(c["n_rounds"], split_rows(cfg, *c["datasets"]))
