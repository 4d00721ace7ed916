"""Kernels (marginlab.core.kernels): values against scikit-learn, Gram
matrices, the PSD check, feature-space distances and parameter errors."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics.pairwise import (
    euclidean_distances,
    linear_kernel,
    polynomial_kernel,
    rbf_kernel,
)

import marginlab
from marginlab.core import kernels
from marginlab.core.kernels import (
    Gaussian,
    Laplacian,
    Linear,
    Polynomial,
    ProductPolynomial,
    feature_distance,
    feature_maps,
    functions,
    is_psd,
    make_kernel,
    min_eigenvalue_ratio,
)

from .conftest import points


@pytest.mark.parametrize("sigma", [0.1, 0.5, 1.0, 3.0])
def test_gaussian_equals_sklearn_rbf(sigma: float) -> None:
    rng = np.random.default_rng(0)
    X, Z = rng.standard_normal((50, 4)), rng.standard_normal((30, 4))
    expected = rbf_kernel(X, Z, gamma=1.0 / (2.0 * sigma**2))
    np.testing.assert_allclose(Gaussian(sigma=sigma)(X, Z), expected, atol=1e-12)


def test_linear_equals_sklearn() -> None:
    rng = np.random.default_rng(1)
    X, Z = rng.standard_normal((20, 3)), rng.standard_normal((7, 3))
    np.testing.assert_allclose(Linear()(X, Z), linear_kernel(X, Z), atol=1e-12)


def test_worked_value() -> None:
    """exp(−1/2) for two points at distance 1 with σ = 1."""
    K = Gaussian(sigma=1.0)([[0.0, 0.0], [1.0, 0.0]])
    assert K[0, 1] == pytest.approx(np.exp(-0.5), abs=1e-15)
    assert K[0, 0] == 1.0


@pytest.mark.parametrize("kernel", [Gaussian(sigma=0.7), Linear()])
def test_blocks_do_not_change_the_result(kernel) -> None:
    rng = np.random.default_rng(2)
    X = rng.standard_normal((37, 3))
    whole = kernel(X)
    kernel.block_bytes = 8 * 37 * 5  # five rows per block, the last one short
    # Equal up to rounding: BLAS may sum a block's products in another order.
    np.testing.assert_allclose(kernel(X), whole, rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(kernel.diag(X), np.diag(whole), atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(X=points, sigma=st.floats(0.05, 10.0))
def test_gaussian_gram_is_symmetric_psd_with_unit_diagonal(X, sigma) -> None:
    K = Gaussian(sigma=sigma)(X)
    assert np.all((K >= 0) & (K <= 1))
    np.testing.assert_allclose(K, K.T, atol=1e-12)
    np.testing.assert_array_equal(np.diag(K) >= 1 - 1e-12, True)
    assert np.linalg.eigvalsh((K + K.T) / 2).min() >= -1e-10 * np.trace(K)


@settings(max_examples=40, deadline=None)
@given(X=points)
def test_linear_gram_is_psd(X) -> None:
    K = Linear()(X)
    assert np.linalg.eigvalsh(K).min() >= -1e-10 * max(1.0, np.trace(K))


def test_near_duplicate_points_are_clipped_to_one() -> None:
    X = np.array([[1e8, 1e8], [1e8, 1e8 + 1e-9]])
    K = Gaussian(sigma=1.0)(X)
    assert np.all(K <= 1.0)


def test_make_kernel_from_config_dict() -> None:
    kernel = make_kernel({"name": "gaussian", "sigma": 0.5})
    assert kernel == Gaussian(sigma=0.5)
    assert kernel.to_config() == {"name": "gaussian", "sigma": 0.5}
    assert kernel.get_params() == {"sigma": 0.5}
    assert make_kernel(Linear().to_config()) == Linear()
    tuned = Gaussian(sigma=0.5)
    tuned.block_bytes = 1024  # a memory setting, not a hyper-parameter
    assert tuned == kernel
    assert tuned.get_params() == kernel.get_params()
    assert repr(tuned) == "Gaussian(sigma=0.5)"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"name": "cosine"}, "Unknown kernel 'cosine'"),
        ({"name": "gaussian", "gamma": 1.0}, "Bad parameters for kernel 'gaussian'"),
        (
            {"name": "gaussian", "sigma": -1},
            r"The 'sigma' parameter of Gaussian must be a float in the range "
            r"\(0, inf\)\. Got -1\.",
        ),
    ],
)
def test_make_kernel_errors(spec, message) -> None:
    with pytest.raises(ValueError, match=message):
        make_kernel(spec)


def test_mismatched_dimensions_are_reported() -> None:
    with pytest.raises(ValueError, match="X has 2 features but Z has 3"):
        Gaussian()(np.zeros((2, 2)), np.zeros((2, 3)))


def test_invalid_sigma_is_caught_at_call_time() -> None:
    kernel = Gaussian(sigma=0.0)  # __init__ only stores
    with pytest.raises(ValueError, match="'sigma' parameter of Gaussian"):
        kernel(np.zeros((2, 2)))


# --- the other kernels, PSD checks (K3) ------------------------------------


@pytest.mark.parametrize(("degree", "c"), [(1, 0.0), (2, 0.0), (3, 1.0), (4, 0.5)])
def test_polynomial_equals_sklearn(degree: int, c: float) -> None:
    rng = np.random.default_rng(3)
    X, Z = rng.standard_normal((15, 3)), rng.standard_normal((9, 3))
    expected = polynomial_kernel(X, Z, degree=degree, gamma=1.0, coef0=c)
    np.testing.assert_allclose(Polynomial(degree=degree, c=c)(X, Z), expected)


def test_laplacian_uses_the_euclidean_distance() -> None:
    rng = np.random.default_rng(4)
    X, Z = rng.standard_normal((12, 3)), rng.standard_normal((5, 3))
    expected = np.exp(-0.7 * euclidean_distances(X, Z))
    np.testing.assert_allclose(Laplacian(lam=0.7)(X, Z), expected, atol=1e-12)


def test_product_polynomial_worked_value() -> None:
    # (1 + 1·2)(1 + 3·(−1)) = 3 · (−2)
    assert ProductPolynomial()([[1.0, 3.0]], [[2.0, -1.0]])[0, 0] == -6.0


@settings(max_examples=30, deadline=None)
@given(X=points)
def test_valid_kernels_pass_the_psd_check(X) -> None:
    for kernel in (Polynomial(degree=3), ProductPolynomial(), Laplacian(lam=0.5)):
        assert is_psd(kernel(X)), kernel


def test_a_distance_matrix_is_not_psd() -> None:
    X = np.random.default_rng(5).standard_normal((10, 2))
    D = euclidean_distances(X)
    assert min_eigenvalue_ratio(D) < -0.01
    assert not is_psd(D)
    assert not is_psd(np.array([[1.0, 2.0], [0.0, 1.0]]))  # not symmetric


def test_feature_distance_of_the_linear_kernel_is_euclidean() -> None:
    rng = np.random.default_rng(6)
    X, Z = rng.standard_normal((8, 3)), rng.standard_normal((4, 3))
    np.testing.assert_allclose(
        feature_distance(Linear(), X, Z), euclidean_distances(X, Z), atol=1e-12
    )
    np.testing.assert_array_equal(np.diag(feature_distance(Gaussian(), X)), 0.0)


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (Polynomial(degree=0), "'degree' parameter of Polynomial must be an int"),
        (Polynomial(degree=2, c=-1.0), "'c' parameter of Polynomial"),
        (Laplacian(lam=0.0), "'lam' parameter of Laplacian"),
    ],
)
def test_invalid_hyper_parameters(kernel, message) -> None:
    with pytest.raises(ValueError, match=message):
        kernel(np.zeros((2, 2)))


def test_squared_distances_match_sklearn_and_have_a_zero_diagonal() -> None:
    from marginlab.core.kernels import squared_distances

    rng = np.random.default_rng(7)
    X, Z = rng.standard_normal((30, 4)) * 100, rng.standard_normal((11, 4))
    np.testing.assert_allclose(
        squared_distances(X, Z), euclidean_distances(X, Z) ** 2, rtol=1e-10
    )
    D = squared_distances(X)
    np.testing.assert_array_equal(np.diag(D), 0.0)
    assert np.all(D >= 0)


@settings(max_examples=60, deadline=None)
@given(
    m=st.integers(1, 300),
    n=st.integers(1, 6),
    scale=st.sampled_from([0.01, 1.0, 30.0]),
    sigma=st.sampled_from([0.05, 0.7, 5.0]),
    seed=st.integers(0, 10_000),
)
def test_a_gaussian_column_is_the_numpy_formula_to_the_last_bit(
    m: int, n: int, scale: float, sigma: float, seed: int
) -> None:
    """Gaussian._column (the two subtractions and the clip in one compiled
    pass) gives the values of the numpy operations that form a Gram block:
    product, −‖z_i‖²/(2σ²), −‖z_t‖²/(2σ²), clip at 0, exp; duplicates too."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n)) * scale
    X[rng.integers(0, m, size=m // 3)] = X[0]  # exponents at or above 0
    kernel = Gaussian(sigma=sigma)
    state = kernel._prepare(X)
    zt, z_half, _ = state
    i, start = int(rng.integers(0, m)), int(rng.integers(0, m))
    stop = int(rng.integers(start, m + 1))
    out = np.empty(stop - start)
    kernel._column(X, state, i, start, stop, out)
    expected = np.empty(stop - start)
    np.matmul(X[i], zt[:, start:stop], out=expected)
    expected -= z_half[i]
    expected -= z_half[start:stop]
    np.minimum(expected, 0.0, out=expected)
    np.exp(expected, out=expected)
    np.testing.assert_array_equal(out.view(np.int64), expected.view(np.int64))


@pytest.mark.parametrize("module", [functions, feature_maps])
def test_all_lists_the_public_names(module) -> None:
    """A module's ``__all__`` names objects that exist, once each, and holds
    every public class and function the module defines."""
    names = module.__all__
    assert len(set(names)) == len(names)
    missing = [name for name in names if not hasattr(module, name)]
    assert missing == []
    defined = {
        name
        for name, obj in vars(module).items()
        if not name.startswith("_")
        and (inspect.isclass(obj) or inspect.isfunction(obj))
        and obj.__module__ == module.__name__
    }
    assert defined <= set(names), defined - set(names)


def test_the_package_gathers_its_modules_names() -> None:
    """``marginlab.core.kernels`` holds the names of its two modules and every
    name the package's ``__all__`` takes from it; ``import *`` gives exactly
    those names."""
    names = kernels.__all__
    assert set(names) == {*functions.__all__, *feature_maps.__all__}
    assert set(marginlab._HOMES["core.kernels"]) <= set(names)
    namespace: dict[str, object] = {}
    exec("from marginlab.core.kernels import *", namespace)  # noqa: S102
    assert set(namespace) - {"__builtins__"} == set(names)
