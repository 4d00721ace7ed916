"""Explicit feature maps (marginlab.core.kernels.feature_maps): the XOR quadratic map,
tensor powers, subset products, monomials and the Gaussian kernel's feature
series, each against the kernel it reproduces."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics.pairwise import rbf_kernel

from marginlab.core.kernels import Polynomial, ProductPolynomial
from marginlab.core.kernels.feature_maps import (
    gaussian_series,
    monomials,
    quadratic_r2,
    series_dimension,
    series_indices,
    subset_products,
    tensor_power,
)

from .conftest import points


def test_monomials_give_the_homogeneous_polynomial_kernel() -> None:
    X = np.random.default_rng(1).standard_normal((6, 4))
    for d in (1, 2, 3):
        phi = monomials(X, d)
        assert phi.shape == (6, 4**d)
        np.testing.assert_allclose(phi @ phi.T, (X @ X.T) ** d, rtol=1e-9, atol=1e-12)


def test_xor_quadratic_feature_map() -> None:
    """Huang 2017, 'XOR Example': with (x·x')², w = (0, 2√2, 0)·… separates XOR.

    (The slide writes w = (0, 0, 2√2) for φ = (x1², x2², √2 x1x2); our φ puts
    √2 x1x2 second.)
    """
    X = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    y = np.array([1.0, 1.0, -1.0, -1.0])
    phi = quadratic_r2(X)
    w = np.array([0.0, 2.0 * np.sqrt(2.0), 0.0])  # the √2·x1x2 coordinate
    assert np.all(y * (phi @ w) > 0)


@settings(max_examples=30, deadline=None)
@given(
    X=points,
    degree=st.integers(1, 4),
    c=st.floats(0.0, 3.0),
)
def test_tensor_power_reproduces_the_polynomial_kernel(X, degree, c) -> None:
    K = Polynomial(degree=degree, c=c)(X)
    Psi = tensor_power(X, degree, c)
    assert Psi.shape[1] == (X.shape[1] + 1) ** degree
    np.testing.assert_allclose(Psi @ Psi.T, K, rtol=1e-9, atol=1e-9 * np.abs(K).max())


@settings(max_examples=30, deadline=None)
@given(X=points)
def test_subset_products_reproduce_the_product_kernel(X) -> None:
    K = ProductPolynomial()(X)
    Phi = subset_products(X)
    assert Phi.shape[1] == 2 ** X.shape[1]
    np.testing.assert_allclose(Phi @ Phi.T, K, rtol=1e-9, atol=1e-9 * np.abs(K).max())


def test_subset_product_columns_are_the_subsets() -> None:
    # Column j multiplies the features whose bit is set in j: 1, x1, x2, x1x2.
    np.testing.assert_array_equal(subset_products([[2.0, 3.0]]), [[1, 2, 3, 6]])


def test_quadratic_map_needs_two_features() -> None:
    with pytest.raises(ValueError, match="R² to R³; X has 3 features"):
        quadratic_r2(np.zeros((2, 3)))


def test_one_feature_is_the_lecture_vector() -> None:
    # Shewchuk, Lecture 14: exp(-x²/2σ²) [1, x/(σ√1!), x²/(σ²√2!), ...].
    x, sigma = 1.3, 0.7
    phi = gaussian_series([[x]], sigma, 4)[0]
    expected = np.exp(-(x**2) / (2 * sigma**2)) * np.array(
        [(x / sigma) ** k / math.sqrt(math.factorial(k)) for k in range(5)]
    )
    np.testing.assert_allclose(phi, expected, rtol=1e-14)


def test_indices_are_every_multi_index_by_degree() -> None:
    index = series_indices(3, 4)
    assert index.shape == (series_dimension(3, 4), 3) == (35, 3)
    assert len({tuple(r) for r in index}) == 35
    degree = index.sum(axis=1)
    assert degree.max() == 4
    assert np.all(np.diff(degree) >= 0)  # total degree 0 first, then 1, ...
    assert series_indices(2, 2).tolist() == [
        [0, 0],
        [1, 0],
        [0, 1],
        [2, 0],
        [1, 1],
        [0, 2],
    ]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_inner_product_is_the_taylor_polynomial_times_the_prefactors(n) -> None:
    """Σ_{|a|=k} (x∘z)^a/a! = (x·z)^k/k! (multinomial theorem), degree by degree."""
    rng = np.random.default_rng(n)
    X = rng.standard_normal((6, n))
    sigma = 0.8
    s = X @ X.T / sigma**2
    sq = (X**2).sum(axis=1)
    prefactor = np.exp(-(sq[:, None] + sq[None, :]) / (2 * sigma**2))
    for N in (0, 1, 3, 7):
        phi = gaussian_series(X, sigma, N)
        assert phi.shape == (6, math.comb(N + n, n))
        taylor = sum(s**k / math.factorial(k) for k in range(N + 1))
        np.testing.assert_allclose(phi @ phi.T, prefactor * taylor, rtol=1e-12)


def test_converges_to_scikit_learns_rbf_kernel() -> None:
    X = np.random.default_rng(0).standard_normal((8, 2))
    sigma = 1.5  # rbf_kernel's gamma = 1/(2σ²)
    phi = gaussian_series(X, sigma, 40)
    np.testing.assert_allclose(
        phi @ phi.T, rbf_kernel(X, gamma=1 / (2 * sigma**2)), atol=1e-14
    )
    coarse = gaussian_series(X, sigma, 2)
    assert (
        np.abs(coarse @ coarse.T - rbf_kernel(X, gamma=1 / (2 * sigma**2))).max() > 1e-3
    )


def test_large_inputs_neither_overflow_nor_underflow_alone() -> None:
    phi = gaussian_series([[40.0, 0.0], [-12.0, 3.0]], 1.0, 60)
    assert np.isfinite(phi).all()
    assert np.abs(phi).max() <= 1.0
    # x/σ = 40: the coordinate of degree 1600 would be ~1, but N = 60 keeps
    # only the far-left tail of the series: tiny, not NaN.
    assert np.abs(phi[0]).max() < 1e-100
    assert gaussian_series([[0.0]], 1.0, 3).tolist() == [[1.0, 0.0, 0.0, 0.0]]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"sigma": 0.0, "degree": 2}, "'sigma' parameter of gaussian_series"),
        ({"sigma": 1.0, "degree": -1}, "'degree' parameter of gaussian_series"),
    ],
)
def test_bad_parameters(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        gaussian_series([[1.0]], **kwargs)
