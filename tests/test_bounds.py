from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from kernelboost import bounds
from kernelboost.boosting import AdaBoost, NoEdgeWarning

SEEDS = st.integers(0, 2**32 - 1)
EPS = hnp.arrays(
    np.float64,
    st.integers(1, 50),
    elements=st.floats(1e-6, 0.5, allow_nan=False),
)


def test_product_Z_values() -> None:
    assert bounds.product_Z([0.25, 0.25]) == pytest.approx(0.75, rel=1e-15)
    assert bounds.product_Z([0.5] * 7) == pytest.approx(1.0, rel=1e-15)
    assert bounds.product_Z([0.0, 0.3]) == 0.0
    np.testing.assert_allclose(
        bounds.product_Z([0.1, 0.2, 0.4], cumulative=True),
        np.cumprod(2 * np.sqrt([0.1 * 0.9, 0.2 * 0.8, 0.4 * 0.6])),
        rtol=1e-14,
    )
    np.testing.assert_allclose(bounds.z_factor([0.25, 0.5]), [math.sqrt(0.75), 1.0])
    # Long products neither underflow early nor lose precision.
    assert bounds.product_Z(np.full(2000, 0.4)) == pytest.approx(
        math.exp(1000 * math.log(0.96)), rel=1e-10
    )


@settings(max_examples=100, deadline=None)
@given(eps=EPS)
def test_b1_chain_of_closed_forms(eps) -> None:
    """Π Z_t = Π √(1 − 4γ_t²) ≤ exp(−2 Σ γ_t²) ≤ exp(−2 γ² T), per round."""
    gammas = 0.5 - eps
    z = bounds.product_Z(eps, cumulative=True)
    g = bounds.gamma_bound(gammas, cumulative=True)
    T = np.arange(1, eps.size + 1)
    running_min = np.minimum.accumulate(gammas)
    u = np.array(
        [
            bounds.uniform_gamma_bound(float(gm), int(t))
            for gm, t in zip(running_min, T, strict=True)
        ]
    )
    np.testing.assert_allclose(z, np.cumprod(np.sqrt(1 - 4 * gammas**2)), rtol=1e-9)
    assert (z <= g * (1 + 1e-12)).all()
    assert (g <= u * (1 + 1e-12)).all()
    assert bounds.product_Z(eps) == pytest.approx(z[-1], rel=1e-12)
    assert bounds.gamma_bound(gammas) == pytest.approx(g[-1], rel=1e-12)


def test_uniform_gamma_bound() -> None:
    assert bounds.uniform_gamma_bound(0.1, 100) == pytest.approx(math.exp(-2.0))
    np.testing.assert_allclose(
        bounds.uniform_gamma_bound(0.25, [0, 8]), [1.0, math.exp(-1.0)]
    )
    with pytest.raises(ValueError, match="'gamma' parameter of uniform_gamma_bound"):
        bounds.uniform_gamma_bound(0.6, 3)
    with pytest.raises(ValueError, match="T of uniform_gamma_bound must be >= 0"):
        bounds.uniform_gamma_bound(0.1, -1)


@settings(max_examples=60, deadline=None)
@given(eps=EPS, rho=st.floats(-1.0, 1.0))
def test_margin_distribution_bound_forms(eps, rho) -> None:
    T = eps.size
    direct = 2.0**T * np.prod(np.sqrt(eps ** (1 - rho) * (1 - eps) ** (1 + rho)))
    got = bounds.margin_distribution_bound(eps, rho)
    if direct > 1e-250:  # the direct product underflows first
        assert got == pytest.approx(direct, rel=1e-9)
    # ρ = 0 is Π Z_t, and the bound grows with ρ.
    assert bounds.margin_distribution_bound(eps, 0.0) == pytest.approx(
        bounds.product_Z(eps), rel=1e-12
    )
    grid = np.linspace(-1, 1, 9)
    values = bounds.margin_distribution_bound(eps, grid)
    assert values.shape == (9,)
    assert (np.diff(values) >= -1e-12 * values[1:]).all()
    curve = bounds.margin_distribution_bound(eps, grid, cumulative=True)
    assert curve.shape == (T, 9)
    np.testing.assert_allclose(curve[-1], values, rtol=1e-12)
    # With every edge equal to γ it is the uniform form of Mohri, Boosting.
    gamma = float(0.5 - eps[0])
    same = np.full(T, eps[0])
    assert bounds.margin_distribution_bound(same, rho) == pytest.approx(
        bounds.uniform_margin_bound(gamma, rho, T), rel=1e-9
    )


def test_margin_distribution_bound_edge_cases() -> None:
    # ε = 0 at ρ = 1: 0 · ln 0 = 0, so no NaN.
    assert bounds.margin_distribution_bound([0.0, 0.25], 1.0) == pytest.approx(
        4 * math.sqrt(0.75**2 * 1.0)
    )
    assert bounds.margin_distribution_bound([0.0], 0.5) == 0.0
    with pytest.raises(ValueError, match=r"rho of margin_distribution_bound must lie"):
        bounds.margin_distribution_bound([0.1], 1.5)
    with pytest.raises(ValueError, match=r"eps of product_Z must lie in \[0, 1\]"):
        bounds.product_Z([0.1, -0.2])


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, m=st.integers(10, 80), T=st.integers(1, 60))
def test_b6_margin_distribution_bound_holds_for_adaboost(seed, m, T) -> None:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 2))
    y = np.where(X[:, 0] * X[:, 1] + 0.2 * rng.standard_normal(m) > 0, 1.0, -1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        model = AdaBoost(n_rounds=T).fit(X, y)
    if model.n_rounds_ == 0:
        return
    margins = model.margins(X, y)
    eps = model.history_["eps"].to_numpy()
    grid = np.linspace(0.0, 1.0, 21)
    bound = bounds.margin_distribution_bound(eps, grid)
    fraction = (margins[:, None] <= grid[None, :]).mean(axis=0)
    assert (fraction <= bound * (1 + 1e-12)).all()


def test_uniform_margin_bound_decreases_in_T_iff_rho_below_gamma() -> None:
    T = np.arange(0, 50)
    below = bounds.uniform_margin_bound(0.2, 0.1, T)
    above = bounds.uniform_margin_bound(0.2, 0.3, T)
    assert below[0] == above[0] == 1.0
    assert (np.diff(below) < 0).all()
    assert (np.diff(above) > 0).all()


def test_vcdim_ft_bound() -> None:
    assert bounds.vcdim_ft_bound(1, 1) == pytest.approx(8 * math.log2(2 * math.e))
    T = np.array([1, 10, 100])
    np.testing.assert_allclose(
        bounds.vcdim_ft_bound(3, T), 8 * (T + 1) * np.log2((T + 1) * math.e)
    )
    with pytest.raises(ValueError, match=r"The 'd' parameter of vcdim_ft_bound"):
        bounds.vcdim_ft_bound(0, 5)
    with pytest.raises(ValueError, match="T of vcdim_ft_bound must be >= 1"):
        bounds.vcdim_ft_bound(2, 0)


def test_mwu_rounds() -> None:
    assert bounds.mwu_rounds(0.1, 0.1) == math.ceil(400 * math.log(10)) == 922
    assert bounds.mwu_rounds(0.25, 0.5) == math.ceil(64 * math.log(2))
    # 4/γ² ln(1/ν) = 16 exactly: no extra round from rounding.
    assert bounds.mwu_rounds(0.25, math.exp(-0.25)) == 16
    assert bounds.mwu_rounds(0.49, 0.999) == 1
    for gamma in (0.0, 0.5, -0.1):
        with pytest.raises(ValueError, match="'gamma' parameter of mwu_rounds"):
            bounds.mwu_rounds(gamma, 0.1)
    for nu in (0.0, 1.0):
        with pytest.raises(
            ValueError, match=r"'nu' parameter of mwu_rounds .*\(0, 1\)"
        ):
            bounds.mwu_rounds(0.1, nu)
