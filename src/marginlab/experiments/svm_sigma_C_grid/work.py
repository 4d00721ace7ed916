"""svm_sigma_C_grid's counted work: one Gaussian SVM per (σ, C) panel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """SVM fits and grid kernel evaluations, at most.

    One SVM per panel of ``panels``, on the m points; its decision function
    on the g² grid points (g = ``grid_points``) evaluates the kernel against
    its support vectors, at most m: g²·m per panel.

    The SMO solves' own kernel values depend on the data and are not
    counted here (``SVM.n_kernel_evals_`` counts them).
    """
    c = cfg["svm_sigma_C_grid"]
    m, panels = rows(cfg, c["dataset"]), len(c["panels"])
    return {
        "SVM fits": panels,
        "kernel evaluations": panels * c["grid_points"] ** 2 * m,
    }
