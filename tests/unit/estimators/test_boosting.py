"""Boosting (marginlab.estimators.boosting): AdaBoost's distributions and
bounds, stumps and trees as weak learners, the hypothesis matrix, majority
boosting, sample weights and parameter errors."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from marginlab.core.contract.exceptions import NotFittedError
from marginlab.core.datasets import make_dataset
from marginlab.estimators.boosting.adaboost import HISTORY_COLUMNS, AdaBoost
from marginlab.estimators.boosting.ensemble import NoEdgeWarning, StopReason
from marginlab.estimators.boosting.majority import MajorityBoost
from marginlab.estimators.boosting.weak_learners import (
    Hypothesis,
    HypothesisMatrix,
    Stump,
    Stumps,
    Trees,
    WeakLearner,
    WeakSearch,
    weighted_error,
)
from marginlab.theory import bounds
from marginlab.theory.margins import distinct_stumps, game_value, margin_matrix

SEEDS = st.integers(0, 2**32 - 1)
XOR_X = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
XOR_Y = np.array([1.0, -1.0, 1.0, -1.0])


def noisy_data(seed: int, m: int = 60, n: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Points whose labels no single stump (or few) gets right."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n))
    y = np.where(X[:, 0] * X[:, -1] + 0.3 * rng.standard_normal(m) > 0, 1.0, -1.0)
    return X, y


# --- a scripted weak learner: the protocol is public ----------------------------------


class _Fixed(Hypothesis):
    def __init__(self, index: int, column: np.ndarray) -> None:
        self.index, self.column = index, column

    def predict(self, X: object) -> np.ndarray:
        return self.column.copy()

    def params(self) -> dict[str, int | float]:
        return {"index": self.index}


class Scripted(WeakLearner):
    """Returns the given prediction columns in turn, whatever the weights."""

    columns = ("index",)

    def __init__(self, columns: list[list[float]]) -> None:
        self.script = [np.asarray(c, dtype=np.float64) for c in columns]

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        script = self.script

        class _Search(WeakSearch):
            t = 0

            def best(self, sample_weight: np.ndarray):
                column = script[min(self.t, len(script) - 1)]
                h = _Fixed(self.t, column)
                self.t += 1
                return h, column.copy()

        return _Search()


# --- B2, B3: identities of the distribution -------------------------------------------


@pytest.mark.parametrize(
    "learner", [Stumps(), Trees(depth=2), None], ids=["stumps", "trees", "default"]
)
def test_b2_closed_form_distribution_at_every_round(learner) -> None:
    X, y = noisy_data(0, m=80)
    model = AdaBoost(weak_learner=learner, n_rounds=60, keep_distributions=True)
    model.fit(X, y)
    assert model.stop_reason_ == "n_rounds"
    D = model.distributions_
    assert D.shape == (61, 80)
    np.testing.assert_allclose(D[0], 1 / 80, rtol=0, atol=0)
    F = model.staged_decision_function(X)
    log_prod_Z = np.cumsum(np.log(model.history_["Z"].to_numpy()))
    for t in range(model.n_rounds_):
        closed = np.exp(-y * F[t] - math.log(80) - log_prod_Z[t])
        np.testing.assert_allclose(D[t + 1], closed, rtol=1e-10, atol=0)


def test_b3_h_t_has_error_one_half_under_the_next_distribution() -> None:
    X, y = noisy_data(1, m=70, n=3)
    model = AdaBoost(n_rounds=80, keep_distributions=True).fit(X, y)
    D = model.distributions_
    for t, h in enumerate(model.learners_):
        pred = h.predict(X)
        assert weighted_error(pred, y, D[t]) == pytest.approx(
            model.history_["eps"].iloc[t], abs=1e-14
        )
        assert abs(weighted_error(pred, y, D[t + 1]) - 0.5) <= 1e-12


def test_distributions_are_not_kept_by_default() -> None:
    X, y = noisy_data(2)
    assert AdaBoost(n_rounds=3).fit(X, y).distributions_ is None


def test_thousands_of_rounds_do_not_underflow() -> None:
    """Log-space weights: B2 holds (in logs) after exp(−y f) has underflowed.

    On an interval (+1 inside, −1 outside) no stump is perfect but three
    stumps separate the data, so y f grows without bound on every point.
    """
    rng = np.random.default_rng(3)
    X = np.sort(rng.uniform(-1.0, 1.0, 40))[:, None]
    y = np.where(np.abs(X[:, 0]) < 0.5, 1.0, -1.0)
    idx = np.arange(40)[:, None]
    model = AdaBoost(
        weak_learner=HypothesisMatrix(distinct_stumps(X)),
        n_rounds=3500,
        keep_distributions=True,
    ).fit(idx, y)
    assert model.n_rounds_ == 3500
    assert np.isfinite(model.history_.to_numpy(dtype=float)).all()
    yf = y * model.decision_function(idx)
    assert np.exp(-yf).max() == 0.0  # the unnormalized weights are all gone
    D = model.distributions_
    assert np.isfinite(D).all()
    assert (D > 0).all()
    np.testing.assert_allclose(D.sum(axis=1), 1.0, rtol=1e-12)
    log_closed = -yf - math.log(40) - np.log(model.history_["Z"]).sum()
    np.testing.assert_allclose(np.log(D[-1]), log_closed, rtol=1e-9)
    assert model.history_["min_margin"].iloc[-1] > 0.3  # ρ* = 1/3 here


# --- B1: the chain of bounds ----------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    seed=SEEDS,
    m=st.integers(4, 60),
    n=st.integers(1, 3),
    T=st.integers(1, 40),
    flip=st.floats(0.0, 0.4),
)
def test_b1_bound_chain_holds_at_every_round(seed, m, n, T, flip) -> None:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n))
    y = np.where(X.sum(axis=1) > 0, 1.0, -1.0)
    y[rng.random(m) < flip] *= -1
    assume(np.unique(y).size == 2)  # one class is refused
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        h = AdaBoost(n_rounds=T).fit(X, y).history_
    assert np.isfinite(h.drop(columns="threshold").to_numpy(dtype=float)).all()
    tiny = 1e-12
    assert (h["train_error"] <= h["bound_Z"] * (1 + tiny)).all()
    assert (h["bound_Z"] <= h["bound_gamma"] * (1 + tiny)).all()
    assert (h["bound_gamma"] <= h["bound_gamma_min"] * (1 + tiny)).all()
    # The columns are the lecture formulas and agree with marginlab.theory.bounds.
    eps = h["eps"].to_numpy()
    np.testing.assert_allclose(h["gamma"], 0.5 - eps, rtol=0, atol=1e-15)
    np.testing.assert_allclose(h["Z"], 2 * np.sqrt(eps * (1 - eps)), rtol=1e-12)
    np.testing.assert_allclose(h["alpha"], 0.5 * np.log((1 - eps) / eps), rtol=1e-9)
    np.testing.assert_allclose(
        h["bound_Z"], bounds.product_Z(eps, cumulative=True), rtol=1e-12
    )
    np.testing.assert_allclose(
        h["bound_gamma"],
        bounds.gamma_bound(h["gamma"], cumulative=True),
        rtol=1e-12,
    )
    assert (h["alpha"] > 0).all()


def test_exp_loss_is_product_of_Z_and_never_increases() -> None:
    """B4: AdaBoost is coordinate descent on the exponential loss."""
    X, y = noisy_data(4, m=90)
    model = AdaBoost(n_rounds=50).fit(X, y)
    h = model.history_
    F = model.staged_decision_function(X)
    np.testing.assert_allclose(h["exp_loss"], np.exp(-y * F).mean(axis=1), rtol=1e-12)
    np.testing.assert_allclose(h["exp_loss"], h["bound_Z"], rtol=1e-12)
    assert (np.diff(h["exp_loss"]) <= 0).all()
    # α_t is the exact line search along h_t from f_{t−1}.
    for t in (1, 10, 40):
        f_prev = F[t - 2] if t > 1 else np.zeros_like(y)
        yh = y * model.learners_[t - 1].predict(X)
        grid = model.alphas_[t - 1] + np.array([-1e-4, 0.0, 1e-4])
        losses = [np.exp(-y * f_prev - a * yh).mean() for a in grid]
        assert losses[1] < losses[0]
        assert losses[1] < losses[2]


# --- stumps ---------------------------------------------------------------------------


def brute_force_stump(X, y, w):
    """Every candidate in tie-breaking order; the first within 1e-12 Σw of min."""
    candidates = []
    for j in range(X.shape[1]):
        values = np.unique(X[:, j])
        for theta in [-np.inf, *((values[:-1] + values[1:]) / 2)]:
            for polarity in (1, -1):
                pred = np.where(X[:, j] > theta, polarity, -polarity)
                err = float(w[pred != y].sum())
                candidates.append((err, 0 if theta == -np.inf else j, theta, polarity))
    best = min(c[0] for c in candidates)
    return next(c for c in candidates if c[0] <= best + 1e-12 * w.sum())


@settings(max_examples=150, deadline=None)
@given(
    seed=SEEDS,
    m=st.integers(1, 40),
    n=st.integers(1, 4),
    levels=st.sampled_from([2, 3, 5, 1000]),
)
def test_stumps_match_brute_force_including_ties(seed, m, n, levels) -> None:
    """Dyadic weights make every sum exact, so ties are exact ties."""
    rng = np.random.default_rng(seed)
    X = rng.integers(0, levels, size=(m, n)).astype(float)  # many repeated values
    y = rng.choice([-1.0, 1.0], size=m)
    w = rng.integers(0, 4, size=m) / 4.0
    if w.sum() == 0:
        w[0] = 1.0
    err, feature, theta, polarity = brute_force_stump(X, y, w)
    h = Stumps().fit(X, y, w)
    assert (h.feature, h.threshold, h.polarity) == (feature, theta, polarity)
    assert w[h.predict(X) != y].sum() == err


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, m=st.integers(50, 400))
def test_stumps_blocked_search_matches_brute_force_on_larger_data(seed, m) -> None:
    rng = np.random.default_rng(seed)
    X = np.round(rng.standard_normal((m, 3)), 1)  # some repeated values
    y = rng.choice([-1.0, 1.0], size=m)
    w = rng.random(m)
    err, *_ = brute_force_stump(X, y, w)
    h = Stumps().fit(X, y, w)
    assert weighted_error(h.predict(X), y, w) * w.sum() == pytest.approx(
        err, abs=1e-12 * w.sum()
    )


@pytest.mark.parametrize(("m", "n"), [(1, 2), (2, 1), (37, 3), (400, 5)])
def test_stump_search_counts_its_work(m, n) -> None:
    """B11's counted work: N·m values presorted once; each call of ``best``
    forms the whole prefix-sum table, at least N(m − 1) partial sums (padding
    included), whatever the weights."""
    rng = np.random.default_rng(m)
    X = np.round(rng.standard_normal((m, n)), 1)  # some repeated values
    y = rng.choice([-1.0, 1.0], size=m)
    search = Stumps().prepare(X, y)
    assert (search.n_presorted, search.n_scanned) == (n * m, 0)
    search.best(np.ones(m))
    per_call = search.n_scanned
    assert n * (m - 1) <= per_call <= n * (m - 1) + n * (m - 1) ** 0.5 + n
    search.best(rng.random(m))
    assert search.n_scanned == 2 * per_call
    assert search.n_presorted == n * m  # the presort is not repeated


def test_stump_tie_breaking_rule() -> None:
    # Both features separate the data perfectly: the lower feature wins.
    X = np.array([[0.0, 5.0], [1.0, 6.0], [2.0, 7.0], [3.0, 8.0]])
    y = np.array([-1.0, -1.0, 1.0, 1.0])
    assert Stumps().fit(X, y) == Stump(0, 1.5, 1)
    # One feature, two thresholds with the same error: the lower threshold wins.
    X1 = np.array([[0.0], [1.0], [2.0], [3.0]])
    assert Stumps().fit(X1, [-1, 1, -1, 1]) == Stump(0, 0.5, 1)
    # Both polarities tie only when every stump has error ½ (then the
    # constants come first): polarity +1 wins.
    assert Stumps().fit(XOR_X, XOR_Y) == Stump(0, -math.inf, 1)
    assert Stumps().fit([[0.0], [1.0]], [-1, 1], [1, 1]) == Stump(0, 0.5, 1)
    # A split as good as the constant loses to it (the constant comes first).
    assert Stumps().fit([[0.0], [1.0]], [1, 1], [1, 0]) == Stump(0, -math.inf, 1)
    assert Stumps().fit([[0.0], [1.0]], [1, -1], [1, 1]) == Stump(0, 0.5, -1)
    # All labels −1: the constant −1 stump on feature 0.
    assert Stumps().fit(X, [-1, -1, -1, -1]) == Stump(0, -math.inf, -1)


def test_stump_never_splits_equal_values() -> None:
    X = np.array([[0.0], [1.0], [1.0], [1.0], [2.0]])
    y = np.array([-1.0, -1.0, 1.0, 1.0, 1.0])
    assert Stumps().fit(X, y) == Stump(0, 0.5, 1)
    # Weighting the −1 inside the run moves the best split after the run.
    assert Stumps().fit(X, -y, [1, 5, 1, 1, 1]) == Stump(0, 1.5, -1)
    X2 = np.array([[0.0], [1.0], [1.0], [2.0]])
    assert Stumps().fit(X2, [-1, -1, -1, 1]) == Stump(0, 1.5, 1)
    assert Stumps().fit(np.ones((5, 2)), [1, -1, 1, 1, -1]) == Stump(0, -math.inf, 1)


def test_best_stump_on_exact_xor_has_no_edge() -> None:
    """B8: every stump has weighted error ½ on XOR under uniform D."""
    h = Stumps().fit(XOR_X, XOR_Y)
    assert abs(0.5 - weighted_error(h.predict(XOR_X), XOR_Y, np.ones(4))) <= 1e-12
    data = make_dataset({"generator": "xor", "n_samples": 40})
    h40 = Stumps().fit(data.X, data.y)
    assert abs(0.5 - weighted_error(h40.predict(data.X), data.y, np.ones(40))) <= 1e-12


# --- comparison with scikit-learn -----------------------------------------------------


def test_same_stumps_as_sklearn_give_alpha_half_its_estimator_weight() -> None:
    """On this 1-D set Gini and weighted error pick the same stumps for 10 rounds."""
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.tree import DecisionTreeClassifier

    X = np.arange(8.0)[:, None]
    y = np.array([1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0, -1.0])
    ours = AdaBoost(n_rounds=10).fit(X, y)
    peer = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=10)
    peer.fit(X, y)
    assert ours.n_rounds_ == len(peer.estimators_) == 10
    for h, tree in zip(ours.learners_, peer.estimators_, strict=True):
        assert h.threshold == tree.tree_.threshold[0]
        np.testing.assert_array_equal(h.predict(X), tree.predict(X))
    # SAMME with two classes: estimator weight = ln((1 − ε)/ε) = 2α.
    np.testing.assert_allclose(2 * ours.alphas_, peer.estimator_weights_, rtol=1e-12)
    np.testing.assert_array_equal(ours.predict(X), peer.predict(X))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_training_error_not_worse_than_sklearn(seed) -> None:
    from sklearn.datasets import make_classification
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.tree import DecisionTreeClassifier

    X, y01 = make_classification(n_samples=400, n_features=6, random_state=seed)
    y = 2.0 * y01 - 1.0
    ours = AdaBoost(n_rounds=40).fit(X, y)
    peer = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=40)
    peer.fit(X, y)
    ours_error = np.mean(ours.predict(X) != y)
    assert ours_error == ours.history_["train_error"].iloc[-1]
    assert ours_error <= np.mean(peer.predict(X) != y)


# --- ε_t = 0 and ε_t ≥ ½ --------------------------------------------------------------


def test_perfect_first_round_keeps_the_stump_with_finite_alpha() -> None:
    X = np.arange(10.0)[:, None]
    y = np.where(X[:, 0] > 3.5, 1.0, -1.0)
    model = AdaBoost(n_rounds=50).fit(X, y)
    assert model.stop_reason_ == StopReason.PERFECT == "perfect"
    assert model.n_rounds_ == 1
    h = model.history_
    assert np.isfinite(h.to_numpy(dtype=float)).all()
    eps_floor = 1 / (4 * 10**2)
    assert h["eps"].iloc[0] == eps_floor
    assert h["alpha"].iloc[0] == pytest.approx(
        0.5 * math.log((1 - eps_floor) / eps_floor)
    )
    assert h["train_error"].iloc[0] == 0.0
    assert h["min_margin"].iloc[0] == 1.0
    np.testing.assert_array_equal(model.predict(X), y)


def test_perfect_later_round_dominates_the_earlier_ones() -> None:
    """ε_t = 0 at round 3: α_3 makes the training error 0 whatever came before."""
    y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 1.0, -1.0])
    first = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, 1.0])  # 2 mistakes
    second = np.array([1.0, 1.0, 1.0, 1.0, 1.0, -1.0, 1.0, -1.0])  # 2 others
    learner = Scripted([first, second, y])
    model = AdaBoost(weak_learner=learner, n_rounds=10, keep_distributions=True)
    model.fit(np.zeros((8, 1)), y)
    assert model.stop_reason_ == "perfect"
    assert model.n_rounds_ == 3
    h = model.history_
    assert np.isfinite(h.to_numpy(dtype=float)).all()
    assert h["train_error"].iloc[-1] == 0.0 < h["train_error"].iloc[0]
    assert h["min_margin"].iloc[-1] > 0
    assert (h["train_error"] <= h["bound_Z"]).all()
    assert h["bound_Z"].iloc[-1] < 1 / 8
    np.testing.assert_allclose(model.distributions_[3], model.distributions_[2])


def test_no_edge_in_the_first_round_warns_and_keeps_nothing() -> None:
    with pytest.warns(NoEdgeWarning, match=r"round 1.*eps_t = 0\.5 >= 1/2"):
        model = AdaBoost(n_rounds=10).fit(XOR_X, XOR_Y)
    assert model.stop_reason_ == "no_edge"
    assert model.n_rounds_ == 0
    assert model.alphas_.shape == (0,)
    assert list(model.history_.columns) == [*HISTORY_COLUMNS, *Stumps.columns]
    assert len(model.history_) == 0
    np.testing.assert_array_equal(model.decision_function(XOR_X), np.zeros(4))
    np.testing.assert_array_equal(model.predict(XOR_X), np.ones(4))
    np.testing.assert_array_equal(model.margins(XOR_X, XOR_Y), np.zeros(4))
    assert model.staged_decision_function(XOR_X).shape == (0, 4)


def test_no_edge_later_drops_the_learner_and_stops() -> None:
    y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
    good = np.array([1.0, 1.0, 1.0, -1.0, -1.0, 1.0])  # one mistake
    bad = -y  # every point wrong: ε = 1
    model = AdaBoost(weak_learner=Scripted([good, good, bad]), n_rounds=10)
    with pytest.warns(NoEdgeWarning, match="round 2"):
        model.fit(np.zeros((6, 1)), y)
    # Round 2 repeats h_1, whose error under D_2 is exactly ½ (B3): no edge.
    assert model.stop_reason_ == "no_edge"
    assert model.n_rounds_ == 1
    assert len(model.learners_) == len(model.alphas_) == 1
    assert np.isfinite(model.history_.to_numpy(dtype=float)).all()


def test_eps_above_one_half_stops() -> None:
    y = np.array([1.0, 1.0, -1.0, -1.0])
    model = AdaBoost(weak_learner=Scripted([-y]), n_rounds=5)
    with pytest.warns(NoEdgeWarning, match="eps_t = 1 >= 1/2"):
        model.fit(np.zeros((4, 1)), y)
    assert model.stop_reason_ == "no_edge"
    assert model.n_rounds_ == 0


# --- HypothesisMatrix -----------------------------------------------------------------


def test_hypothesis_matrix_picks_largest_edge_ties_to_lowest_index() -> None:
    H = np.array(
        [
            [1, -1, 1, 1, 1, 1],
            [1, 1, -1, 1, 1, -1],
            [-1, 1, 1, 1, 1, 1],
            [1, 1, 1, -1, 1, 1],
        ]
    )
    y = np.ones(4)
    idx = np.arange(4)[:, None]
    # Columns 0–3 make one mistake each, column 4 none, column 5 one.
    assert HypothesisMatrix(H).fit(idx, y).index == 4
    assert HypothesisMatrix(H[:, :4]).fit(idx, y).index == 0
    assert HypothesisMatrix(H[:, [3, 1, 0]]).fit(idx, y).index == 0
    # Weights decide: point 2 heavy, so columns missing point 2 lose.
    w = np.array([1.0, 1.0, 5.0, 1.0])
    assert HypothesisMatrix(H[:, :4]).fit(idx, y, w).index == 1
    # Ties up to rounding of the weighted sums still go to the lowest index:
    # both edges are 0 exactly, but 0.1 + 0.2 − 0.3 > 0 in floating point.
    w = np.array([0.1, 0.2, 0.3])
    H2 = np.array([[-1, 1], [-1, 1], [1, -1]])
    assert HypothesisMatrix(H2).fit(idx[:3], y[:3], w).index == 0


def test_hypothesis_matrix_rows_are_indices() -> None:
    H = np.array([[1, -1], [-1, 1], [1, 1]])
    y = np.array([1.0, 1.0])
    h = HypothesisMatrix(H).fit([[2], [0]], y)
    assert h.index == 0
    np.testing.assert_array_equal(h.predict([[1], [2]]), [-1.0, 1.0])
    with pytest.raises(ValueError, match=r"integer row indices in \[0, 2\]"):
        HypothesisMatrix(H).fit([[0.5], [1]], y)
    with pytest.raises(ValueError, match=r"integer row indices"):
        HypothesisMatrix(H).fit([[3], [1]], y)
    with pytest.raises(ValueError, match="shape \\(m, 1\\)"):
        HypothesisMatrix(H).fit([[0, 1], [1, 0]], y)
    with pytest.raises(ValueError, match=r"\{-1, \+1\}; got 0.0 at row 1, column 0"):
        HypothesisMatrix([[1], [0]]).fit([[0]], [1])


def test_adaboost_on_the_matrix_of_all_stumps_equals_stump_boosting() -> None:
    X, y = noisy_data(5, m=30)
    H = distinct_stumps(X)
    a = AdaBoost(n_rounds=25).fit(X, y)
    b = AdaBoost(weak_learner=HypothesisMatrix(H), n_rounds=25)
    b.fit(np.arange(30)[:, None], y)
    np.testing.assert_allclose(b.alphas_, a.alphas_, rtol=1e-9)
    np.testing.assert_allclose(b.history_["eps"], a.history_["eps"], rtol=1e-9)


# --- Trees and XOR (B8) ---------------------------------------------------------------


def test_depth_two_trees_solve_exact_xor_where_stumps_cannot() -> None:
    with pytest.warns(NoEdgeWarning):
        stumps = AdaBoost(n_rounds=20).fit(XOR_X, XOR_Y)
    assert stumps.n_rounds_ == 0
    trees = AdaBoost(weak_learner=Trees(depth=2), n_rounds=20).fit(XOR_X, XOR_Y)
    assert trees.history_["train_error"].iloc[-1] == 0.0
    assert trees.stop_reason_ == "perfect"
    tree = Trees(depth=2).fit(XOR_X, XOR_Y)
    assert tree.n_leaves == 4
    np.testing.assert_array_equal(tree.predict(XOR_X), XOR_Y)
    assert Trees(depth=1).fit(XOR_X, XOR_Y).n_leaves == 2


def test_depth_two_boosting_reaches_zero_error_on_noisy_xor() -> None:
    data = make_dataset({"generator": "xor", "n_samples": 80, "noise": 0.25, "seed": 0})
    model = AdaBoost(weak_learner=Trees(depth=2), n_rounds=300).fit(data.X, data.y)
    assert model.history_["train_error"].iloc[-1] == 0.0
    assert model.history_["train_error"].iloc[0] > 0.0


def brute_force_split(X, y, w):
    """Best single split by the weighted majority-label error of its children."""
    best = None
    for j in range(X.shape[1]):
        values = np.unique(X[:, j])
        for theta in (values[:-1] + values[1:]) / 2:
            right = X[:, j] > theta
            err = sum(
                min(w[side & (y > 0)].sum(), w[side & (y < 0)].sum())
                for side in (right, ~right)
            )
            if best is None or err < best[0] - 1e-12:
                best = (err, j, theta)
    return best


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, m=st.integers(2, 30), n=st.integers(1, 3))
def test_depth_one_tree_is_the_best_majority_split(seed, m, n) -> None:
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 4, size=(m, n)).astype(float)
    y = rng.choice([-1.0, 1.0], size=m)
    w = rng.integers(1, 5, size=m) / 4.0
    tree = Trees(depth=1).fit(X, y, w)
    best = brute_force_split(X, y, w)
    pure = min(w[y > 0].sum(), w[y < 0].sum()) == 0
    if best is None or pure:
        assert tree.n_leaves == 1
        return
    err, j, theta = best
    assert (int(tree.feature[0]), tree.threshold[0]) == (j, theta)
    assert w[tree.predict(X) != y].sum() == err


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, m=st.integers(2, 40), depth=st.integers(1, 4))
def test_deeper_trees_never_have_larger_weighted_error(seed, m, depth) -> None:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 2))
    y = rng.choice([-1.0, 1.0], size=m)
    w = rng.random(m)
    shallow = Trees(depth=depth).fit(X, y, w)
    deep = Trees(depth=depth + 1).fit(X, y, w)
    e1 = weighted_error(shallow.predict(X), y, w)
    e2 = weighted_error(deep.predict(X), y, w)
    assert e2 <= e1 + 1e-12
    assert deep.n_leaves <= 2 ** (depth + 1)


# --- MajorityBoost (B10) --------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, nu=st.sampled_from([0.05, 0.1, 0.3]))
def test_majority_boost_is_nu_strong_with_a_gamma_weak_family(seed, nu) -> None:
    """The class of all stumps on separable 1-D data is γ*-weak (γ* from the LP)."""
    rng = np.random.default_rng(seed)
    X = np.sort(rng.standard_normal(12))[:, None]
    y = np.where(np.sin(3 * X[:, 0]) > 0, 1.0, -1.0)
    H = distinct_stumps(X)
    value, _ = game_value(margin_matrix(H, y))
    gamma = value / 2  # edge Σ d y h = 2γ
    assert gamma > 0
    gamma = min(gamma, 0.49) * (1 - 1e-6)
    model = MajorityBoost(gamma=gamma, nu=nu, weak_learner=HypothesisMatrix(H))
    model.fit(np.arange(12)[:, None], y)
    assert model.n_rounds_ == bounds.mwu_rounds(gamma, nu) == len(model.history_)
    assert model.weak_learning_held_
    assert model.min_edge_ >= gamma - 1e-12
    assert model.train_error_ <= nu
    assert model.history_["majority_error"].iloc[-1] == model.train_error_
    assert np.mean(model.predict(np.arange(12)[:, None]) != y) == model.train_error_


def test_majority_boost_weights_shrink_on_correct_points_by_one_minus_gamma() -> None:
    y = np.array([1.0, 1.0, 1.0, -1.0])
    first = np.array([1.0, 1.0, -1.0, -1.0])  # point 2 wrong
    second = np.array([-1.0, 1.0, -1.0, -1.0])  # points 0 and 2 wrong
    learner = Scripted([first, second, y])
    model = MajorityBoost(gamma=0.2, nu=0.5, weak_learner=learner)
    model.fit(np.zeros((4, 1)), y)
    assert model.n_rounds_ == math.ceil(100 * math.log(2)) == 70
    eps = model.history_["eps"].to_numpy()
    assert eps[0] == 0.25
    # p^2 ∝ (0.8, 0.8, 1, 0.8): correctly classified points lost weight.
    assert eps[1] == pytest.approx(1.8 / 3.4, rel=1e-14)
    assert (eps[2:] == 0.0).all()  # then y itself, every round
    assert model.min_edge_ == pytest.approx(0.5 - 1.8 / 3.4, rel=1e-14)
    assert not model.weak_learning_held_
    assert model.train_error_ == 0.0


def test_majority_boost_reports_when_the_family_is_not_weak() -> None:
    model = MajorityBoost(gamma=0.1, nu=0.5).fit(XOR_X, XOR_Y)
    assert model.n_rounds_ == math.ceil(400 * math.log(2))
    assert model.min_edge_ == 0.0
    assert not model.weak_learning_held_


def test_majority_vote_ties_go_to_plus_one() -> None:
    y = np.array([1.0, -1.0])
    a, b = np.array([1.0, -1.0]), np.array([-1.0, 1.0])
    nu = math.exp(-0.5)  # T = ⌈4/0.45² · 0.5⌉ = 10
    model = MajorityBoost(gamma=0.45, nu=nu, weak_learner=Scripted([a] * 5 + [b] * 5))
    model.fit(np.zeros((2, 1)), y)
    assert model.n_rounds_ == 10
    np.testing.assert_array_equal(model.decision_function(np.zeros((2, 1))), [0, 0])
    np.testing.assert_array_equal(model.predict(np.zeros((2, 1))), [1.0, 1.0])
    assert model.train_error_ == 0.5
    assert model.history_["majority_error"].tolist() == [0.0] * 9 + [0.5]


# --- API: staged output, margins, validation ------------------------------------------


def test_staged_decision_function_and_margins() -> None:
    X, y = noisy_data(6, m=50)
    model = AdaBoost(n_rounds=30).fit(X, y)
    F = model.staged_decision_function(X)
    assert F.shape == (30, 50)
    np.testing.assert_allclose(F[-1], model.decision_function(X), atol=1e-12)
    np.testing.assert_allclose(F[0], model.alphas_[0] * model.learners_[0].predict(X))
    train_errors = [np.mean(np.where(f >= 0, 1.0, -1.0) != y) for f in F]
    np.testing.assert_allclose(model.history_["train_error"], train_errors)
    norms = np.cumsum(model.alphas_)
    min_margins = (y * F).min(axis=1) / norms
    np.testing.assert_allclose(model.history_["min_margin"], min_margins, atol=1e-12)
    margins = model.margins(X, y)
    np.testing.assert_allclose(margins, y * F[-1] / norms[-1], atol=1e-12)
    assert margins.min() == pytest.approx(model.history_["min_margin"].iloc[-1])
    assert (np.abs(margins) <= 1 + 1e-12).all()
    X_new = np.random.default_rng(0).standard_normal((7, 2))
    assert model.staged_decision_function(X_new).shape == (30, 7)


def test_history_columns() -> None:
    X, y = noisy_data(7)
    for learner, extra in [
        (Stumps(), ["feature", "threshold", "polarity"]),
        (Trees(depth=3), ["n_leaves", "root_feature", "root_threshold"]),
    ]:
        h = AdaBoost(weak_learner=learner, n_rounds=5).fit(X, y).history_
        assert isinstance(h, pd.DataFrame)
        assert list(h.columns) == [*HISTORY_COLUMNS, *extra]
        assert h["t"].tolist() == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: AdaBoost(n_rounds=0),
            r"The 'n_rounds' parameter of AdaBoost must be an int in the range "
            r"\[1, inf\)\. Got 0\.",
        ),
        (lambda: AdaBoost(n_rounds=-3), "'n_rounds' parameter of AdaBoost"),
        (lambda: AdaBoost(n_rounds=2.5), "'n_rounds' parameter of AdaBoost"),
        (
            lambda: AdaBoost(weak_learner=Trees(depth=0)),
            r"The 'depth' parameter of Trees must be an int in the range "
            r"\[1, inf\)\. Got 0\.",
        ),
        (lambda: AdaBoost(weak_learner="stumps"), "'weak_learner' parameter"),
        (
            lambda: MajorityBoost(gamma=0.0),
            r"The 'gamma' parameter of MajorityBoost must be a float in the range "
            r"\(0, 0\.5\)\. Got 0\.0\.",
        ),
        (lambda: MajorityBoost(gamma=0.5), "'gamma' parameter of MajorityBoost"),
        (
            lambda: MajorityBoost(nu=1.0),
            r"The 'nu' parameter of MajorityBoost must be a float in the range "
            r"\(0, 1\)\. Got 1\.0\.",
        ),
        (lambda: MajorityBoost(nu=0), "'nu' parameter of MajorityBoost"),
    ],
)
def test_bad_hyper_parameters(make, message) -> None:
    X, y = noisy_data(8, m=10)
    with pytest.raises(ValueError, match=message):
        make().fit(X, y)


def test_bad_inputs_and_unfitted() -> None:
    with pytest.raises(NotFittedError):
        AdaBoost().predict([[0.0]])
    with pytest.raises(NotFittedError):
        MajorityBoost().decision_function([[0.0]])
    with pytest.raises(NotFittedError):
        AdaBoost().staged_decision_function([[0.0]])
    with pytest.raises(
        ValueError,
        match=r"weak learner Stumps\(\), which separates two classes; y has 3",
    ):
        AdaBoost().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
    with pytest.raises(ValueError, match="Only binary classification is supported"):
        MajorityBoost().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
    with pytest.raises(ValueError, match="non-finite"):
        AdaBoost().fit([[np.nan], [1.0]], [-1, 1])
    model = AdaBoost(n_rounds=2).fit([[0.0], [1.0]], [-1, 1])
    with pytest.raises(
        ValueError, match="X has 2 features, but AdaBoost is expecting 1 features"
    ):
        model.predict([[0.0, 1.0]])
    with pytest.raises(ValueError, match="sample_weight must be finite and >= 0"):
        Stumps().fit([[0.0], [1.0]], [-1, 1], [1.0, -1.0])
    with pytest.raises(ValueError, match="sums to 0"):
        Stumps().fit([[0.0], [1.0]], [-1, 1], [0.0, 0.0])


def test_hyper_parameters_are_stored_untouched() -> None:
    learner = Trees(depth=3)
    model = AdaBoost(weak_learner=learner, n_rounds=7, keep_distributions=True)
    assert model.weak_learner is learner
    assert (model.n_rounds, model.keep_distributions) == (7, True)
    assert AdaBoost().weak_learner is None
    with pytest.raises(TypeError):
        AdaBoost(Stumps())  # keyword-only
    X, y = noisy_data(9, m=12)
    fitted = AdaBoost(n_rounds=2).fit(X, y)
    assert isinstance(fitted.weak_learner_, Stumps)
    assert fitted.weak_learner is None


# --- a given initial distribution (sample_weight) -------------------------------------


def _matrix_fit(H: np.ndarray, y: np.ndarray, w=None, n_rounds: int = 30) -> AdaBoost:
    model = AdaBoost(
        weak_learner=HypothesisMatrix(H), n_rounds=n_rounds, keep_distributions=True
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        return model.fit(np.arange(H.shape[0], dtype=float)[:, None], y, w)


def _random_game(seed: int, m: int = 12, N: int = 9) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return rng.choice([-1.0, 1.0], size=(m, N)), rng.choice([-1.0, 1.0], size=m)


def test_uniform_or_scaled_sample_weight_changes_nothing() -> None:
    X, y = noisy_data(3)
    default = AdaBoost(n_rounds=25, keep_distributions=True).fit(X, y)
    for w in (np.ones(len(y)), np.full(len(y), 7.5)):
        given_ = AdaBoost(n_rounds=25, keep_distributions=True).fit(X, y, w)
        pd.testing.assert_frame_equal(given_.history_, default.history_)
        np.testing.assert_array_equal(given_.distributions_, default.distributions_)


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_integer_weights_are_duplicated_rows(seed) -> None:
    """D_1 ∝ counts is AdaBoost on the sample with each row repeated."""
    H, y = _random_game(seed)
    counts = np.random.default_rng(seed + 1).integers(1, 4, size=y.size)
    weighted = _matrix_fit(H, y, counts, n_rounds=10)
    rows = np.repeat(np.arange(y.size), counts)
    repeated = _matrix_fit(H[rows], y[rows], n_rounds=10)
    a, b = weighted.history_, repeated.history_
    assert a["column"].tolist() == b["column"].tolist()
    # α_t → 0 when the game's value is 0: compare absolutely there.
    np.testing.assert_allclose(a["alpha"], b["alpha"], rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(a["min_margin"], b["min_margin"], rtol=1e-9, atol=1e-12)


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
@example(seed=34868)  # no column has an edge: no round at all
def test_zero_weights_are_ignored_by_the_weights_not_by_the_margin(seed) -> None:
    """Rows of weight 0 stay at 0; AdaBoost then runs as on the other rows."""
    H, y = _random_game(seed)
    w = np.random.default_rng(seed + 2).random(y.size)
    w[:3] = 0.0
    full = _matrix_fit(H, y, w)
    rest = _matrix_fit(H[3:], y[3:], w[3:])
    assert (full.distributions_[:, :3] == 0.0).all()
    np.testing.assert_allclose(full.distributions_[:, 3:], rest.distributions_)
    assert full.history_["column"].tolist() == rest.history_["column"].tolist()
    np.testing.assert_allclose(full.alphas_, rest.alphas_, rtol=1e-7, atol=1e-12)
    if full.history_.empty:
        # No column has an edge under w (the zero rows weigh nothing): both
        # stop before the first round, and there is no margin to compare.
        assert rest.history_.empty
        assert full.stop_reason_ == rest.stop_reason_ == "no_edge"
        return
    # The margin is over every row, the zero-weight ones included.
    yf = y * (H[:, full.history_["column"].to_numpy(int)] @ full.alphas_)
    assert full.history_["min_margin"].iloc[-1] == pytest.approx(
        yf.min() / full.alphas_.sum()
    )


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
@example(seed=2940)  # no column has an edge under D_1: no round at all
def test_closed_form_of_the_distribution_from_a_given_d1(seed) -> None:
    """D_{t+1}(i) = D_1(i) exp(−y_i f_t(x_i)) / Π_{s≤t} Z_s (B2 from any D_1)."""
    H, y = _random_game(seed)
    w = np.random.default_rng(seed + 3).random(y.size)
    model = _matrix_fit(H, y, w, n_rounds=15)
    d1 = w / w.sum()
    np.testing.assert_allclose(model.distributions_[0], d1)
    if model.history_.empty:
        assert model.stop_reason_ == "no_edge"
        return
    columns = model.history_["column"].to_numpy(int)
    yf = np.zeros(y.size)
    for t in range(model.n_rounds_):
        yf += model.alphas_[t] * y * H[:, columns[t]]
        if model.stop_reason_ == "perfect" and t == model.n_rounds_ - 1:
            break  # D is not updated after a perfect round (AdaBoost's Notes)
        closed = d1 * np.exp(-yf) / model.history_["bound_Z"].iloc[t]
        np.testing.assert_allclose(model.distributions_[t + 1], closed, rtol=1e-9)
    # exp_loss is the D_1-weighted exponential loss.
    assert model.history_["exp_loss"].iloc[-1] == pytest.approx(
        float(d1 @ np.exp(-yf)), rel=1e-9
    )


def test_no_weighted_mistake_is_a_perfect_round_with_eps_from_d1() -> None:
    """h_t wrong only on a row of weight 0 has ε_t = 0: ε̃ = d²/4, d = min D_1(i) > 0."""
    y = np.ones(4)
    H = np.array([[-1.0], [1.0], [1.0], [1.0]])
    w = np.array([0.0, 1.0, 2.0, 5.0])
    model = _matrix_fit(H, y, w)
    assert model.stop_reason_ == "perfect"
    assert model.n_rounds_ == 1
    d = 1.0 / 8.0
    assert model.history_["eps"].iloc[0] == pytest.approx(d * d / 4)
    assert np.exp(-model.alphas_[0]) < d
    # Row 0 (weight 0) stays wrong: the training error counts it.
    assert model.history_["train_error"].iloc[0] == 0.25


def test_perfect_round_after_others_classifies_every_weighted_point() -> None:
    """With a non-uniform D_1, α̃ still outweighs every earlier round."""
    y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 1.0, -1.0])
    first = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, 1.0])
    second = np.array([1.0, 1.0, 1.0, 1.0, 1.0, -1.0, 1.0, -1.0])
    w = np.array([30.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    model = AdaBoost(weak_learner=Scripted([first, second, y]), n_rounds=10)
    model.fit(np.zeros((8, 1)), y, w)
    assert model.stop_reason_ == "perfect"
    assert model.history_["train_error"].iloc[-1] == 0.0


@pytest.mark.parametrize(
    ("w", "match"),
    [
        ([1.0, -1.0, 1.0, 1.0], "finite and >= 0"),
        ([1.0, np.nan, 1.0, 1.0], "finite and >= 0"),
        ([0.0, 0.0, 0.0, 0.0], "sums to 0"),
        ([1.0, 1.0], "2 entries but X has 4 rows"),
    ],
)
def test_bad_sample_weight(w, match) -> None:
    with pytest.raises(ValueError, match=match):
        AdaBoost(n_rounds=3).fit(XOR_X, XOR_Y, w)
