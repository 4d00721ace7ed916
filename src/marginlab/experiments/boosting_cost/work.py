"""boosting_cost's counted work: the boosting rounds it times."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds and timed repetitions of the three timing curves.

    Each size (m of ``m_sizes``, N of ``n_sizes``, T of ``t_sizes``, the
    others fixed) is fitted once, counted, then timed ``repeats`` times: its
    T rounds (1 + repeats)·T times. The rounds are timed at every size and
    the presort at the sizes of m and N: ``repeats`` · (2·|m| + 2·|N| + |T|)
    timed calls. The split sums are the stump scans of every round, N·m per
    round: Σ (1 + repeats)·T·N·m.
    """
    c = cfg["boosting_cost"]
    shapes = (
        [(m, c["fixed_n"], c["fixed_t"]) for m in c["m_sizes"]]
        + [(c["fixed_m"], n, c["fixed_t"]) for n in c["n_sizes"]]
        + [(c["fixed_m"], c["fixed_n"], t) for t in c["t_sizes"]]
    )
    calls = 1 + c["repeats"]
    timed = 2 * len(c["m_sizes"]) + 2 * len(c["n_sizes"]) + len(c["t_sizes"])
    return {
        "boosting rounds": calls * sum(t for _, _, t in shapes),
        "stump scans (points × features)": calls * sum(t * n * m for m, n, t in shapes),
        "timed repetitions": c["repeats"] * timed,
    }
