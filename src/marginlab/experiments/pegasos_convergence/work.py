"""pegasos_convergence's counted work: Pegasos's steps and the exact SVM."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Pegasos iterations, SVM fits and Pegasos's kernel evaluations.

    ``n_iter`` steps of kernelized Pegasos and the one exact SVM fit
    (tolerance 1e-9) whose objective they approach. Pegasos computes each
    kernel column it needs once, into a 200 MB cache that holds all m
    columns of the m points up to m = 5000: at most m² kernel values.
    """
    c = cfg["pegasos_convergence"]
    m = rows(cfg, c["dataset"])
    return {
        "Pegasos iterations": c["n_iter"],
        "SVM fits": 1,
        "kernel evaluations": m * m,
    }
