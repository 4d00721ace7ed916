"""Claims K22 and K23: the count of second-order features in 1 000 dimensions,
and the Gaussian kernel's peak at x = z and decay with the distance.

Huang 2017, 'Kernels as dot products': "second order features in 1000
dimensions. This leads to 5·10⁵ numbers"; Shewchuk, Lecture 14, 'The Gaussian
Kernel': "Gaussian is maximum when x = z, goes to 0 as distance increases".
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.contract.validation import check_array
from ...core.kernels import Gaussian, Polynomial
from ...core.kernels.feature_maps import monomials, tensor_power

#: The lecture's count of second-order features in 1 000 dimensions (Huang
#: 2017, 'Kernels as dot products'), as printed: one significant figure.
SLIDE_COUNT = 5e5


def symmetric_quadratic(X: object) -> np.ndarray:
    """φ(x) = (x_1², …, x_n², √2·x_i x_j for i < j): ⟨φ(x), φ(x')⟩ = ⟨x, x'⟩².

    The map of Huang 2017, 'Quadratic Kernel' (φ(x) = (x1², √2 x1x2, x2²) on
    ℝ²) in n dimensions: one coordinate per distinct monomial of degree 2,
    n(n + 1)/2 in all, where :func:`~marginlab.core.kernels.feature_maps.monomials`
    keeps x_i x_j and x_j x_i apart (n² coordinates).

    Parameters
    ----------
    X : array-like of shape (m, n)

    Returns
    -------
    ndarray of shape (m, n(n + 1)/2)
        The squares first, then the products i < j in row-major order.

    Examples
    --------
    >>> symmetric_quadratic([[1.0, 2.0]]).round(6).tolist()
    [[1.0, 4.0, 2.828427]]
    """
    X = check_array(X)
    i, j = np.triu_indices(X.shape[1], k=1)
    return np.hstack([X * X, np.sqrt(2.0) * X[:, i] * X[:, j]])


def _distinct_columns(Phi: np.ndarray) -> int:
    """The number of distinct columns of ``Phi`` (as exact float tuples)."""
    return int(np.unique(Phi.T, axis=0).shape[0])


def kernel_check_tables(
    n_features: int,
    n_points: int,
    sigmas: Sequence[float],
    n_pairs: int,
    gauss_features: int,
    max_distance: float,
    seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K22 and K23: feature counts, kernel against explicit inner products, and
    Gaussian kernel values of random pairs.

    **K22.** For n = ``n_features`` (the lecture's 1 000), the coordinates of
    the code's degree-2 maps are counted on random points x ~ N(0, I):
    :func:`~marginlab.core.kernels.feature_maps.monomials` (x ⊗ x, n² ordered
    products x_i x_j), the distinct ones among them (columns of its output on
    two random points that differ as float tuples: x_i x_j and x_j x_i are
    the same number, distinct monomials differ with probability 1),
    :func:`symmetric_quadratic` (n(n + 1)/2), and, for (⟨x, x'⟩ + c)²,
    :func:`~marginlab.core.kernels.feature_maps.tensor_power` ((n + 1)²) and its
    distinct columns (C(n + 2, 2): degree ≤ 2). Then, on ``n_points`` random
    points, the kernel ⟨x, x'⟩² (:class:`~marginlab.core.kernels.Polynomial`
    with c = 0) against the inner products of both degree-2 maps.

    **K23.** For each σ, ``n_pairs`` pairs (x, z) in ℝ^``gauss_features``:
    x ~ N(0, I), z = x + rσ v with v a uniform unit vector and r uniform on
    [0, ``max_distance``]. For each pair the library's
    :class:`~marginlab.core.kernels.Gaussian` k(x, z) (its general code path,
    from the norm expansion), the direct exp(−‖x − z‖²/2σ²) from the
    difference, and k(x, x) by the same general path (x against a copy of
    itself, not the Gram diagonal the kernel sets to 1).

    Parameters
    ----------
    n_features : int
        n of K22.
    n_points : int
        Random points of the kernel-vs-explicit comparison (each explicit
        vector has n² coordinates: 8 MB at n = 1 000).
    sigmas : sequence of float
        Widths of K23.
    n_pairs : int
        Pairs per σ.
    gauss_features : int
        Dimension of the pairs.
    max_distance : float
        Largest distance of a pair, in units of σ.
    seed : int

    Returns
    -------
    counts : DataFrame
        ``map, counted, formula, formula_value, n_features`` (the slide's
        count as a row ``slide``, counted = the printed 5·10⁵).
    products : DataFrame
        One row per pair i ≤ j of the points: ``i, j, kernel`` (⟨x_i, x_j⟩²),
        ``monomials``, ``symmetric`` (the explicit inner products),
        ``n_features``.
    pairs : DataFrame
        ``sigma, pair, distance, k, k_direct, k_self, gauss_features``.
    """
    rng = np.random.default_rng(seed)
    n = int(n_features)
    two = rng.standard_normal((2, n))
    ordered = monomials(two, 2)
    lifted = tensor_power(two, 2, c=1.0)
    counts = pd.DataFrame(
        [
            ("monomials", ordered.shape[1], "n^2", n**2),
            (
                "distinct monomials",
                _distinct_columns(ordered),
                "n(n+1)/2",
                n * (n + 1) // 2,
            ),
            (
                "symmetric_quadratic",
                symmetric_quadratic(two).shape[1],
                "n(n+1)/2",
                n * (n + 1) // 2,
            ),
            ("tensor_power", lifted.shape[1], "(n+1)^2", (n + 1) ** 2),
            (
                "distinct tensor_power",
                _distinct_columns(lifted),
                "C(n+2,2)",
                (n + 2) * (n + 1) // 2,
            ),
            ("slide", SLIDE_COUNT, "5*10^5", SLIDE_COUNT),
        ],
        columns=["map", "counted", "formula", "formula_value"],
    ).assign(n_features=n)
    del ordered, lifted
    X = rng.standard_normal((int(n_points), n))
    K = Polynomial(degree=2, c=0.0)(X)
    Phi = monomials(X, 2)
    by_monomials = Phi @ Phi.T
    del Phi
    Psi = symmetric_quadratic(X)
    by_symmetric = Psi @ Psi.T
    i, j = np.triu_indices(len(X))
    products = pd.DataFrame(
        {
            "i": i,
            "j": j,
            "kernel": K[i, j],
            "monomials": by_monomials[i, j],
            "symmetric": by_symmetric[i, j],
            "n_features": n,
        }
    )
    parts = []
    for sigma in sorted(float(s) for s in sigmas):
        x = rng.standard_normal((int(n_pairs), int(gauss_features)))
        v = rng.standard_normal(x.shape)
        v /= np.linalg.norm(v, axis=1, keepdims=True)
        r = rng.uniform(0.0, max_distance, size=len(x))
        z = x + (r * sigma)[:, None] * v
        kernel = Gaussian(sigma=sigma)
        diff = x - z
        distance = np.sqrt(np.einsum("ij,ij->i", diff, diff))
        parts.append(
            pd.DataFrame(
                {
                    "sigma": sigma,
                    "pair": np.arange(len(x)),
                    "distance": distance,
                    "k": _paired(kernel, x, z),
                    "k_direct": np.exp(-(distance**2) / (2.0 * sigma**2)),
                    "k_self": _paired(kernel, x, x.copy()),
                    "gauss_features": int(gauss_features),
                }
            )
        )
    return counts, products, pd.concat(parts, ignore_index=True)


def _paired(kernel: Gaussian, X: np.ndarray, Z: np.ndarray) -> np.ndarray:
    """k(x_i, z_i) for every row i, by the kernel's general code path (``Z``
    given, so the Gram diagonal is not set to k(x, x)), in blocks."""
    out = np.empty(len(X))
    for start in range(0, len(X), 256):
        stop = min(start + 256, len(X))
        out[start:stop] = np.diag(kernel(X[start:stop], Z[start:stop]))
    return out
