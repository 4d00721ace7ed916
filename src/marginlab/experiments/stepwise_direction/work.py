"""stepwise_direction's counted work: the CV fits of forward and backward
stepwise selection."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Models searched and CV fits (least squares), an upper bound.

    For each of the 2 regimes × ``n_replicates`` training sets of d =
    ``n_features`` features: forward stepwise (stopped early: at most
    d(d + 1)/2 models), backward stepwise's full path (d(d + 1)/2 models),
    and at most d one-feature models for the null model's comparison; each
    model is cross-validated on K = ``cv.folds`` folds. Then 4 fits on the
    whole training set (the two kept models, the oracle's and all features).
    """
    c = cfg["stepwise_direction"]
    d, folds = c["n_features"], cfg["cv"]["folds"]
    sets = 2 * c["n_replicates"]
    models = d * (d + 1) + d
    return {
        "models searched": sets * models,
        "CV fits": sets * (folds * models + 4),
    }
