"""gaussian_oscillation's counted work: kernel ridge over σ and degree."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Kernel ridge fits and kernel evaluations, at most.

    On each of the ``n_replicates`` training sets of m points (the run's own
    and the redrawn ones; a set too small to fold is skipped), each kernel
    (every σ of ``sigmas`` and degree of ``degrees``) is fitted once and
    K = ``cv.folds`` times in CV. The fit on all m points forms m² kernel
    values and predicts the m points and the z grid points (``n_grid``, and
    ⌈``extend``·(n_grid − 1)⌉ beyond each end); the K folds' Gram matrices
    ((m − m/K)² each) and predictions of their held-out points ((m/K)·(m −
    m/K) each) add (K − 1)·m²: m·((K + 1)·m + z) per kernel and set.
    """
    c = cfg["gaussian_oscillation"]
    m, folds = rows(cfg, c["dataset"]), cfg["cv"]["folds"]
    z = c["n_grid"] + 2 * math.ceil(c["extend"] * (c["n_grid"] - 1) - 1e-9)
    fits = c["n_replicates"] * (len(c["sigmas"]) + len(c["degrees"]))
    return {
        "kernel ridge fits": fits * (1 + folds),
        "kernel evaluations": fits * m * ((folds + 1) * m + z),
    }
