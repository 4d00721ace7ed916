"""loo_vs_sv_bound's counted work: the SVM fits of leave-one-out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, features, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """SVM fits and E2's kernel evaluations, summed over dataset × kernel × C.

    For a dataset of l points, one configuration fits the SVM once (its
    status), l + 1 times for the brute-force leave-one-out (the full model and
    each point left out, cold), at most l + 1 for the fast one (the support
    vectors only, bounded by l), and at most l + 1 for E2 (the full fit at
    ``e2_tol`` and each non-support vector left out, bounded by l): at most
    3·l + 4 SMO solves. E2 evaluates the kernel between the l training points
    and its evaluation set, ``grid_points``² points for 2-D data, else the l
    points themselves: l · |Z| entries.

    The SMO solves' own kernel values depend on the data and are not
    counted here (``SVM.n_kernel_evals_`` counts them).
    """
    section = cfg["loo_vs_sv_bound"]
    per_data = len(section["kernels"]) * len(section["C"])
    fits = evals = 0
    for name in section["datasets"]:
        m = rows(cfg, name)
        z = section["grid_points"] ** 2 if features(cfg, name) == 2 else m
        fits += per_data * (3 * m + 4)
        evals += per_data * m * z
    return {"SVM fits": fits, "kernel evaluations": evals}
