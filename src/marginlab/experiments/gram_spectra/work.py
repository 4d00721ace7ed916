"""gram_spectra's counted work: the Gram matrices whose spectra are read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work
from .study import NOT_KERNELS


def counted(cfg: Mapping[str, Any]) -> Work:
    """Kernel evaluations and eigendecompositions: for each of ``n_draws``
    samples of m = ``n_samples`` points, the m × m Gram matrix of every
    kernel of ``kernels`` and of every function of ``NOT_KERNELS``, and its
    eigenvalues."""
    c = cfg["gram_spectra"]
    grams = c["n_draws"] * (len(c["kernels"]) + len(NOT_KERNELS))
    return {
        "kernel evaluations": grams * c["n_samples"] ** 2,
        "eigendecompositions": grams,
    }
