"""primal_dual_cost's counted work: the perceptron runs it counts and times."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Kernel evaluations, feature coordinates, epochs and timed repetitions.

    Each cell (n of ``n_sizes``, d of ``input_dims``, d' = (d + 1)^degree,
    skipped if n·d' > ``max_elements``) runs each form once, counted: the
    primal computes n·d' coordinates of φ, the dual the n² entries of its Gram
    matrix, each for at most ``epochs`` epochs. Then ``repeats`` timings of
    each form; how many runs one timing takes depends on the machine
    (``min_seconds``), so those are counted as timings, not runs.
    """
    c = cfg["primal_dual_cost"]
    cells = [
        (n, (d + 1) ** c["degree"])
        for n in c["n_sizes"]
        for d in c["input_dims"]
        if n * (d + 1) ** c["degree"] <= c["max_elements"]
    ]
    return {
        "kernel evaluations": sum(n * n for n, _ in cells),
        "feature coordinates": sum(n * f for n, f in cells),
        "perceptron epochs": 2 * c["epochs"] * len(cells),
        "timed repetitions": 2 * c["repeats"] * len(cells),
    }
