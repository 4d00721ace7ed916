"""kernel_identity's counted work: Gram matrices beside explicit feature maps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Kernel evaluations and feature coordinates.

    Each case forms the m × m Gram matrix of m = ``n_samples`` points of n
    features and the explicit map φ of the same points: the quadratic map of
    R² (3 coordinates, if n = 2 and degree 2 are asked), the two tensor
    powers of (√c, x) for every n of ``n_features`` and d of ``degrees``
    ((n + 1)ᵈ coordinates each), and the subset products (2ⁿ) for every n.
    """
    c = cfg["kernel_identity"]
    m, ns, ds = c["n_samples"], c["n_features"], c["degrees"]
    dims = [3] if 2 in ns and 2 in ds else []
    dims += [(n + 1) ** d for n in ns for d in ds] * 2
    dims += [2**n for n in ns]
    return {
        "kernel evaluations": len(dims) * m * m,
        "feature coordinates": m * sum(dims),
    }
