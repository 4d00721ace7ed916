"""lasso_path's counted work: the Lasso path and the ridge path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Lasso fits (the ``n_alphas`` λ values of one warm-started path) and
    ridge solves (one per λ of ``ridge_lams``, from one SVD)."""
    c = cfg["lasso_path"]
    return {
        "lasso fits (λ values)": c["n_alphas"],
        "ridge solves": len(c["ridge_lams"]),
    }
