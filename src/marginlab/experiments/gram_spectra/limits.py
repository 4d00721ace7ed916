"""gram_spectra's size limit: the Gram matrices of its ``n_samples`` points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, square


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The m × m Gram matrix of ``n_samples`` points."""
    yield square("gram_spectra.n_samples", cfg["gram_spectra"]["n_samples"])
