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
    forming the m × m Gram matrix of the m points; three curves on the
    ``n_grid`` points of the line (f and h of the batch fit, h of the
    stochastic one), m kernel values a point.
    """
    c = cfg["gaussian_hypothesis"]
    m = rows(cfg, c["dataset"])
    return {
        "logistic regression epochs": 2 * c["max_epochs"],
        "kernel evaluations": m * (2 * m + 3 * c["n_grid"]),
    }
