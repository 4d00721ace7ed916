"""gaussian_series's size limits: K17's tail bounds and series features."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, dataset_size, too_big


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The tail bounds of every pair of its ``n_points`` points and every
    degree up to ``max_degree``, and the features of the series to that
    total degree."""
    from ...core.kernels.feature_maps import series_dimension

    data = dataset_size(cfg, "gaussian_series")
    if data is None:
        return
    name, rows, n_features = data
    section = cfg["gaussian_series"]
    m = min(int(section["n_points"]), rows)
    degree = int(section["max_degree"])
    yield too_big(
        "gaussian_series.n_points",
        f"{m} points of {name!r} and degrees 0 to {degree}",
        (degree + 1, m, m),
        "array of tail bounds",
    )
    yield too_big(
        "gaussian_series.max_degree",
        f"{m} points of {name!r} with {n_features} features, to total degree {degree},",
        (m, series_dimension(n_features, degree)),
        "matrix of series features",
    )
