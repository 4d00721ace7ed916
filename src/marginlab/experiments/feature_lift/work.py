"""feature_lift's counted work: separation in R² and in the lifted R³."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """LP solves and SVM fits: one of each in R² and in R³ (the lift)."""
    return {"LP solves": 2, "SVM fits": 2}
