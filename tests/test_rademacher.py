"""B16: the exact Rademacher sup of stumps, the study, its rows and figure."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernelboost.core.datasets import make_dataset
from kernelboost.estimators.boosting.weak_learners import Stumps
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments.rademacher_margin_bound.claims import (
    b16_rademacher_margin_bound,
)
from kernelboost.experiments.rademacher_margin_bound.study import rademacher_bound_table
from kernelboost.pipeline.jobs import place_rows, plotter
from kernelboost.theory.margins import distinct_stumps
from kernelboost.theory.rademacher import (
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


# --- the study and the claim rows ----------------------------------------------------


def _table(spec: dict, **kw) -> pd.DataFrame:
    args = (
        dict(
            n_rounds=40,
            test_fraction=0.5,
            split_seed=1,
            rhos=[0.05, 0.2, 0.5, 1.0],
            n_draws=20,
            seed=0,
            delta=0.05,
            mc_delta=0.01,
        )
        | kw
    )
    table = rademacher_bound_table(make_dataset(spec), **args)
    table.insert(0, "dataset", spec["generator"])
    return table


@pytest.fixture(scope="module")
def small() -> pd.DataFrame:
    return _table({"generator": "moons", "n_samples": 100, "noise": 0.2, "seed": 0})


@pytest.fixture(scope="module")
def large() -> pd.DataFrame:
    return _table({"generator": "moons", "n_samples": 8000, "noise": 0.2, "seed": 4})


def test_bound_table_terms(small) -> None:
    t = small
    assert len(t) == 4
    np.testing.assert_allclose(
        t["rad_bound"], t["margin_loss"] + t["rad_complexity"] + t["rad_confidence"]
    )
    np.testing.assert_allclose(
        t["rad_complexity"], 2 / t["rho"] * t["rademacher_upper"], rtol=1e-12
    )
    assert (t["train_error"] <= t["margin_loss"] + 1e-15).all()
    assert (t["margin_loss"] <= t["fraction"] + 1e-15).all()
    first = t.iloc[0]
    m, G = int(first["n_train"]), int(first["grid_size"])
    assert G == 4
    # δ is shared by the G values of ρ.
    assert first["rad_confidence"] == pytest.approx(
        3 * math.sqrt(math.log(2 * G / 0.05) / (2 * m))
    )
    assert first["vc_dimension"] == 3  # stumps on R²
    assert first["rademacher_upper"] == pytest.approx(
        first["rademacher_mean"] + monte_carlo_deviation(m, 20, 0.01)
    )
    with pytest.raises(ValueError, match=r"rhos of rademacher_bound_table"):
        _table({"generator": "moons", "n_samples": 40, "seed": 0}, rhos=[0.0, 0.5])


def test_a_vacuous_bound_is_an_illustration(small) -> None:
    rows = place_rows("B16", b16_rademacher_margin_bound(small))
    assert [r.id for r in rows] == ["B16", "B16"]
    assert all(r.kind == "illustration" and r.holds is None for r in rows)
    assert all("vacuous" in r.title and r.measured >= 1 for r in rows)


@pytest.mark.can_fail("B16")
def test_rows_hold_where_the_bound_says_something_and_can_fail(large) -> None:
    rad, _ = b16_rademacher_margin_bound(large)
    assert rad.kind == "theorem"
    assert rad.bound < 1
    assert rad.holds is True
    assert rad.ci_low <= rad.measured <= rad.ci_high
    best = large.loc[large["rad_bound"].idxmin()]
    assert rad.bound == pytest.approx(best["rad_bound"])
    assert f"rho = {best['rho']:g}" in rad.quantity
    # A test error above the bound makes the row false (a δ-event or a bug).
    worse = large.copy()
    n = int(worse["n_test"].iloc[0])
    worse["test_mistakes"] = int(0.95 * n)
    worse["test_error"] = worse["test_mistakes"] / n
    rows = b16_rademacher_margin_bound(worse)
    assert rows[0].kind == "theorem"
    assert all(r.holds is False for r in rows if r.kind == "theorem")
    # A test error whose interval straddles the bound is not resolved.
    near = large.copy()
    near["rad_bound"] = near["rad_bound"] - near["rad_bound"].min() + rad.measured
    assert b16_rademacher_margin_bound(near)[0].verdict == "not resolved"


def test_figure_draws(small, large, tmp_path) -> None:
    path = tmp_path / "f.png"
    save_figure(
        plotter("rademacher_margin_bound")(
            pd.concat([small, large.assign(dataset="big")])
        ),
        path,
    )
    assert path.stat().st_size > 1000
