"""Margins (marginlab.theory.margins): the max-margin LP and the game value,
L1 margins of AdaBoost, distinct stumps and trees, norm margins, hyperplane
distances and the signed max-margin LP."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.weak_learners import (
    HypothesisMatrix,
    Stumps,
    Trees,
)
from marginlab.estimators.svm.hard_margin import l2_max_margin
from marginlab.theory.margins import (
    distinct_stumps,
    distinct_trees,
    game_value,
    hyperplane_distance,
    l1_margins,
    margin_matrix,
    max_margin,
    norm_margin,
    signed_max_margin,
)

from ..conftest import _sample

SEEDS = st.integers(0, 2**32 - 1)


def two_moons_like(seed: int, m: int = 40) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 2))
    y = np.where(X[:, 0] + 0.5 * np.sin(2 * X[:, 1]) > 0, 1.0, -1.0)
    return X, y


# --- the LP and its dual (B7) ---------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, m=st.integers(1, 25), N=st.integers(1, 25))
def test_lp_primal_equals_dual_on_random_sign_matrices(seed, m, N) -> None:
    M = np.random.default_rng(seed).choice([-1.0, 1.0], size=(m, N))
    rho, alpha = max_margin(M)
    value, d = game_value(M)
    assert alpha.shape == (N,)
    assert d.shape == (m,)
    assert (alpha >= 0).all()
    assert alpha.sum() == pytest.approx(1.0, abs=1e-12)
    assert (d >= 0).all()
    assert d.sum() == pytest.approx(1.0, abs=1e-12)
    # Weak duality makes value − rho ≥ 0 for any feasible pair; optimality = 0.
    assert -1e-12 <= value - rho <= 1e-8
    assert rho == pytest.approx((M @ alpha).min(), abs=1e-15)
    assert value == pytest.approx((d @ M).max(), abs=1e-15)


def test_known_games() -> None:
    # Each point is missed by exactly one of three classifiers: ρ* = 1/3.
    M = np.array([[1, 1, -1], [1, -1, 1], [-1, 1, 1]], dtype=float)
    rho, alpha = max_margin(M)
    value, d = game_value(M)
    assert rho == pytest.approx(1 / 3, abs=1e-12)
    assert value == pytest.approx(1 / 3, abs=1e-12)
    np.testing.assert_allclose(alpha, 1 / 3, atol=1e-9)
    np.testing.assert_allclose(d, 1 / 3, atol=1e-9)
    # Matching pennies: value 0, both players uniform.
    rho, alpha = max_margin([[1, -1], [-1, 1]])
    value, d = game_value([[1, -1], [-1, 1]])
    assert abs(rho) <= 1e-12
    assert abs(value) <= 1e-12
    np.testing.assert_allclose(d, 0.5, atol=1e-12)
    # A perfect classifier: margin 1, all weight on it.
    rho, alpha = max_margin([[1, -1], [1, 1]])
    assert rho == pytest.approx(1.0)
    assert alpha[0] == pytest.approx(1.0)
    # Point 1 is missed by every classifier: value −1, all of d on point 1.
    value, d = game_value([[1, 1], [-1, -1]])
    assert value == pytest.approx(-1.0, abs=1e-12)
    np.testing.assert_allclose(d, [0.0, 1.0], atol=1e-12)
    assert max_margin([[1, 1], [-1, -1]])[0] == pytest.approx(-1.0, abs=1e-12)


def test_game_value_is_twice_the_best_guaranteed_edge() -> None:
    """Under the minimax d no classifier has γ-edge above value/2 = γ*."""
    X, y = two_moons_like(0)
    H = distinct_stumps(X)
    M = margin_matrix(H, y)
    value, d = game_value(M)
    rho, _ = max_margin(M)
    eps = (d[:, None] * (y[:, None] != H)).sum(axis=0)  # ε_j under d
    gamma_star = (0.5 - eps).max()
    assert gamma_star == pytest.approx(value / 2, abs=1e-12)
    assert 2 * gamma_star == pytest.approx(rho, abs=1e-8)
    assert rho > 0  # stumps on a smooth boundary: weak learning holds


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, m=st.integers(5, 40))
def test_adaboost_margin_never_exceeds_the_lp_margin(seed, m) -> None:
    X, y = two_moons_like(seed, m)
    assume(np.unique(y).size == 2)  # AdaBoost over stumps refuses one class
    H = distinct_stumps(X)
    M = margin_matrix(H, y)
    rho, alpha = max_margin(M)
    value, _ = game_value(M)
    assert abs(value - rho) <= 1e-8
    for learner, inputs in [
        (Stumps(), X),
        (HypothesisMatrix(H), np.arange(m)[:, None]),
    ]:
        model = AdaBoost(weak_learner=learner, n_rounds=60).fit(inputs, y)
        if model.n_rounds_ == 0:
            continue
        assert (model.history_["min_margin"] <= rho + 1e-9).all()
    # The LP weights achieve ρ: their margins are all ≥ ρ.
    assert (l1_margins(H, alpha, y) >= rho - 1e-12).all()


def test_adaboost_reaches_half_the_max_margin_eventually() -> None:
    """B7 (empirical): AdaBoost's margin ends up ≥ ρ*/2 on separable data."""
    X, y = two_moons_like(1, 30)
    H = distinct_stumps(X)
    rho, _ = max_margin(margin_matrix(H, y))
    model = AdaBoost(weak_learner=HypothesisMatrix(H), n_rounds=400)
    model.fit(np.arange(30)[:, None], y)
    assert rho / 2 <= model.history_["min_margin"].iloc[-1] <= rho + 1e-9


# --- margins --------------------------------------------------------------------------


def test_l1_margins_match_adaboost() -> None:
    X, y = two_moons_like(2)
    model = AdaBoost(n_rounds=20).fit(X, y)
    H = np.column_stack([h.predict(X) for h in model.learners_])
    margins = l1_margins(H, model.alphas_, y)
    np.testing.assert_allclose(margins, model.margins(X, y), atol=1e-12)
    assert margins.min() == pytest.approx(model.history_["min_margin"].iloc[-1])
    assert l1_margins([[1, 1], [1, -1]], [3.0, 1.0], [1, -1]).tolist() == [1.0, -0.5]


def test_l1_margins_bad_input() -> None:
    with pytest.raises(
        ValueError, match="shape \\(m, T\\) with T = len\\(alphas\\) = 3"
    ):
        l1_margins(np.ones((4, 2)), [1.0, 1.0, 1.0], np.ones(4))
    with pytest.raises(ValueError, match="all zero"):
        l1_margins(np.ones((4, 2)), [0.0, 0.0], np.ones(4))
    with pytest.raises(ValueError, match="labels in"):
        l1_margins(np.ones((2, 1)), [1.0], [0, 1])


# --- distinct stumps ------------------------------------------------------------------


def test_distinct_stumps_on_one_feature() -> None:
    X = np.array([[0.0], [2.0], [2.0], [5.0]])
    H, table = distinct_stumps(X, return_stumps=True)
    assert H.shape == (4, 6)  # 3 distinct values: 2 constants + 2 thresholds × 2
    assert table["threshold"].tolist()[2:] == [1.0, 1.0, 3.5, 3.5]
    assert table["polarity"].tolist() == [1, -1, 1, -1, 1, -1]
    np.testing.assert_array_equal(H[:, 2], [-1, 1, 1, 1])
    np.testing.assert_array_equal(H[:, 5], [1, 1, 1, -1])


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, m=st.integers(1, 30), n=st.integers(1, 3))
def test_distinct_stumps_are_distinct_and_complete(seed, m, n) -> None:
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 5, size=(m, n)).astype(float)
    H, table = distinct_stumps(X, return_stumps=True)
    assert len(table) == H.shape[1]
    assert np.unique(H, axis=1).shape[1] == H.shape[1]
    assert set(np.unique(H)) <= {-1.0, 1.0}
    for k, row in enumerate(table.itertuples()):
        pred = np.where(X[:, row.feature] > row.threshold, row.polarity, -row.polarity)
        np.testing.assert_array_equal(H[:, k], pred)
    # Every stump the weak learner can return is one of the columns.
    y = rng.choice([-1.0, 1.0], size=m)
    w = rng.random(m)
    pred = Stumps().fit(X, y, w).predict(X)
    assert (pred[:, None] == H).all(axis=0).any()
    # With one feature of v distinct values there are exactly 2v of them.
    v = np.unique(X[:, 0]).size
    assert distinct_stumps(X[:, :1]).shape[1] == 2 * v


# --- distinct depth-2 trees -----------------------------------------------------------


def _brute_force_trees(X: np.ndarray) -> set[tuple[float, ...]]:
    """Every depth-2 tree written out: a root split, a split (or none) on each
    side, four leaf labels; thresholds midway between distinct values."""
    m, n = X.shape
    splits = [np.zeros(m, dtype=bool)]  # "no split": everything on one side
    for j in range(n):
        v = np.unique(X[:, j])
        splits += [X[:, j] > t for t in (v[:-1] + v[1:]) / 2]
    trees = set()
    for root in splits:
        for left in splits:
            for right in splits:
                for labels in itertools.product((-1.0, 1.0), repeat=4):
                    leaf = np.where(
                        root,
                        np.where(right, labels[3], labels[2]),
                        np.where(left, labels[1], labels[0]),
                    )
                    trees.add(tuple(leaf))
    return trees


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, m=st.integers(1, 9), n=st.integers(1, 2))
def test_distinct_trees_are_every_depth_2_tree(seed, m, n) -> None:
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 4, size=(m, n)).astype(float)
    H = distinct_trees(X)
    assert np.unique(H, axis=1).shape[1] == H.shape[1]
    assert {tuple(c) for c in H.T} == _brute_force_trees(X)
    # Stumps are trees; so is what the greedy weak learner returns.
    assert {tuple(c) for c in distinct_stumps(X).T} <= {tuple(c) for c in H.T}
    y = rng.choice([-1.0, 1.0], size=m)
    pred = Trees(depth=2).fit(X, y, rng.random(m)).predict(X)
    assert (pred[:, None] == H).all(axis=0).any()


def test_distinct_trees_on_xor_and_a_threshold_budget() -> None:
    X = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
    y = X[:, 0] * X[:, 1]
    H = distinct_trees(np.repeat(X, 5, axis=0))
    assert H.shape == (20, 16)  # every labelling of the four corners
    M = margin_matrix(distinct_trees(X), y)
    assert max_margin(M)[0] == pytest.approx(1.0)
    assert max_margin(margin_matrix(distinct_stumps(X), y))[0] == pytest.approx(0.0)
    # A budget of thresholds gives a sub-family.
    Z = np.random.default_rng(0).standard_normal((30, 2))
    small, full = distinct_trees(Z, max_thresholds=3), distinct_trees(Z)
    assert small.shape[1] < full.shape[1]
    assert {tuple(c) for c in small.T} <= {tuple(c) for c in full.T}
    with pytest.raises(ValueError, match="max_thresholds"):
        distinct_trees(Z, max_thresholds=0)


# --- norm margins, hyperplane distances, the signed LP (B19) --------------------------

vectors = st.integers(2, 12).flatmap(
    lambda n: st.tuples(
        st.lists(st.floats(-5, 5), min_size=n, max_size=n),
        st.lists(st.floats(-5, 5), min_size=n, max_size=n),
    )
)


@settings(max_examples=60, deadline=None)
@given(vectors)
def test_distance_by_minimization_is_the_dual_norm_formula(pair) -> None:
    u, a = (np.array(v) for v in pair)
    if np.abs(a).max() < 1e-3:
        return
    value = abs(float(a @ u))
    assert hyperplane_distance(u, a, "inf") == pytest.approx(
        value / np.abs(a).sum(), abs=1e-8
    )
    assert hyperplane_distance(u, a, "2") == pytest.approx(
        value / np.linalg.norm(a), abs=1e-9
    )


def test_linf_distance_is_reached_at_a_point_of_the_hyperplane() -> None:
    # u0 = (1, 2), a = (1, 1): the closest point in ℓ∞ moves both coordinates
    # by 1.5, to (−0.5, 0.5); in ℓ2 the distance is 3/√2.
    assert hyperplane_distance([1.0, 2.0], [1.0, 1.0], "inf") == pytest.approx(1.5)
    assert hyperplane_distance([1.0, 2.0], [1.0, 1.0], "2") == pytest.approx(
        3 / np.sqrt(2)
    )
    assert hyperplane_distance([0.0, 0.0, 0.0], [1.0, 2.0, 3.0], "inf") == 0.0
    with pytest.raises(ValueError, match="zero"):
        hyperplane_distance([1.0], [0.0], "inf")
    with pytest.raises(ValueError, match="norm"):
        hyperplane_distance([1.0], [1.0], "1")


def test_norm_margin_examples_and_errors() -> None:
    H = [[1.0, 1.0], [1.0, -1.0]]
    assert norm_margin(H, [3.0, 1.0], [1, 1], 1) == 0.5
    assert norm_margin(H, [3.0, 1.0], [1, 1], 2) == pytest.approx(2 / np.sqrt(10))
    assert norm_margin(H, [3.0, 1.0], [1, -1], 1) == -0.5
    with pytest.raises(ValueError, match="all zero"):
        norm_margin(H, [0.0, 0.0], [1, 1], 1)
    with pytest.raises(ValueError, match="p must"):
        norm_margin(H, [1.0, 0.0], [1, 1], 3)


@pytest.mark.parametrize("seed", range(4))
def test_signed_lp_beats_every_other_weight_vector_in_l1_margin(seed) -> None:
    H, y = _sample(seed)
    rho, alpha = signed_max_margin(H, y)
    assert np.abs(alpha).sum() == pytest.approx(1.0)
    assert rho == pytest.approx(norm_margin(H, alpha, y, 1))
    rng = np.random.default_rng(100 + seed)
    others = [rng.standard_normal(H.shape[1]) for _ in range(300)]
    others.append(l2_max_margin(H, y)[1])
    assert max(norm_margin(H, v, y, 1) for v in others) <= rho + 1e-9


def test_signed_lp_uses_negative_weights() -> None:
    # Only −h2 separates: the LP must put a negative weight on h2.
    rho, alpha = signed_max_margin([[1.0, -1.0], [-1.0, -1.0]], [1, 1])
    assert rho == pytest.approx(1.0)
    np.testing.assert_allclose(alpha, [0.0, -1.0], atol=1e-12)
