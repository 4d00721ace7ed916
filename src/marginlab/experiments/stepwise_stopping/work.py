"""stepwise_stopping's counted work: forward stepwise's CV fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, features


def counted(cfg: Mapping[str, Any]) -> Work:
    """Models searched and least-squares fits, at most.

    Per dataset of d features: forward stepwise's full path (d(d + 1)/2
    models) and the path stopped early (at most as many), each model
    cross-validated on K = ``cv.folds`` folds; then the d + 1 models of the
    path are fitted on the whole training part.
    """
    folds = cfg["cv"]["folds"]
    ds = [features(cfg, name) for name in cfg["stepwise_stopping"]["datasets"]]
    models = sum(d * (d + 1) for d in ds)
    return {
        "models searched": models,
        "CV fits": folds * models + sum(d + 1 for d in ds),
    }
