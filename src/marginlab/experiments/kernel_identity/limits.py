"""kernel_identity's size limits: K1's pairwise differences of explicit features."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, square, too_big


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The Gram matrix of ``n_samples`` points, and the m × m × D array of
    differences of the largest explicit feature map: the subset products
    (D = 2^n coordinates) and the degree-d tensor powers ((n + 1)^d) of
    every n of ``n_features``."""
    identity = cfg["kernel_identity"]
    m = int(identity["n_samples"])
    yield square("kernel_identity.n_samples", m)
    maps = [
        ("n_features", n, 2**n, f"2^{n} subset products")
        for n in identity["n_features"]
    ]
    maps += [
        ("degrees", n, (n + 1) ** d, f"degree {d}: {(n + 1) ** d} coordinates")
        for n in identity["n_features"]
        for d in identity["degrees"]
    ]
    key, n, dimension, said = max(maps, key=lambda entry: entry[2])
    yield too_big(
        f"kernel_identity.{key}",
        f"{m} points with n = {n} features ({said})",
        (m, m, dimension),
        "array of feature differences",
    )
