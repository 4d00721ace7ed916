"""gaussian_hypothesis's counted work: kernel logistic regression, batch and
stochastic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Epochs and kernel evaluations, at most.

    Kernel logistic regression by batch and by stochastic ascent, each for at
    most ``max_epochs`` epochs (tolerance 1e-10 may stop it earlier), each
    forming the m × m Gram matrix of the m points and evaluating its
    hypothesis on the ``n_grid`` points of the line.
    """
    c = cfg["gaussian_hypothesis"]
    m = rows(cfg, c["dataset"])
    return {
        "logistic regression epochs": 2 * c["max_epochs"],
        "kernel evaluations": 2 * m * (m + c["n_grid"]),
    }
