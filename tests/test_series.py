"""K17: the Gaussian kernel's feature series, its table and its claim rows."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics.pairwise import rbf_kernel

from kernelboost.core.datasets import make_dataset
from kernelboost.core.feature_maps import (
    gaussian_series,
    series_dimension,
    series_indices,
)
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments.gaussian_series.claims import k17_gaussian_series
from kernelboost.experiments.gaussian_series.study import (
    gaussian_series_table,
    tail_bound,
)
from kernelboost.pipeline.jobs import place_rows, plotter


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


@settings(max_examples=60, deadline=None)
@given(
    x=st.lists(st.floats(-3, 3), min_size=2, max_size=2),
    z=st.lists(st.floats(-3, 3), min_size=2, max_size=2),
    sigma=st.floats(0.3, 3.0),
    N=st.integers(0, 30),
)
def test_the_error_never_exceeds_the_taylor_tail(x, z, sigma, N) -> None:
    X = np.array([x, z])
    phi = gaussian_series(X, sigma, N)
    error = abs(phi[0] @ phi[1] - np.exp(-np.sum((X[0] - X[1]) ** 2) / (2 * sigma**2)))
    assert error <= tail_bound(X, sigma, [N])[0, 0, 1] + 1e-13


@pytest.fixture(scope="module")
def series() -> pd.DataFrame:
    data = make_dataset({"generator": "moons", "n_samples": 30, "seed": 4})
    return gaussian_series_table(data, [0.5, 2.0], max_degree=90, n_points=20)


def test_table_shape_and_convergence(series) -> None:
    assert len(series) == 2 * 91
    assert (series["n_coordinates"] == series["dimension_formula"]).all()
    assert series.groupby("sigma")["n_pairs"].first().tolist() == [210, 210]
    last = series[series["degree"] == 90]
    assert (last["max_error"] < 1e-12).all()
    # Smaller σ, larger |s|: the error of σ = 0.5 is still large where σ = 2's
    # is already small.
    at10 = series[series["degree"] == 10].set_index("sigma")["max_error"]
    assert at10[0.5] > 1e-3 > 1e-6 > at10[2.0]


def test_k17_rows_hold_on_the_measured_series(series) -> None:
    rows = place_rows("K17", k17_gaussian_series(series))
    assert [r.id for r in rows] == ["K17"] * 6
    assert [r.kind for r in rows] == ["theorem", "theorem", "illustration", "check"] + [
        "empirical"
    ] * 2
    assert [r.verdict for r in rows] == ["true", "true", "n/a", "true", "true", "true"]
    assert "first ≤ 1e-12 at N = " in rows[4].quantity


@pytest.mark.can_fail("K17")
@pytest.mark.parametrize(
    ("column", "value", "failing"),
    [
        ("max_excess", 1e-6, 0),  # an error above its Taylor bound
        ("max_rise_nonneg", 1e-6, 1),  # an error that grew where x·z ≥ 0
        ("n_coordinates", 7, 3),  # a map of the wrong size
    ],
)
def test_k17_rows_follow_the_numbers(series, column, value, failing) -> None:
    broken = series.copy()
    broken.loc[broken["degree"] == 5, column] = value
    rows = k17_gaussian_series(broken)
    assert [i for i, r in enumerate(rows) if r.holds is False] == [failing]


def test_k17_a_series_stopped_too_early_does_not_hold(series) -> None:
    short = series[series["degree"] <= 20]
    rows = k17_gaussian_series(short)
    verdicts = {r.title: r.holds for r in rows if r.kind == "empirical"}
    assert verdicts == {
        "φ_N(x)·φ_N(z) converges to k(x, z) (σ = 0.5)": False,
        "φ_N(x)·φ_N(z) converges to k(x, z) (σ = 2)": True,
    }
    assert "not ≤ 1e-12 at any N ≤ 20" in rows[4].quantity


def test_figure_draws(series, tmp_path) -> None:
    save_figure(plotter("gaussian_series")(series), tmp_path / "s.png")
    assert (tmp_path / "s.png").stat().st_size > 1000
