"""subset_selection's counted work: best subset and stepwise selection."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, features


def counted(cfg: Mapping[str, Any]) -> Work:
    """Models searched and least-squares fits.

    On ``dataset`` and on ``trap`` (d features each): best subset (2ᵈ − 1
    models), forward and backward stepwise by CV (d(d + 1)/2 each), each
    model cross-validated on K = ``cv.folds`` folds; and backward by
    z-scores (d models, one fit each).
    """
    c, folds = cfg["subset_selection"], cfg["cv"]["folds"]
    ds = [features(cfg, c[key]) for key in ("dataset", "trap")]
    by_cv = sum(2**d - 1 + d * (d + 1) for d in ds)
    return {
        "models searched": by_cv + sum(ds),
        "CV fits": folds * by_cv + sum(ds),
    }
