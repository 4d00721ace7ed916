"""The Rademacher complexity of stumps (marginlab.theory.rademacher): the
exact sup against brute force, the Monte Carlo estimate and the VC bound."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.estimators.boosting.weak_learners import Stumps
from marginlab.theory.margins import distinct_stumps
from marginlab.theory.rademacher import (
    monte_carlo_deviation,
    stump_rademacher_draws,
    stump_rademacher_sup,
    stump_vc_dimension_bound,
)


def _brute_force_sup(X: np.ndarray, sigma: np.ndarray) -> float:
    """max over every threshold θ ∈ {−∞} ∪ {values of x_j}, feature j and
    polarity s of (1/m) Σ_i σ_i h(x_i), h(x) = s if x_j > θ else −s."""
    m, N = X.shape
    best = -np.inf
    for j in range(N):
        for theta in np.r_[-np.inf, X[:, j]]:
            h = np.where(X[:, j] > theta, 1.0, -1.0)
            for s in (1.0, -1.0):
                best = max(best, float(sigma @ (s * h)) / m)
    return best


def test_exact_sup_matches_brute_force_over_all_thresholds_on_tiny_data() -> None:
    rng = np.random.default_rng(0)
    for _ in range(300):
        m, N = int(rng.integers(1, 8)), int(rng.integers(1, 4))
        X = rng.integers(0, 3, size=(m, N)).astype(float)  # many ties
        sigma = rng.choice([-1.0, 1.0], size=(4, m))
        exact = stump_rademacher_sup(X, sigma)
        assert exact.shape == (4,)
        for k in range(4):
            assert exact[k] == pytest.approx(_brute_force_sup(X, sigma[k]), abs=1e-15)
        # The same as the best column of every distinct stump's predictions.
        H = distinct_stumps(X)
        np.testing.assert_allclose(exact, (sigma @ H).max(axis=1) / m, atol=1e-15)


def test_every_labelling_of_three_points_on_a_line() -> None:
    X = np.array([[0.0], [1.0], [2.0]])
    for sigma in itertools.product((-1.0, 1.0), repeat=3):
        s = np.array(sigma)
        assert float(stump_rademacher_sup(X, s)) == pytest.approx(
            _brute_force_sup(X, s)
        )
    # Two sign changes: no stump gets all three; one flip costs 2 of 3.
    assert float(stump_rademacher_sup(X, [1, -1, 1])) == pytest.approx(1 / 3)
    assert float(stump_rademacher_sup(X, [-1, -1, 1])) == 1.0


def test_sup_agrees_with_the_weak_learner_of_adaboost() -> None:
    # sup_h Σ σ_i h(x_i) = m − 2 · (fewest mistakes of a stump on labels σ),
    # and AdaBoost's stump search finds that stump under uniform weights.
    rng = np.random.default_rng(1)
    for _ in range(50):
        m = int(rng.integers(2, 40))
        X = rng.standard_normal((m, 3)).round(1)
        sigma = rng.choice([-1.0, 1.0], size=m)
        _, pred = Stumps().prepare(X, sigma).best(np.ones(m))
        assert float(stump_rademacher_sup(X, sigma)) == pytest.approx(
            float(sigma @ pred) / m, abs=1e-12
        )


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), m=st.integers(1, 30), N=st.integers(1, 4))
def test_sup_properties(seed, m, N) -> None:
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 5, size=(m, N)).astype(float)
    sigma = rng.choice([-1.0, 1.0], size=m)
    value = float(stump_rademacher_sup(X, sigma))
    assert 0.0 <= value <= 1.0
    # Both polarities: σ and −σ have the same sup.
    assert float(stump_rademacher_sup(X, -sigma)) == pytest.approx(value)
    # Bounded differences: one flipped sign moves it by at most 2/m.
    flipped = sigma.copy()
    flipped[rng.integers(m)] *= -1
    assert abs(float(stump_rademacher_sup(X, flipped)) - value) <= 2 / m + 1e-12


def test_draws_are_seeded_and_checked() -> None:
    X = np.random.default_rng(2).standard_normal((50, 2))
    a = stump_rademacher_draws(X, 30, seed=5)
    b = stump_rademacher_draws(X, 30, seed=5)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, stump_rademacher_draws(X, 30, seed=6))
    assert ((a >= 0) & (a <= 1)).all()
    with pytest.raises(ValueError, match="'n_draws' parameter"):
        stump_rademacher_draws(X, 0)
    with pytest.raises(ValueError, match="only -1 and \\+1"):
        stump_rademacher_sup(X, np.zeros(50))
    with pytest.raises(ValueError, match="50 columns"):
        stump_rademacher_sup(X, np.ones(49))


def test_monte_carlo_deviation() -> None:
    assert monte_carlo_deviation(100, 200, 0.01) == pytest.approx(
        math.sqrt(2 * math.log(100) / 20000)
    )
    # It covers the spread of the mean of K sups: the sups vary by about
    # 1/√m each, their mean by 1/√(mK), well inside the McDiarmid term.
    X = np.random.default_rng(3).standard_normal((80, 2))
    means = [stump_rademacher_draws(X, 20, seed=s).mean() for s in range(40)]
    assert np.ptp(means) < 2 * monte_carlo_deviation(80, 20, 0.01)


def test_stump_vc_dimension_bound() -> None:
    assert [stump_vc_dimension_bound(n) for n in (1, 2, 3, 30)] == [2, 3, 4, 8]
    for n in range(1, 200):
        d = stump_vc_dimension_bound(n)
        assert 2**d <= 2 + 2 * n * (d - 1)
        assert 2 ** (d + 1) > 2 + 2 * n * d
    # On a line the bound is exact: two points are shattered, three are not.
    X2 = np.array([[0.0], [1.0]])
    assert {tuple(c) for c in distinct_stumps(X2).T} == set(
        itertools.product((-1.0, 1.0), repeat=2)
    )
    assert distinct_stumps(np.array([[0.0], [1.0], [2.0]])).shape[1] < 8
