"""K1 and K15: a kernel is the inner product of an explicit feature map, and
distances in feature space come from the kernel alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...core.kernels import (
    Polynomial,
    ProductPolynomial,
)
from ...core.kernels.feature_maps import quadratic_r2, subset_products, tensor_power

#: K1's identities: name → (kernel, feature map) builders from (degree, c).
IDENTITIES: dict[str, Callable[[int, float], tuple[Any, Callable]]] = {
    "quadratic": lambda d, c: (Polynomial(degree=2, c=0.0), quadratic_r2),
    "sequence": lambda d, c: (
        Polynomial(degree=d, c=1.0),
        lambda X: tensor_power(X, d, 1.0),
    ),
    "sqrt_c": lambda d, c: (Polynomial(degree=d, c=c), lambda X: tensor_power(X, d, c)),
    "subset_product": lambda d, c: (ProductPolynomial(), subset_products),
}


def kernel_identity_table(
    n_features: Sequence[int],
    degrees: Sequence[int],
    c: float,
    n_samples: int,
    seed: int,
) -> pd.DataFrame:
    """K1 and K15: kernel values against the explicit feature maps.

    For every identity, dimension n and degree d that applies (the quadratic
    map is for n = 2, d = 2 only; the subset-product map has no degree), draw
    ``n_samples`` points x ~ N(0, I_n) and compare the Gram matrix K of the
    kernel with ΦΦᵀ of the feature map (K1), and the squared distances in
    feature space computed from the kernel alone,

        d(x, x')² = k(x, x) + k(x', x') − 2 k(x, x'),

    with ‖φ(x) − φ(x')‖² summed coordinate by coordinate over the explicit
    features (K15, Huang 2017, 'Distance in Feature Space').

    Returns
    -------
    DataFrame
        ``identity, n, degree, dimension, max_rel_diff, max_rel_diff_distance``
        where ``dimension`` is the length of φ(x), ``max_rel_diff =
        max|K − ΦΦᵀ| / max|K|`` and ``max_rel_diff_distance =
        max|D_k − D_φ| / max|D_φ|`` for the two matrices of squared distances.
    """
    rng = np.random.default_rng(seed)
    rows = []
    for identity, build in IDENTITIES.items():
        for n in n_features:
            for d in degrees:
                if identity == "quadratic" and (n, d) != (2, 2):
                    continue
                if identity == "subset_product" and d != degrees[0]:
                    continue
                kernel, feature_map = build(d, c)
                X = rng.standard_normal((n_samples, n))
                K = kernel(X)
                Phi = feature_map(X)
                diag = np.diagonal(K)
                D_kernel = diag[:, None] + diag[None, :] - 2.0 * K
                D_features = np.sum((Phi[:, None, :] - Phi[None, :, :]) ** 2, axis=2)
                rows.append(
                    {
                        "identity": identity,
                        "n": n,
                        "degree": 0 if identity == "subset_product" else d,
                        "dimension": Phi.shape[1],
                        "max_rel_diff": float(
                            np.abs(K - Phi @ Phi.T).max() / np.abs(K).max()
                        ),
                        "max_rel_diff_distance": float(
                            np.abs(D_kernel - D_features).max()
                            / np.abs(D_features).max()
                        ),
                    }
                )
    return pd.DataFrame(rows)
