"""stepwise_direction's limits: keys that must agree, and S7's CV folds."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems


def problems(cfg: Mapping[str, Any]) -> Problems:
    """Its informative features within ``n_features``, and K-fold CV
    (``cv.folds``) on its ``n_train`` points: every fold's training part
    larger than backward stepwise's full model."""
    sd = cfg["stepwise_direction"]
    folds = int(cfg["cv"]["folds"])
    d, few, many = sd["n_features"], sd["few_informative"], sd["many_informative"]
    if many > d:
        yield (
            f"'stepwise_direction.many_informative': {many} informative features "
            f"of n_features = {d}; at most {d}"
        )
        return
    if few >= many:
        yield (
            f"'stepwise_direction.few_informative': {few}, but it must be smaller "
            f"than many_informative ({many})"
        )
        return
    n = sd["n_train"]
    if folds > n:
        yield (
            f"'cv.folds': {folds} folds, but stepwise_direction cross-validates on "
            f"its n_train = {n} points; K-fold CV needs at least K points"
        )
        return
    fold_train = n - math.ceil(n / folds)  # the smallest training part of a fold
    if fold_train <= d + 1:
        yield (
            f"'stepwise_direction.n_train': {n} points leave {fold_train} training "
            f"points per fold of {folds}-fold CV (cv.folds), but backward "
            f"stepwise's full model of n_features = {d} needs more than {d + 1}"
        )
