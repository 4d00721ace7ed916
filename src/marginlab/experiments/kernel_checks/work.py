"""kernel_checks's counted work: explicit feature maps and kernel values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Feature coordinates and kernel evaluations.

    K22, n = ``n_features``: the ordered monomials (n²), the symmetric map
    (n(n + 1)/2) and the tensor power ((n + 1)²) of two vectors, then the
    first two of ``n_points`` vectors, whose n_points² Gram matrix is also
    formed. K23: for each σ of ``sigmas``, k(x, z) and k(x, x) of ``n_pairs``
    pairs, each computed as the diagonal of 256 × 256 blocks: 2·Σ b² for the
    blocks b of ``n_pairs``.
    """
    c = cfg["kernel_checks"]
    n, p = c["n_features"], c["n_pairs"]
    half = n * (n + 1) // 2
    coordinates = 2 * (n * n + half + (n + 1) ** 2) + c["n_points"] * (n * n + half)
    blocks = (p // 256) * 256**2 + (p % 256) ** 2
    return {
        "feature coordinates": coordinates,
        "kernel evaluations": c["n_points"] ** 2 + 2 * len(c["sigmas"]) * blocks,
    }
