"""mwu_boosting's counted work: the rounds of boosting by majority (MWU)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...theory.bounds import mwu_rounds
from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds T = ⌈4/γ² ln(1/ν)⌉ (γ = ``gamma``, ν = ``nu``), and
    T·m rounds × training points for the m points of ``dataset``."""
    c = cfg["mwu_boosting"]
    T = mwu_rounds(c["gamma"], c["nu"])
    return {
        "boosting rounds": T,
        "rounds × training points": T * rows(cfg, c["dataset"]),
    }
