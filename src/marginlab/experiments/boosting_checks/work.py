"""boosting_checks's counted work: confidence-rated rounds and the hull LPs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds and LP solves.

    B22: AdaBoost with regression stumps for ``n_rounds`` rounds (at most: a
    base classifier with margins of one sign stops it) in each of its 2
    variants (sign f and f). B23: for each of ``n_draws`` sign vectors, an
    LP over the hull of the stumps, over the slide's hull and over one
    stump's: 3·``n_draws``. B24: one LP for rock-paper-scissors.
    """
    c = cfg["boosting_checks"]
    return {"boosting rounds": 2 * c["n_rounds"], "LP solves": 3 * c["n_draws"] + 1}
