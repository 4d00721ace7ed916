"""perceptron_dual's counted work: the primal and the dual perceptron."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Perceptron epochs and kernel evaluations, at most.

    For each dataset of ``compare`` (m points), the primal perceptron on
    φ(x) and the dual one with its kernel, each for at most ``max_epochs``
    epochs (both stop at an epoch without a mistake); the dual forms the
    m × m Gram matrix. (The worked example of three points is left out.)
    """
    c = cfg["perceptron_dual"]
    ms = [rows(cfg, name) for name in c["compare"]]
    return {
        "perceptron epochs": 2 * c["max_epochs"] * len(ms),
        "kernel evaluations": sum(m * m for m in ms),
    }
