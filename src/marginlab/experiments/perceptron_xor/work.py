"""perceptron_xor's counted work: the linear and the kernel perceptron on XOR."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Perceptron epochs and kernel evaluations, at most.

    Three runs of at most ``max_epochs`` epochs (the linear perceptron, which
    never converges on XOR, and the quadratic kernel perceptron with and
    without intercept, which stop at an epoch without a mistake); the two
    kernel runs form the m × m Gram matrix of the m points.
    """
    c = cfg["perceptron_xor"]
    m = rows(cfg, c["dataset"])
    return {"perceptron epochs": 3 * c["max_epochs"], "kernel evaluations": 2 * m * m}
