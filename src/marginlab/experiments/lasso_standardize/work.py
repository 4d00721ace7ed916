"""lasso_standardize's counted work: the Lasso paths chosen by CV."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, features


def counted(cfg: Mapping[str, Any]) -> Work:
    """Lasso path fits and the λ values they solve.

    For each dataset of d features, the raw and the standardized Lasso are
    chosen by CV on the data as given and after each of d·|``unit_factors``|
    changes of one feature's unit: 2·(1 + d·|factors|) choices, each K + 1
    paths (the whole training part and K = ``cv.folds`` folds) of
    ``n_alphas`` λ values.
    """
    c = cfg["lasso_standardize"]
    paths = (cfg["cv"]["folds"] + 1) * sum(
        2 * (1 + features(cfg, name) * len(c["unit_factors"])) for name in c["datasets"]
    )
    return {"lasso path fits": paths, "lasso fits (λ values)": paths * c["n_alphas"]}
