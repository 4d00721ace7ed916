"""boosting_the_margin's counted work: AdaBoost's rounds per base learner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, classes, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, and rounds × training points, over the runs.

    Each run boosts C4.5-style trees, and stumps beside them on two classes,
    for ``n_rounds`` rounds each (at most: a perfect vote stops early), on
    its m training points: the generated pairs' training sets, and half of
    each dataset of ``datasets`` (⌈m/2⌉ points; a stratified half may
    differ by a point per class).
    """
    c = cfg["boosting_the_margin"]
    runs = [(p["train"], rows(cfg, p["train"])) for p in c["generated"]]
    runs += [(name, (rows(cfg, name) + 1) // 2) for name in c["datasets"]]
    rounds = weighted = 0
    for name, m in runs:
        learners = 2 if classes(cfg, name) == 2 else 1
        rounds += learners * c["n_rounds"]
        weighted += learners * c["n_rounds"] * m
    return {"boosting rounds": rounds, "rounds × training points": weighted}
