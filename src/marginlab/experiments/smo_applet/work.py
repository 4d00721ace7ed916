"""smo_applet's counted work: the Gaussian SVM for every (σ, C)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """SVM fits and grid kernel evaluations, at most.

    One SVM per (σ, C) of ``sigmas`` × ``Cs`` on the m points, its decision
    function on the g² grid points (g = ``grid_points``) against its support
    vectors, at most m: g²·m each.

    The SMO solves' own kernel values depend on the data and are not
    counted here (``SVM.n_kernel_evals_`` counts them).
    """
    c = cfg["smo_applet"]
    fits = len(c["sigmas"]) * len(c["Cs"])
    return {
        "SVM fits": fits,
        "kernel evaluations": fits * c["grid_points"] ** 2 * rows(cfg, c["dataset"]),
    }
