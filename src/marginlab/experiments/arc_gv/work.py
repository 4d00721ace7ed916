"""arc_gv's counted work: AdaBoost's and arc-gv's rounds, and ρ*'s LP."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points, and LP solves.

    Each part (a generated pair, or each of ``n_splits`` halves of a dataset
    of ``datasets``, ⌈m/2⌉ points, within a point per class) runs 2
    algorithms × 2 base learners for ``n_rounds`` rounds (at most; a perfect
    vote stops early).
    Each generated pair adds the trajectory: both algorithms with stumps for
    ``trajectory_rounds`` rounds on min(``trajectory_points``, m) points,
    beside one LP for ρ*.
    """
    c = cfg["arc_gv"]
    parts = [rows(cfg, p["train"]) for p in c["generated"]]
    parts += [
        (rows(cfg, n) + 1) // 2 for n in c["datasets"] for _ in range(c["n_splits"])
    ]
    trajectory = [
        min(c["trajectory_points"], rows(cfg, p["train"])) for p in c["generated"]
    ]
    fit = 4 * c["n_rounds"]
    path = 2 * c["trajectory_rounds"]
    return {
        "boosting rounds": fit * len(parts) + path * len(trajectory),
        "rounds × training points": fit * sum(parts) + path * sum(trajectory),
        "LP solves": len(trajectory),
    }
