"""cv_model_selection's counted work: the (σ, C) grid's CV fits and refits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """CV fits and SVM fits: each (σ, C) of ``sigmas`` × ``Cs`` is
    cross-validated on K = ``cv.folds`` folds of the training part
    (|σ|·|C|·K CV fits), then refitted on all of it (|σ|·|C| SVM fits)."""
    c = cfg["cv_model_selection"]
    grid = len(c["sigmas"]) * len(c["Cs"])
    return {"CV fits": grid * cfg["cv"]["folds"], "SVM fits": grid}
