"""Explicit feature maps φ whose inner products are the kernels (claim K1).

Each map returns an array of shape (m, D) with ⟨φ(x), φ(x')⟩ = k(x, x'):

* :func:`quadratic_r2` — φ(x) = (x1², √2·x1x2, x2²) in R³ for ⟨x, x'⟩² on R²
  (Mądry 2012, Fig. 1; Huang 2017, 'Quadratic Kernel');
* :func:`tensor_power` — the degree-d tensor power of (√c, x_1, …, x_n), of
  dimension (n+1)^d: with c = 1 the sequence embedding
  ψ(x) = (Π_{i≤d} x_{w(i)})_{w∈{0..n}^d}, x_0 = 1 of the UML notes,
  Kernels §III, giving (1 + ⟨x, x'⟩)^d; with general c the "x_0 = √c"
  construction of Huang 2017, 'Polynomial Kernels', giving (⟨x, x'⟩ + c)^d;
* :func:`monomials` — x^{⊗d}, the n^d ordered degree-d monomials, giving the
  homogeneous ⟨x, x'⟩^d;
* :func:`subset_products` — one coordinate Π_{i∈S} x_i per subset S ⊆ {1..n}
  (2^n in all), giving Π_i (1 + x_i x'_i) (Mądry 2012, §2);
* :func:`gaussian_series` — the Gaussian kernel's infinite feature vector of
  Shewchuk, Lecture 14, truncated at total degree N: C(N+n, n) coordinates
  whose inner product converges to exp(−‖x − x'‖²/2σ²) as N grows (K17).

Their sizes grow like n^d and 2^n, which is why kernels are used instead (K2).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from ..contract.validation import check_array, check_scalar

__all__ = [
    "gaussian_series",
    "monomials",
    "quadratic_r2",
    "series_dimension",
    "series_indices",
    "subset_products",
    "tensor_power",
]


def quadratic_r2(X: object) -> np.ndarray:
    """φ(x) = (x1², √2·x1x2, x2²) for points of R²; ⟨φ(x), φ(x')⟩ = ⟨x, x'⟩²."""
    X = check_array(X)
    if X.shape[1] != 2:
        raise ValueError(f"quadratic_r2 maps R² to R³; X has {X.shape[1]} features.")
    x1, x2 = X[:, 0], X[:, 1]
    return np.column_stack([x1 * x1, np.sqrt(2.0) * x1 * x2, x2 * x2])


def tensor_power(X: object, degree: int, c: float = 1.0) -> np.ndarray:
    """Degree-d tensor power of (√c, x): ⟨ψ(x), ψ(x')⟩ = (⟨x, x'⟩ + c)^d.

    Parameters
    ----------
    X : array-like of shape (m, n)
    degree : int >= 1
    c : float >= 0

    Returns
    -------
    Psi : ndarray of shape (m, (n+1)^d)
        Column w = (w_1..w_d) ∈ {0..n}^d (row-major) holds Π_i x̃_{w_i} with
        x̃ = (√c, x).
    """
    X = check_array(X)
    d = int(
        check_scalar(degree, "degree", "tensor_power", kind="int", low=1, closed="left")
    )
    c = float(check_scalar(c, "c", "tensor_power", low=0.0, closed="left"))
    return monomials(np.column_stack([np.full(X.shape[0], np.sqrt(c)), X]), d)


def monomials(X: object, degree: int) -> np.ndarray:
    """All ordered degree-d monomials x^{⊗d}: ⟨φ(x), φ(x')⟩ = ⟨x, x'⟩^d.

    Parameters
    ----------
    X : array-like of shape (m, n)
    degree : int >= 1

    Returns
    -------
    Phi : ndarray of shape (m, n^d)
        Column w = (w_1..w_d) ∈ {1..n}^d (row-major) holds Π_i x_{w_i}; computing
        it costs O(n^d) per point, against O(n) for the kernel (claim K2).
    """
    X = check_array(X)
    d = int(
        check_scalar(degree, "degree", "monomials", kind="int", low=1, closed="left")
    )
    phi = X
    for _ in range(d - 1):
        phi = np.einsum("ij,ik->ijk", phi, X).reshape(X.shape[0], -1)
    return phi


def subset_products(X: object) -> np.ndarray:
    """(Π_{i∈S} x_i)_{S ⊆ {1..n}}: ⟨φ(x), φ(x')⟩ = Π_i (1 + x_i x'_i).

    Returns
    -------
    Phi : ndarray of shape (m, 2^n)
        Column j holds the product over the features whose bits are set in j
        (column 0 is the empty product, 1).
    """
    X = check_array(X)
    phi = np.ones((X.shape[0], 1))
    for i in range(X.shape[1]):
        phi = np.concatenate([phi, phi * X[:, i : i + 1]], axis=1)
    return phi


@cache
def _compositions(total: int, parts: int) -> np.ndarray:
    """Every a ∈ N^parts with Σ a_i = total, the first part decreasing."""
    if parts == 1:
        return np.array([[total]], dtype=np.int64)
    blocks = [
        np.column_stack(
            [
                np.full(len(rest := _compositions(total - first, parts - 1)), first),
                rest,
            ]
        )
        for first in range(total, -1, -1)
    ]
    return np.concatenate(blocks).astype(np.int64)


def series_indices(n_features: int, degree: int) -> np.ndarray:
    """The multi-indices a ∈ N^n with |a| = Σ a_i ≤ N, by total degree.

    Parameters
    ----------
    n_features : int >= 1
        n, the dimension of x.
    degree : int >= 0
        N, the largest total degree.

    Returns
    -------
    ndarray of int of shape (C(N+n, n), n)
        Row c is the multi-index of coordinate c of :func:`gaussian_series`:
        total degree 0 first, then 1, …, N; within one degree the first
        component decreasing (for n = 2: (0, 0), (1, 0), (0, 1), (2, 0), …).
    """
    n = int(
        check_scalar(
            n_features, "n_features", "series_indices", kind="int", low=1, closed="left"
        )
    )
    N = int(
        check_scalar(
            degree, "degree", "series_indices", kind="int", low=0, closed="left"
        )
    )
    return np.concatenate([_compositions(t, n) for t in range(N + 1)])


def series_dimension(n_features: int, degree: int) -> int:
    """C(N + n, n): the number of multi-indices a ∈ N^n with |a| ≤ N."""
    return math.comb(int(degree) + int(n_features), int(n_features))


def gaussian_series(X: object, sigma: float, degree: int) -> np.ndarray:
    """The Gaussian kernel's feature vector, truncated at total degree N.

    Shewchuk, Lecture 14, 'The Gaussian Kernel', writes it for one feature:
    Φ(x) = exp(−x²/2σ²) [1, x/(σ√1!), x²/(σ²√2!), …], "an infinite vector",
    with Φ(x)ᵀΦ(z) "a converging series". For n features there is one
    coordinate per multi-index a ∈ N^n (:func:`series_indices`),

        φ_a(x) = exp(−‖x‖²/2σ²) · x^a / (σ^{|a|} √(a!)),

    x^a = Π_i x_i^{a_i}, a! = Π_i a_i!, |a| = Σ_i a_i; φ_N keeps the
    C(N + n, n) coordinates with |a| ≤ N. By the multinomial theorem,
    Σ_{|a|=k} (x∘z)^a / a! = (x·z)^k / k!, so with s = x·z/σ²

        ⟨φ_N(x), φ_N(z)⟩ = exp(−(‖x‖² + ‖z‖²)/2σ²) Σ_{k≤N} s^k/k!,

    the Taylor polynomial of e^s times the prefactors, which tends to
    exp(−‖x − z‖²/2σ²) as N → ∞ (claim K17).

    Parameters
    ----------
    X : array-like of shape (m, n)
    sigma : float > 0
    degree : int >= 0
        N.

    Returns
    -------
    Phi : ndarray of shape (m, C(N+n, n))
        Columns in the order of :func:`series_indices`. Each factor
        exp(−x_i²/2σ²) (x_i/σ)^k / √(k!) is computed from its logarithm, so
        no power overflows and no prefactor underflows on its own; every
        coordinate is at most 1 in absolute value.

    Examples
    --------
    >>> phi = gaussian_series([[1.0]], sigma=1.0, degree=2)
    >>> np.round(phi / np.exp(-0.5), 6).tolist()
    [[1.0, 1.0, 0.707107]]
    """
    # Imported here: the workflow's configuration check reads this module
    # (series_dimension) and need not load scipy.special.
    from scipy.special import gammaln

    X = check_array(X)
    s = float(
        check_scalar(sigma, "sigma", "gaussian_series", low=0.0, closed="neither")
    )
    N = int(
        check_scalar(
            degree, "degree", "gaussian_series", kind="int", low=0, closed="left"
        )
    )
    u = X / s  # (m, n)
    k = np.arange(N + 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        # k log|u|, with u^0 = 1 also at u = 0 (where log|u| = −inf).
        power = np.where(k > 0, k * np.log(np.abs(u))[:, :, None], 0.0)
    # log |exp(−u²/2) u^k / √k!|, one factor per feature and power k.
    log_factor = power - 0.5 * u[:, :, None] ** 2 - 0.5 * gammaln(k + 1.0)
    sign = np.where((u[:, :, None] < 0) & (k % 2 == 1), -1.0, 1.0)
    factor = sign * np.exp(log_factor)  # (m, n, N + 1)
    index = series_indices(X.shape[1], N)
    phi = np.ones((X.shape[0], index.shape[0]))
    for i in range(X.shape[1]):
        phi *= factor[:, i, index[:, i]]
    return phi
