"""gaussian_series's counted work: the kernel and its truncated series."""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from typing import Any

from .._shared.work import Work, features, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Kernel evaluations and series coordinates.

    On the first m = min(``n_points``, rows) points of n features, for each σ
    of ``sigmas``: the m × m Gaussian kernel, and the C(N + n, n) coordinates
    of the series truncated at N = ``max_degree`` for each of the m points.
    """
    c = cfg["gaussian_series"]
    m = min(c["n_points"], rows(cfg, c["dataset"]))
    n, s = features(cfg, c["dataset"]), len(c["sigmas"])
    return {
        "kernel evaluations": s * m * m,
        "series coordinates": s * m * comb(c["max_degree"] + n, n),
    }
