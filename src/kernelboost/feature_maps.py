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
  (2^n in all), giving Π_i (1 + x_i x'_i) (Mądry 2012, §2).

Their sizes grow like n^d and 2^n, which is why kernels are used instead (K2).
"""

from __future__ import annotations

import numpy as np

from ._validation import check_array, check_scalar


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
