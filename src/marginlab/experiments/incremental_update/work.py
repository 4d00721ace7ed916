"""incremental_update's counted work: the Gram matrices, epochs and timings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Kernel evaluations, learner epochs and timed repetitions.

    The drift table forms the m × m Gram matrix of the dataset (m points),
    as each of its two learners does again (3·m²), and runs the kernel
    perceptron for at most ``perceptron_epochs`` epochs (it stops at an
    epoch without a mistake) and kernel logistic regression for
    ``logistic_epochs``. The timings form an n × n Gram matrix for each n
    of ``sizes`` and n × ``updates`` columns for each n of ``update_sizes``;
    each of the 2·|sizes| + |update_sizes| timed forms is called ``repeats``
    times after a warm-up.
    """
    c = cfg["incremental_update"]
    m = rows(cfg, c["dataset"])
    grams = 3 * m * m + sum(n * n for n in c["sizes"])
    columns = c["updates"] * sum(c["update_sizes"])
    return {
        "kernel evaluations": grams + columns,
        "learner epochs": c["perceptron_epochs"] + c["logistic_epochs"],
        "timed repetitions": c["repeats"]
        * (2 * len(c["sizes"]) + len(c["update_sizes"])),
    }
