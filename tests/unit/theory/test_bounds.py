"""Closed-form bounds (marginlab.theory.bounds): AdaBoost's training-error
chain, the margin bounds, the VC-dimension bound and the MWU bounds."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.ensemble import NoEdgeWarning
from marginlab.theory import bounds

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
    assume(np.unique(y).size == 2)  # one class is refused
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


# --- B16, B17, B18 -------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(
    eps=EPS,
    gamma=st.floats(1e-3, 0.49),
    rho=st.floats(0.0, 1.0),
)
def test_product_bound_below_uniform_bound_iff_rho_at_most_2gamma(eps, gamma, rho):
    # With every ε_t ≤ ½ − γ, B6's product bound is at most the uniform one
    # when ρ ≤ 2γ (ε^{1−ρ}(1−ε)^{1+ρ} increases up to (1 − ρ)/2 ≥ ½ − γ) ...
    eps = np.minimum(eps, 0.5 - gamma)
    T = len(eps)
    product = bounds.margin_distribution_bound(eps, rho)
    uniform = bounds.uniform_margin_bound(gamma, rho, T)
    if rho <= 2 * gamma:
        assert product <= uniform * (1 + 1e-9)
    else:
        # ... beyond it the uniform bound is ≥ 1, so it still bounds a fraction.
        assert uniform >= 1.0 - 1e-12


def test_product_bound_can_exceed_the_uniform_bound_beyond_2gamma() -> None:
    # The slide's step "the upper bound can be bounded by" needs ρ ≤ 2γ: with
    # γ = 0.05, ρ = 0.5 and ε = (1 − ρ)/2 = 0.25 ≤ ½ − γ the product is larger.
    product = bounds.margin_distribution_bound([0.25], 0.5)
    uniform = bounds.uniform_margin_bound(0.05, 0.5, 1)
    assert product == pytest.approx(2 * math.sqrt(0.25**0.5 * 0.75**1.5))
    assert product > uniform >= 1.0


def test_ramp_margin_loss_lies_between_error_and_fraction() -> None:
    rng = np.random.default_rng(0)
    u = rng.uniform(-1, 1, 200)
    rho = np.array([0.05, 0.2, 0.7, 1.0])
    loss = bounds.ramp_margin_loss(u, rho)
    assert loss.shape == (4,)
    assert (loss >= np.mean(u <= 0) - 1e-15).all()
    assert (loss <= (u[None, :] <= rho[:, None]).mean(axis=1) + 1e-15).all()
    assert (np.diff(loss) >= 0).all()  # non-decreasing in ρ
    assert bounds.ramp_margin_loss([-1.0, 0.05, 0.5], 0.1) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="rho of ramp_margin_loss must be > 0"):
        bounds.ramp_margin_loss(u, 0.0)


def test_margin_bounds_term_by_term() -> None:
    rad = bounds.rademacher_margin_bound([0.1, 0.2], [0.1, 0.5], 0.05, 400, 0.05)
    np.testing.assert_allclose(rad["complexity"], [1.0, 0.2])
    np.testing.assert_allclose(rad["confidence"], 3 * math.sqrt(math.log(40) / 800))
    np.testing.assert_allclose(
        rad["bound"], rad["margin_loss"] + rad["complexity"] + rad["confidence"]
    )
    vc = bounds.vc_margin_bound(0.1, 0.5, 3, 400, 0.05)
    assert float(vc["complexity"]) == pytest.approx(
        4 * math.sqrt(6 * math.log(math.e * 400 / 3) / 400)
    )
    assert float(vc["confidence"]) == pytest.approx(math.sqrt(math.log(20) / 800))
    assert float(vc["bound"]) == pytest.approx(
        0.1 + float(vc["complexity"]) + float(vc["confidence"])
    )
    # A larger d (an upper bound on the VC dimension) gives a larger bound.
    assert bounds.vc_margin_bound(0.1, 0.5, 4, 400, 0.05)["bound"] > vc["bound"]
    with pytest.raises(ValueError, match="rho of vc_margin_bound must be > 0"):
        bounds.vc_margin_bound(0.1, -0.5, 3, 400, 0.05)


def _lecture1_mwu(losses: np.ndarray, epsilon: float, rho: float) -> np.ndarray:
    """l_MWU after every round of w_i ← w_i (1 − ε l_i^t/ρ), w = 1 at start."""
    w = np.ones(losses.shape[1])
    out = []
    for row in losses:
        out.append(float(w @ row) / w.sum())
        w = w * (1 - epsilon * row / rho)
    return np.cumsum(out)


@settings(max_examples=100, deadline=None)
@given(
    seed=SEEDS,
    T=st.integers(1, 60),
    n=st.integers(1, 12),
    epsilon=st.floats(0.01, 0.5),
    rho=st.floats(0.5, 3.0),
)
def test_mwu_subset_bound_holds_for_the_lecture1_update(seed, T, n, epsilon, rho):
    rng = np.random.default_rng(seed)
    losses = rng.uniform(-rho, rho, (T, n))
    loss = _lecture1_mwu(losses, epsilon, rho)
    subset = rng.random(n) < 0.5
    subset[rng.integers(n)] = True
    for S in (subset, np.ones(n, bool), np.arange(n) == rng.integers(n)):
        bound = bounds.mwu_subset_bound(losses, S, epsilon, rho)
        assert bound.shape == (T,)
        assert (loss <= bound + 1e-9).all()


def test_mwu_subset_bound_values_and_errors() -> None:
    losses = np.array([[1.0, 0.0, -1.0], [1.0, 1.0, 0.0]])
    bound = bounds.mwu_subset_bound(losses, [False, True, True], 0.5)
    # After round 1: max(0, −1 + 0.5) + ln(3/2)/0.5; after round 2: max(1.5, −0.5).
    np.testing.assert_allclose(bound, [math.log(1.5) / 0.5, 1.5 + math.log(1.5) / 0.5])
    per_round = bounds.mwu_subset_bound(losses, [[True, False, False], [True] * 3], 0.5)
    np.testing.assert_allclose(per_round, [1.5 + 2 * math.log(3), 3.0])
    with pytest.raises(ValueError, match="non-empty"):
        bounds.mwu_subset_bound(losses, [False] * 3, 0.5)
    with pytest.raises(ValueError, match=r"values in \[-1, 1\]"):
        bounds.mwu_subset_bound(2 * losses, [True] * 3, 0.5)
