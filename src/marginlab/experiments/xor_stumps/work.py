"""xor_stumps's counted work: AdaBoost with stumps and trees, and the game LPs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds and LP solves.

    AdaBoost for ``n_rounds`` rounds (at most) with each of the 2 weak
    learners (stumps, trees of ``depth``); two LPs (ρ* and the game value)
    over all distinct stumps and over the depth-2 trees.
    """
    return {"boosting rounds": 2 * cfg["xor_stumps"]["n_rounds"], "LP solves": 4}
