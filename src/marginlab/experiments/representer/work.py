"""representer's counted work: the explicit features of the primal problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work

#: L-BFGS-B's iteration cap in the study (``maxiter``).
MAX_ITERATIONS = 10_000


def counted(cfg: Mapping[str, Any]) -> Work:
    """Feature coordinates, m·(n + 1)ᵈ for m = ``n_samples`` points of n =
    ``n_features`` and d = ``degree``, and the L-BFGS-B iterations of the
    primal minimization, at most its cap of 10 000 (the study's, not a key)."""
    c = cfg["representer"]
    dim = (c["n_features"] + 1) ** c["degree"]
    return {
        "feature coordinates": c["n_samples"] * dim,
        "L-BFGS iterations": MAX_ITERATIONS,
    }
