"""The tree weak learner (marginlab.estimators.boosting: Trees, Tree, and the
presorted growth in .trees): split for split the trees of a plain search over
every feature and every midpoint, for the three criteria; stumps at depth 1;
XOR at depth 2; scikit-learn's trees for "gini" and "entropy"; the first numpy
implementation bit for bit for "error"; predictions; parameter errors."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.core.datasets import make_dataset
from marginlab.estimators.boosting import trees
from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.weak_learners import (
    TIE_RTOL,
    Stumps,
    Tree,
    Trees,
    weighted_error,
)

SEEDS = st.integers(0, 2**32 - 1)
CRITERIA = ("error", "gini", "entropy")
XOR_X = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
XOR_Y = np.array([1.0, -1.0, 1.0, -1.0])


# --- the references -------------------------------------------------------------------


def child_criterion(criterion: str, wp: float, wn: float) -> float:
    """The criterion's value for one child with class weights wp, wn."""
    total = wp + wn
    if criterion == "error":
        return min(wp, wn)
    if total == 0.0:
        return 0.0
    p, q = wp / total, wn / total
    if criterion == "gini":
        return total * (1.0 - p * p - q * q)
    return -total * sum(r * math.log2(r) for r in (p, q) if r > 0.0)


def midpoint(a: float, b: float) -> float:
    theta = 0.5 * a + 0.5 * b
    return theta if a <= theta < b else a


def reference_tree(X, y, w, depth: int, criterion: str) -> list[tuple]:
    """Nodes (feature, threshold, left, right, value) in preorder, by brute force.

    At every node: every feature, every midpoint between consecutive distinct
    values of the node's points, the two children's criterion from masked
    sums; the first (feature, threshold) within TIE_RTOL·Σw of the smallest.
    A node's class totals are summed as ``np.where(y > 0, w, 0)[idx].sum()``
    (idx increasing), the learner's documented rounding, so that a leaf of
    two exactly equal classes gets the same label (+1).
    """
    tol = TIE_RTOL * float(w.sum())
    wp, wn = np.where(y > 0, w, 0.0), np.where(y > 0, 0.0, w)
    nodes: list[list] = []

    def grow(idx: np.ndarray, depth_left: int) -> int:
        k = len(nodes)
        Wp, Wn = float(wp[idx].sum()), float(wn[idx].sum())
        nodes.append([-1, 0.0, -1, -1, 1.0 if Wp >= Wn else -1.0])
        if depth_left == 0 or min(Wp, Wn) == 0.0 or idx.size < 2:
            return k
        candidates = []  # (value, feature, threshold), feature then threshold order
        for j in range(X.shape[1]):
            column = X[idx, j]
            values = np.unique(column)
            for a, b in zip(values[:-1], values[1:], strict=True):
                theta = midpoint(float(a), float(b))
                left = column <= theta
                value = sum(
                    child_criterion(
                        criterion,
                        float(w[idx][side & (y[idx] > 0)].sum()),
                        float(w[idx][side & (y[idx] < 0)].sum()),
                    )
                    for side in (left, ~left)
                )
                candidates.append((value, j, theta))
        if not candidates:
            return k
        low = min(c[0] for c in candidates)
        _, j, theta = next(c for c in candidates if c[0] <= low + tol)
        nodes[k][:2] = [j, theta]
        go_left = X[idx, j] <= theta
        nodes[k][2] = grow(idx[go_left], depth_left - 1)
        nodes[k][3] = grow(idx[~go_left], depth_left - 1)
        return k

    grow(np.arange(y.size), depth)
    return [tuple(node) for node in nodes]


def node_tuples(tree: Tree) -> list[tuple]:
    arrays = (tree.feature, tree.threshold, tree.left, tree.right, tree.value)
    return [
        (int(f), float(t), int(a), int(b), float(v))
        for f, t, a, b, v in zip(*arrays, strict=True)
    ]


def first_numpy_tree(X, y, w, depth: int) -> list[tuple]:
    """The first implementation of ``Trees`` (criterion "error"), before the
    presorted growth: a numpy cumulative sum over every feature at every node.
    The presorted growth must give its trees bit for bit."""
    XT = X.T.copy()
    order = np.argsort(XT, axis=1, kind="stable")
    wp, wn = np.where(y > 0, w, 0.0), np.where(y > 0, 0.0, w)
    tol = TIE_RTOL * float(w.sum())
    nodes: list[list] = []

    def split(members, Wp, Wn):
        inside = np.zeros(y.size, dtype=bool)
        inside[members] = True
        sub = order[inside[order]].reshape(order.shape[0], -1)
        xs = np.take_along_axis(XT, sub, axis=1)
        Lp = np.cumsum(wp[sub], axis=1)[:, :-1]
        Ln = np.cumsum(wn[sub], axis=1)[:, :-1]
        err = np.minimum(Lp, Ln) + np.minimum(Wp - Lp, Wn - Ln)
        valid = xs[:, :-1] < xs[:, 1:]
        if not valid.any():
            return None
        err[~valid] = np.inf
        flat = int(np.argmax(err.reshape(-1) <= err.min() + tol))
        f, p = divmod(flat, err.shape[1])
        return f, midpoint(float(xs[f, p]), float(xs[f, p + 1]))

    def grow(members, depth_left):
        k = len(nodes)
        Wp, Wn = float(wp[members].sum()), float(wn[members].sum())
        nodes.append([-1, 0.0, -1, -1, 1.0 if Wp >= Wn else -1.0])
        found = None
        if depth_left > 0 and min(Wp, Wn) > 0 and members.size > 1:
            found = split(members, Wp, Wn)
        if found is None:
            return k
        f, theta = found
        go_right = XT[f, members] > theta
        nodes[k][:2] = [f, theta]
        nodes[k][2] = grow(members[~go_right], depth_left - 1)
        nodes[k][3] = grow(members[go_right], depth_left - 1)
        return k

    grow(np.arange(y.size), depth)
    return [tuple(node) for node in nodes]


def random_problem(seed: int, m: int, n: int):
    """Inputs with and without repeated values, weights with and without
    zeros, exact ties and wide ranges."""
    rng = np.random.default_rng(seed)
    kind = rng.integers(3)
    if kind == 0:
        X = rng.standard_normal((m, n))
    elif kind == 1:
        X = rng.integers(0, 4, size=(m, n)).astype(float)
    else:
        X = np.round(rng.standard_normal((m, n)), 1)
    y = rng.choice([-1.0, 1.0], size=m)
    style = rng.integers(4)
    if style == 0:
        w = rng.random(m)
    elif style == 1:
        w = rng.integers(0, 4, size=m) / 4.0  # zeros and exact ties
    elif style == 2:
        w = np.ones(m)
    else:
        w = rng.random(m) ** 12  # several orders of magnitude
    if w.sum() == 0:
        w[0] = 1.0
    return X, y, w


# --- exactness ------------------------------------------------------------------------


@pytest.mark.parametrize("criterion", CRITERIA)
@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, m=st.integers(1, 24), n=st.integers(1, 3), depth=st.integers(1, 5))
def test_trees_are_the_brute_force_trees_split_for_split(
    criterion, seed, m, n, depth
) -> None:
    X, y, w = random_problem(seed, m, n)
    search = Trees(depth=depth, criterion=criterion).prepare(X, y)
    tree, pred = search.best(w)
    assert node_tuples(tree) == reference_tree(X, y, w, depth, criterion)
    np.testing.assert_array_equal(pred, tree.predict(X))
    assert tree.n_leaves <= 2**depth


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, m=st.integers(100, 400), depth=st.integers(1, 4))
def test_error_trees_are_the_first_implementation_bit_for_bit(seed, m, depth) -> None:
    """Node totals over more than 128 points use numpy's pairwise blocks."""
    X, y, w = random_problem(seed, m, 3)
    tree = Trees(depth=depth).fit(X, y, w)
    assert node_tuples(tree) == first_numpy_tree(X, y, w, depth)


def test_pairwise_sum_is_numpy_sum_bit_for_bit() -> None:
    trees._compile()
    rng = np.random.default_rng(0)
    for n in [*range(0, 300), 1000, 8191, 8192, 8193, 100_003]:
        a = rng.random(n + 5) * 10.0 ** rng.integers(-8, 8, n + 5)
        assert trees._pairwise_sum(a, 2, n) == a[2 : 2 + n].sum(), n


def test_the_entropy_bound_is_below_the_entropy_and_tight_at_one_half() -> None:
    """The bound that lets "entropy" skip logarithms (same trees either way)."""
    p = np.concatenate([np.logspace(-300, -1, 2000), np.linspace(0.1, 0.9, 8001)])
    for a in p:
        bound = trees._entropy_bound(a, 1.0 - a)
        assert bound <= trees._entropy_part(a, 1.0 - a) + 1e-15
    assert trees._entropy_bound(3.0, 3.0) == 6.0 == trees._entropy_part(3.0, 3.0)
    assert trees._entropy_bound(2.0, 0.0) == 0.0 == trees._entropy_part(2.0, 0.0)


def test_a_round_sorts_nothing(monkeypatch) -> None:
    X, y, w = random_problem(3, 200, 4)
    search = Trees(depth=4, criterion="entropy").prepare(X, y)
    assert search.n_presorted == 4 * 200

    def no_sort(*args, **kwargs):
        raise AssertionError("a round sorted")

    monkeypatch.setattr(np, "argsort", no_sort)
    monkeypatch.setattr(np, "sort", no_sort)
    for seed in range(3):
        search.best(np.random.default_rng(seed).random(200))


# --- against stumps, XOR and scikit-learn ---------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, m=st.integers(2, 60), n=st.integers(1, 4))
def test_depth_one_error_trees_have_the_error_of_the_best_stump(seed, m, n) -> None:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n))  # no constant column
    y = rng.choice([-1.0, 1.0], size=m)
    w = rng.random(m)
    tree = Trees(depth=1).fit(X, y, w)
    stump = Stumps().fit(X, y, w)
    e_tree = weighted_error(tree.predict(X), y, w)
    e_stump = weighted_error(stump.predict(X), y, w)
    assert e_tree == pytest.approx(e_stump, rel=0, abs=1e-12)


@pytest.mark.parametrize("criterion", CRITERIA)
def test_xor_needs_depth_two_under_every_criterion(criterion) -> None:
    """At XOR's root no split lowers any criterion; the node splits anyway."""
    shallow = Trees(depth=1, criterion=criterion).fit(XOR_X, XOR_Y)
    assert weighted_error(shallow.predict(XOR_X), XOR_Y, np.ones(4)) == 0.5
    deep = Trees(depth=2, criterion=criterion).fit(XOR_X, XOR_Y)
    assert deep.n_leaves == 4
    np.testing.assert_array_equal(deep.predict(XOR_X), XOR_Y)
    model = AdaBoost(weak_learner=Trees(depth=2, criterion=criterion), n_rounds=5)
    assert model.fit(XOR_X, XOR_Y).stop_reason_ == "perfect"


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, m=st.integers(2, 80), n=st.integers(1, 4), depth=st.integers(1, 5))
def test_gini_and_entropy_trees_predict_as_scikit_learn(
    criterion, seed, m, n, depth
) -> None:
    """Same training predictions as DecisionTreeClassifier with the same weights.

    The inputs are multiples of 1/8 (exact in scikit-learn's float32, and
    further apart than its 1e-7 threshold for equal values) and the weights
    continuous, so two different splits of a node have the same criterion
    with probability 0. Ties would be broken differently: scikit-learn
    visits the features in a random order and keeps the first best split;
    we take the lowest feature within 1e-12·Σw. Different features that
    make the same partition do tie, but then both trees partition the
    training points alike. The trees themselves may still differ: scikit-
    learn forms a child's class weights by subtraction and may split a node
    that is pure up to rounding, into two leaves of the same label.
    """
    from sklearn.tree import DecisionTreeClassifier

    rng = np.random.default_rng(seed)
    X = rng.integers(-200, 200, size=(m, n)) / 8.0
    y = rng.choice([-1.0, 1.0], size=m)
    w = 0.05 + rng.random(m)
    ours = Trees(depth=depth, criterion=criterion).fit(X, y, w)
    peer = DecisionTreeClassifier(criterion=criterion, max_depth=depth)
    peer.fit(X, y, sample_weight=w)
    np.testing.assert_array_equal(ours.predict(X), peer.predict(X))


def test_adaboost_over_entropy_trees_follows_scikit_learn() -> None:
    """SAMME with two classes is AdaBoost (its α is twice ours, the same vote)."""
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.tree import DecisionTreeClassifier

    rng = np.random.default_rng(1)
    X = rng.integers(-400, 400, size=(300, 4)) / 16.0
    y = np.where(X[:, 0] * X[:, 1] + 20.0 * rng.standard_normal(300) > 0, 1.0, -1.0)
    d1 = 0.5 + rng.random(300)  # continuous weights: no ties in impurity
    ours = AdaBoost(weak_learner=Trees(depth=3, criterion="entropy"), n_rounds=10)
    ours.fit(X, y, sample_weight=d1)
    peer = AdaBoostClassifier(
        DecisionTreeClassifier(max_depth=3, criterion="entropy"), n_estimators=10
    ).fit(X, y, sample_weight=d1)
    assert ours.n_rounds_ == 10  # no perfect tree: scikit-learn stops at one
    np.testing.assert_allclose(ours.alphas_, 0.5 * peer.estimator_weights_, rtol=1e-9)
    np.testing.assert_array_equal(ours.predict(X), peer.predict(X))


# --- the hypothesis -------------------------------------------------------------------


@pytest.mark.parametrize("criterion", CRITERIA)
def test_tree_predicts_new_points_by_its_splits(criterion) -> None:
    rng = np.random.default_rng(7)
    X = rng.standard_normal((120, 3))
    y = np.where(X[:, 0] + X[:, 1] ** 2 > 0.5, 1.0, -1.0)
    tree, pred = Trees(depth=4, criterion=criterion).prepare(X, y).best(rng.random(120))
    np.testing.assert_array_equal(pred, tree.predict(X))
    Z = rng.standard_normal((200, 3)) * 2.0
    walked = []
    for z in Z:
        k = 0
        while tree.feature[k] >= 0:
            k = (
                tree.left[k]
                if z[tree.feature[k]] <= tree.threshold[k]
                else tree.right[k]
            )
        walked.append(tree.value[k])
    np.testing.assert_array_equal(tree.predict(Z), walked)
    assert set(tree.predict(Z)) <= {-1.0, 1.0}


def test_degenerate_inputs() -> None:
    one = Trees(depth=3).fit([[2.0]], [-1])
    assert (one.n_leaves, one.predict([[0.0], [5.0]]).tolist()) == (1, [-1.0, -1.0])
    same = Trees(depth=3, criterion="gini").fit([[1.0, 2.0]] * 4, [1, -1, -1, 1])
    assert same.n_leaves == 1  # no feature separates the points
    assert same.predict([[0.0, 0.0]]).tolist() == [1.0]  # a tie of weights: +1
    X, y, w = random_problem(5, 30, 2)
    huge = Trees(depth=10**9, criterion="entropy").fit(X, y, w)
    assert node_tuples(huge) == node_tuples(
        Trees(depth=29, criterion="entropy").fit(X, y, w)
    )


def test_parameters_repr_and_errors() -> None:
    assert repr(Trees()) == "Trees(depth=2)"
    assert repr(Trees(depth=3, criterion="gini")) == "Trees(depth=3, criterion='gini')"
    assert Trees(depth=4, criterion="entropy").get_params() == {
        "depth": 4,
        "criterion": "entropy",
    }
    with pytest.raises(TypeError):
        Trees(2)  # every parameter is keyword-only
    X, y = XOR_X, XOR_Y
    with pytest.raises(
        ValueError,
        match=r"The 'depth' parameter of Trees must be an int in the range "
        r"\[1, inf\)\. Got 0\.",
    ):
        Trees(depth=0).fit(X, y)
    with pytest.raises(
        ValueError,
        match=r"The 'criterion' parameter of Trees must be 'error', 'gini' or "
        r"'entropy'\. Got 'gain_ratio'\.",
    ):
        AdaBoost(weak_learner=Trees(criterion="gain_ratio")).fit(X, y)
    with pytest.raises(ValueError, match="sample_weight must be finite and >= 0"):
        Trees(depth=2).fit(X, y, [1.0, -1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="sums to 0"):
        Trees(depth=2).fit(X, y, np.zeros(4))
    with pytest.raises(ValueError, match="non-finite"):
        Trees(depth=2).fit([[np.nan, 0.0], [1.0, 1.0]], [1, -1])


def test_a_child_emptied_by_rounding_has_no_entropy() -> None:
    """A right child's weights are the parent's minus the left's: a child
    with no points can come out as (tiny, −tiny). Its W·H is 0, not a
    division by zero or the logarithm of a negative number."""
    assert trees._entropy_part(1e-17, -1e-17) == 0.0
    assert trees._entropy_part(-2e-17, 1e-17) == 0.0
    assert trees._gini_part(1e-17, -1e-17) == 0.0


def test_deep_entropy_trees_boost_twonorm() -> None:
    """Depth-5 entropy trees on twonorm once divided by a zero weight (at
    round 988 of this fit, about 2 s)."""
    data = make_dataset({"generator": "twonorm", "n_samples": 1000, "seed": 1})
    model = AdaBoost(
        weak_learner=Trees(depth=5, criterion="entropy"), n_rounds=1000
    ).fit(data.X, data.y)
    assert np.isfinite(model.decision_function(data.X)).all()
