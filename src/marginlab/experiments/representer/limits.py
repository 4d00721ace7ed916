"""representer's size limits: K5's explicit features."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, square, too_big


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The Gram matrix of ``n_samples`` points and their explicit features of
    ``degree`` d on ``n_features`` n ((n + 1)^d coordinates)."""
    rep = cfg["representer"]
    m, n, d = int(rep["n_samples"]), int(rep["n_features"]), int(rep["degree"])
    yield square("representer.n_samples", m)
    yield too_big(
        "representer.degree",
        f"degree {d} on n_features = {n} ((n + 1)^{d} = {(n + 1) ** d} "
        f"coordinates) for n_samples = {m} points",
        (m, (n + 1) ** d),
        "matrix of explicit features",
    )
