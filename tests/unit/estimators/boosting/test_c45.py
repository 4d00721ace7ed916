"""The K-class tree weak learners (marginlab.estimators.boosting.c45: C45Trees,
BestFirstTrees; grown in .multiclass_trees, pruned in .pruning): C4.5's trees
split for split against a brute-force reference of release 8's rules, the
binomial limit U_CF and a pruning decision by hand, the gain ratio against the
gain, weights (scale, zeros), labels as given, min_leaf; best-first trees
against scikit-learn's ``max_leaf_nodes`` trees; parameters and history."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import betaincinv
from scipy.stats import binom
from sklearn.tree import DecisionTreeClassifier

from marginlab.estimators.boosting import multiclass_trees as mt
from marginlab.estimators.boosting import pruning
from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.c45 import BestFirstTrees, C45Trees, MulticlassTree
from marginlab.estimators.boosting.weak_learners import TIE_RTOL

SEEDS = st.integers(0, 2**32 - 1)


def midpoint(a: float, b: float) -> float:
    theta = 0.5 * a + 0.5 * b
    return theta if a <= theta < b else a


def info(counts: np.ndarray) -> float:
    """W·H in bits: Σ_k c_k log₂(W / c_k)."""
    c = counts[counts > 0]
    return float((c * np.log2(c.sum() / c)).sum()) if c.size else 0.0


def class_weights(w: np.ndarray, y: np.ndarray, classes: np.ndarray) -> np.ndarray:
    return np.array([w[y == c].sum() for c in classes])


# --- the references -------------------------------------------------------------------


def c45_split(X, y, w, idx, classes, min_leaf, tol):
    """Release 8's choice at the node ``idx`` by brute force: (feature, θ) or None.

    Every feature, every midpoint between distinct values of the node's
    points of positive weight; admissible when both sides weigh ≥ MinSplit =
    max(min_leaf, min(25, 0.1 W/K)); per feature the threshold of largest
    gain (the first within tol), gain′ = gain − log₂(#admissible); among the
    features with gain′ > 0 and gain′ ≥ their average, the largest ratio
    gain′ / split info (the first within tol).
    """
    counts = class_weights(w[idx], y[idx], classes)
    W = counts.sum()
    pos = idx[w[idx] > 0]
    min_split = max(min_leaf, min(25.0, 0.1 * W / classes.size)) - tol
    found = []  # (feature, corrected gain, split info, θ), bits × cases
    for f in range(X.shape[1]):
        candidates = []
        values = np.unique(X[pos, f])
        for a, b in zip(values[:-1], values[1:], strict=True):
            theta = midpoint(float(a), float(b))
            go_left = X[pos, f] <= theta
            left = class_weights(w[pos][go_left], y[pos][go_left], classes)
            right = class_weights(w[pos][~go_left], y[pos][~go_left], classes)
            if left.sum() < min_split or right.sum() < min_split:
                continue
            candidates.append((info(left) + info(right), theta, left.sum()))
        if not candidates:
            continue
        low = min(c[0] for c in candidates)
        value, theta, WL = next(c for c in candidates if c[0] <= low + tol)
        gain = info(counts) - value - math.log2(len(candidates))
        if gain > tol:
            found.append((f, gain, info(np.array([WL, W - WL])), theta))
    if not found:
        return None
    average = sum(g for _, g, _, _ in found) / len(found)
    eligible = [c for c in found if c[1] >= average - tol and c[2] > 1e-3 * W]
    if not eligible:
        return None
    best = max(g / s for _, g, s, _ in eligible)
    f, _, _, theta = next(c for c in eligible if c[1] >= best * c[2] - tol)
    return f, theta


def reference_c45(X, y, w, min_leaf):
    """C4.5's unpruned tree, before the collapse, as nested dicts."""
    classes = np.unique(y)
    m = np.count_nonzero(w > 0)
    w = w * (m / w.sum())
    tol = TIE_RTOL * m

    def grow(idx):
        counts = class_weights(w[idx], y[idx], classes)
        node = {
            "label": classes[np.flatnonzero(counts >= counts.max() - tol)[0]],
            "N": counts.sum(),
            "E": counts.sum() - counts[counts >= counts.max() - tol][0],
        }
        if np.count_nonzero(counts) > 1:
            split = c45_split(X, y, w, idx, classes, min_leaf, tol)
            if split is not None:
                f, theta = split
                go_left = X[idx, f] <= theta
                node.update(
                    feature=f,
                    threshold=theta,
                    left=grow(idx[go_left]),
                    right=grow(idx[~go_left]),
                )
        return node

    return grow(np.arange(y.size))


def replace(node, cost, slack):
    """Bottom-up replacement of subtrees by leaves (collapse or pruning);
    returns the subtree's cost."""
    if "feature" not in node:
        return cost(node)
    below = replace(node["left"], cost, slack) + replace(node["right"], cost, slack)
    if cost(node) <= below + slack:
        for key in ("feature", "threshold", "left", "right"):
            del node[key]
        return cost(node)
    return below


def pessimistic(confidence):
    """N·U_CF(E, N), written with scipy."""

    def cost(node):
        E, N = node["E"], node["N"]
        if E == 0:
            return N * (1 - confidence ** (1 / N))
        return N * (betaincinv(E + 1, N - E, 1 - confidence) if E < N else 1.0)

    return cost


def preorder(node) -> list[tuple]:
    if "feature" not in node:
        return [(-1, 0.0, float(node["label"]))]
    head = [(int(node["feature"]), float(node["threshold"]), float(node["label"]))]
    return head + preorder(node["left"]) + preorder(node["right"])


def tuples(tree: MulticlassTree) -> list[tuple]:
    return [
        (int(f), float(t), float(v))
        for f, t, v in zip(tree.feature, tree.threshold, tree.value, strict=True)
    ]


def random_problem(seed: int, m: int, n: int, K: int):
    """Labels 0..K−1 (or ±1 for K = 2 half the time), inputs with and without
    repeated values, weights with and without zeros."""
    rng = np.random.default_rng(seed)
    kind = rng.integers(3)
    if kind == 0:
        X = rng.standard_normal((m, n))
    elif kind == 1:
        X = rng.integers(0, 5, size=(m, n)).astype(float)
    else:
        X = np.round(rng.standard_normal((m, n)), 1)
    y = rng.integers(0, K, m).astype(float)
    # Learnable in part: the first feature moves with the class.
    X[:, 0] += y
    if K == 2 and rng.integers(2):
        y = 2.0 * y - 1.0
    style = rng.integers(3)
    if style == 0:
        w = rng.random(m)
    elif style == 1:
        w = rng.integers(0, 4, size=m) / 4.0  # zeros and exact ties
    else:
        w = np.ones(m)
    if w.sum() == 0:
        w[0] = 1.0
    return X, y, w


# --- C4.5: the tree -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seed=SEEDS,
    m=st.integers(2, 60),
    n=st.integers(1, 3),
    K=st.integers(2, 4),
    min_leaf=st.sampled_from([0.5, 1.0, 2.0, 3.5]),
)
def test_c45_grows_release_8s_tree_split_for_split(seed, m, n, K, min_leaf) -> None:
    X, y, w = random_problem(seed, m, n, K)
    search = C45Trees(min_leaf=min_leaf, prune=False).prepare(X, y)
    cases = w * (np.count_nonzero(w > 0) / w.sum())
    grown = search.presorted.grow_c45(cases, min_leaf, TIE_RTOL * np.count_nonzero(w))
    raw = MulticlassTree(
        grown.feature,
        grown.threshold,
        grown.left,
        grown.right,
        search.presorted.classes[grown.label],
        grown.depth,
    )
    reference = reference_c45(X, y, w, min_leaf)
    assert tuples(raw) == preorder(reference)
    # The collapse, then the pruning, as the reference does them.
    replace(reference, lambda node: node["E"], pruning.COLLAPSE_SLACK)
    tree, pred = search.best(w)
    assert tuples(tree) == preorder(reference)
    np.testing.assert_array_equal(pred, tree.predict(X))
    replace(reference, pessimistic(0.25), pruning.PRUNE_SLACK)
    pruned, pred = C45Trees(min_leaf=min_leaf).prepare(X, y).best(w)
    assert tuples(pruned) == preorder(reference)
    np.testing.assert_array_equal(pred, pruned.predict(X))


# --- C4.5: the scan that skips logarithms, against the exact scan ---------------------


def xlog2x_points() -> np.ndarray:
    """x > 0 from subnormal to large: log-uniform, powers of 2 and their
    neighbours, mantissas on either side of √2."""
    rng = np.random.default_rng(11)
    powers = 2.0 ** np.arange(-1074, 60, dtype=float)
    near = np.r_[powers, np.nextafter(powers, 0), np.nextafter(powers, np.inf)]
    sqrt2 = math.sqrt(2.0) * 2.0 ** np.arange(-60.0, 60.0)
    return np.r_[
        10.0 ** rng.uniform(-320, 7, 20_000),
        near[near > 0],
        np.nextafter(sqrt2, 0),
        sqrt2,
        np.nextafter(sqrt2, np.inf),
        [5e-324, 1e-310, 1e-300, 0.5, 1.0, 2.0, 3.0],
    ]


def test_xlog2x_bounds_hold_from_subnormal_to_large() -> None:
    mt._compile()
    lower, upper = mt._xlog2x_lower, mt._xlog2x_upper
    x = xlog2x_points()
    exact = x * np.log2(x)
    lo = np.array([lower(float(v)) for v in x])
    hi = np.array([upper(float(v)) for v in x])
    assert np.all(lo <= exact)
    assert np.all(exact <= hi)
    normal = x >= mt._TINY
    np.testing.assert_array_less(
        hi[normal] - lo[normal], 2.0001 * mt._XLOG_EPS * x[normal]
    )
    # x ≤ 0, as _term: 0 for the lower bound, at least 0 for the upper one.
    for v in (0.0, -0.0, -1e-300, -1e-15):
        assert lower(v) == 0.0
        assert upper(v) >= 0.0


def scan_problem(seed: int, m: int, n: int, K: int):
    """Features with and without repeated values (the first one moves with
    the class); weights as boosting leaves them (from tiny to large, some 0,
    some tied) or nearly uniform (where noise features have no gain)."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n))
    X[:, 1] = np.round(X[:, 1], 1)
    X[:, 2] = rng.integers(0, 4, m)
    y = rng.integers(0, K, m).astype(float)
    X[:, 0] += 0.7 * y
    if rng.integers(2):
        w = np.exp(rng.uniform(-30, 3, m)) * (rng.random(m) < 0.9)
        w[rng.random(m) < 0.2] = 1.0
    else:
        w = rng.integers(0, 5, m) / 4.0
    return X, y, w


@settings(max_examples=40, deadline=None)
@given(
    seed=SEEDS,
    m=st.integers(2, 400),
    K=st.sampled_from([2, 3, 7]),
    min_leaf=st.sampled_from([0.5, 2.0]),
)
def test_the_c45_scan_finds_the_exact_scans_threshold_bit_for_bit(
    seed, m, K, min_leaf
) -> None:
    """_scan_c45 against _scan (every value exact, the scan of best-first
    trees) at a root: the same thresholds, and the same first one within
    tol of the least value, with the same value to the last bit; a feature
    is dropped only when no threshold gives a corrected gain above tol."""
    X, y, w = scan_problem(seed, m, 4, K)
    if not np.any(w > 0):
        w[0] = 1.0
    P = C45Trees().prepare(X, y).presorted
    mt._compile()
    n_pos = np.count_nonzero(w > 0)
    w = w * (n_pos / w.sum())
    tol = TIE_RTOL * n_pos
    tot, cnt = np.empty(P.K), np.empty(P.K, dtype=np.int64)
    W = mt._node_totals(P.order0[0], 0, m, w, P.code, tot, cnt)
    present = np.zeros(P.K, dtype=np.int64)
    n_cls = mt._present(cnt, present)
    if n_cls < 2:
        return
    fwork = np.zeros((4, P.K))
    S = 0.0
    for k in present[:n_cls]:
        fwork[3, k] = mt._term(mt._ENTROPY, tot[k])
        S += fwork[3, k]
    info_node = mt._side(mt._ENTROPY, W, S)
    min_w = max(min_leaf, min(25.0, 0.1 * W / P.K)) - tol
    order, rank = P.order0, P.rank0
    for f in range(X.shape[1]):
        vals, lo, hi = np.empty(m), np.empty(m, np.int64), np.empty(m, np.int64)
        n = mt._scan(
            order[f], rank[f], 0, m, w, P.code, tot, cnt, present, n_cls, W,
            min_w, mt._ENTROPY, fwork, np.zeros((4, P.K), np.int64), vals, lo,
            hi, np.empty(m),
        )  # fmt: skip
        bvals, blo, bhi = np.empty(m), np.empty(m, np.int64), np.empty(m, np.int64)
        nb = mt._scan_c45(
            order, rank, f, 0, m, w, P.code, tot, cnt, present, n_cls, W, min_w,
            tol, info_node, np.empty(P.K), np.empty(P.K, np.int64),
            np.empty((2 * P.K + 2, m)), bvals, blo, bhi,
        )  # fmt: skip
        if n == 0:
            assert nb == 0
            continue
        j = mt._first_within(vals, n, tol)
        if nb < 0:  # dropped: no threshold gives a corrected gain above tol
            assert nb == -n
            assert info_node - vals[j] - math.log2(n) <= tol
            continue
        assert nb == n
        np.testing.assert_array_equal(blo[:n], lo[:n])
        np.testing.assert_array_equal(bhi[:n], hi[:n])
        assert mt._first_within(bvals, n, tol) == j
        assert bvals[j].tobytes() == vals[j].tobytes()


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, m=st.integers(2, 300), K=st.sampled_from([2, 3, 7]))
def test_collapse_and_prune_is_prune_of_collapse_node_for_node(seed, m, K) -> None:
    X, y, w = scan_problem(seed, m, 4, K)
    if not np.any(w > 0):
        w[0] = 1.0
    P = C45Trees().prepare(X, y).presorted
    nodes = P.grow_c45_nodes(w * (np.count_nonzero(w) / w.sum()), 1.0, 1e-9)
    for confidence in (None, 0.25, 0.05):
        fused = pruning.collapse_and_prune(*nodes, confidence=confidence)
        steps = pruning.collapse(mt.compact(*nodes))
        if confidence is not None:
            steps = pruning.prune(steps, confidence)
        for field in dataclasses.fields(steps):
            a, b = getattr(fused, field.name), getattr(steps, field.name)
            np.testing.assert_array_equal(a, b)
            assert np.asarray(a).dtype == np.asarray(b).dtype


def grid_problem(labels: tuple[float, ...]):
    """An 8 × 8 grid of integer points, 4 copies each, labelled by regions
    bounded by axis-aligned lines: no two equal points disagree."""
    g = np.arange(8.0)
    X = np.array([(a, b) for a in g for b in g for _ in range(4)])
    region = (X[:, 0] >= 3).astype(int) + 2 * (X[:, 1] >= 5) + (X[:, 0] >= 6)
    y = np.array(labels)[region % len(labels)]
    return X, y


@pytest.mark.parametrize(
    "labels", [(0.0, 1.0, 2.0, 3.0), (-1.0, 1.0), (3.0, 7.0, 11.0)]
)
def test_unpruned_c45_fits_a_consistent_training_set(labels) -> None:
    X, y = grid_problem(labels)
    tree, pred = C45Trees(prune=False).prepare(X, y).best(np.ones(y.size))
    np.testing.assert_array_equal(pred, y)
    np.testing.assert_array_equal(tree.predict(X), y)
    assert set(np.unique(tree.value)) <= set(labels)
    assert tree.predict(X).dtype == np.float64


@pytest.mark.parametrize("seed", range(6))
def test_pruning_never_adds_leaves(seed) -> None:
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 6, (300, 3)).astype(float)
    y = (X[:, 0] + rng.integers(0, 3, 300)) % 4
    w = rng.random(300)
    full, full_pred = C45Trees(prune=False).prepare(X, y).best(w)
    pruned, pred = C45Trees().prepare(X, y).best(w)
    harsher, _ = C45Trees(confidence=0.05).prepare(X, y).best(w)
    assert harsher.n_leaves <= pruned.n_leaves <= full.n_leaves
    assert pruned.n_leaves < full.n_leaves  # this noise is pruned
    assert np.average(pred != y, weights=w) >= np.average(full_pred != y, weights=w)


# --- C4.5: the pessimistic estimate and the pruning decision by hand ------------------


def test_the_binomial_limit_by_hand() -> None:
    U = pruning.binomial_upper_limit
    # E = 0: the CF quantile of (1 − U)^N, 1 − CF^(1/N).
    assert U(0.0, 6.0, 0.25)[()] == pytest.approx(1 - 0.25 ** (1 / 6), abs=1e-15)
    assert U(0.0, 6.0, 0.25)[()] == pytest.approx(0.2063, abs=5e-5)
    assert U(0.0, 1.0, 0.25)[()] == pytest.approx(0.75)
    # E = 1 of N = 6: P[X ≤ 1] = (1 − U)^6 + 6U(1 − U)^5 = CF, solved by bisection.
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        tail = (1 - mid) ** 6 + 6 * mid * (1 - mid) ** 5
        lo, hi = (mid, hi) if tail > 0.25 else (lo, mid)
    assert U(1.0, 6.0, 0.25)[()] == pytest.approx(lo, abs=1e-12)
    assert lo == pytest.approx(0.3895, abs=5e-5)
    # Integer E, N: the binomial tail at U is CF; E ≥ N gives 1.
    for E, N in [(2, 10), (5, 40), (0, 100), (13, 14)]:
        assert binom.cdf(E, N, U(E, N, 0.25)[()]) == pytest.approx(0.25, abs=1e-10)
    np.testing.assert_array_equal(U([3.0, 4.0], [3.0, 3.5], 0.25), [1.0, 1.0])
    # Fractional cases: between the neighbouring integers, increasing in E.
    u = U([1.0, 1.5, 2.0], 6.0, 0.25)
    assert u[0] < u[1] < u[2]
    # A smaller confidence CF gives a larger (more pessimistic) limit.
    assert U(1.0, 6.0, 0.1)[()] > U(1.0, 6.0, 0.25)[()]


def upper_limit(E: int, N: int, confidence: float) -> float:
    """U_CF(E, N) by bisection on Σ_{k≤E} C(N, k) U^k (1 − U)^(N−k) = CF."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        tail = sum(
            math.comb(N, k) * mid**k * (1 - mid) ** (N - k) for k in range(E + 1)
        )
        lo, hi = (mid, hi) if tail > confidence else (lo, mid)
    return lo


def alternating(k: int, r: int) -> np.ndarray:
    """Labels of x = 0, 1, …: k pairs (class 0, class 1), one more class 0,
    then r cases of class 1. With min_leaf = 4 the tree splits once, at
    x = 2k + ½: a left leaf of 2k + 1 cases with k errors, a pure right
    leaf of r cases; the root has 2k + 1 + r cases and k + 1 errors."""
    return np.r_[np.tile([0.0, 1.0], k), 0.0, np.ones(r)]


@pytest.mark.parametrize(
    ("y", "root", "left", "right", "pruned", "by_slack"),
    [
        # x < 8 class 0, x ≥ 8 class 1: (N, E) of root, left and right leaf.
        (np.repeat([0.0, 1.0], 8), (16, 8), (8, 0), (8, 0), False, False),
        (alternating(5, 5), (16, 6), (11, 5), (5, 0), True, True),
        (alternating(12, 5), (30, 13), (25, 12), (5, 0), True, False),
    ],
)
def test_the_pruning_decision_computed_by_hand(
    y, root, left, right, pruned, by_slack
) -> None:
    X = np.arange(float(y.size))[:, None]
    grown = C45Trees(min_leaf=4.0, prune=False).prepare(X, y).grow(np.ones(y.size))
    assert grown.n_leaves == 2
    assert grown.threshold[0] == left[0] - 0.5
    np.testing.assert_array_equal(grown.weight, [root[0], left[0], right[0]])
    np.testing.assert_array_equal(grown.errors, [root[1], left[1], right[1]])
    # By hand: N·U_CF(E, N) of each node, U_CF from the binomial tail.
    est = [N * upper_limit(E, N, 0.25) for N, E in (root, left, right)]
    np.testing.assert_allclose(pruning.estimated_errors(grown, 0.25), est, rtol=1e-9)
    assert right[1] == 0
    assert est[2] == pytest.approx(right[0] * (1 - 0.25 ** (1 / right[0])))
    # Pruned when the leaf's estimate is at most its leaves' + 0.1 (release 8).
    assert (est[0] <= est[1] + est[2] + 0.1) is pruned
    assert (est[0] <= est[1] + est[2]) is (pruned and not by_slack)
    assert C45Trees(min_leaf=4.0).fit(X, y).n_leaves == (1 if pruned else 2)
    without_slack = pruning.prune(grown, 0.25, slack=0.0)
    assert without_slack.n_leaves == (1 if pruned and not by_slack else 2)


# --- C4.5: the gain ratio, min_leaf, weights, labels ----------------------------------


def gain_ratio_problem():
    """16 cases of class 0, 16 of class 1, 32 of class 2, and three binary
    features. Feature 0 sends classes 0 and 1 and a quarter of class 2 left
    (gain 0.549 bits, split information 0.954, ratio 0.575); feature 1 cuts
    off 12 cases of class 0 (gain 0.493, split information 0.696, ratio
    0.709); feature 2 is weak (gain 0.011), which brings the average gain
    (0.351) below feature 1's."""
    y = np.array([0.0] * 16 + [1.0] * 16 + [2.0] * 32)
    x0 = np.r_[np.zeros(40), np.ones(24)]
    x1 = np.r_[np.zeros(12), np.ones(52)]
    x2 = np.r_[
        np.zeros(8), np.ones(8), np.zeros(8), np.ones(8), np.zeros(12), np.ones(20)
    ]
    return np.c_[x0, x1, x2], y


def test_the_gain_ratio_picks_another_feature_than_the_gain() -> None:
    X, y = gain_ratio_problem()
    W, counts = 64.0, np.array([16.0, 16.0, 32.0])
    gains, ratios = [], []
    for f in range(3):
        left = X[:, f] == 0
        parts = [
            class_weights(np.ones(64)[s], y[s], np.arange(3.0)) for s in (left, ~left)
        ]
        gain = (info(counts) - info(parts[0]) - info(parts[1])) / W  # one threshold
        gains.append(gain)
        ratios.append(gain / (info(np.array([left.sum(), 64 - left.sum()])) / W))
    np.testing.assert_allclose(gains, [0.5488, 0.4934, 0.0115], atol=1e-4)
    np.testing.assert_allclose(ratios, [0.5750, 0.7087, 0.0116], atol=1e-4)
    assert np.argmax(gains) == 0
    assert np.argmax(ratios) == 1
    assert min(gains) > 0
    assert gains[1] >= np.mean(gains)
    tree = C45Trees(prune=False).fit(X, y)
    assert tree.feature[0] == 1
    assert tree.threshold[0] == 0.5
    # Without feature 2 the average is above feature 1's gain: the gain wins.
    assert C45Trees(prune=False).fit(X[:, :2], y).feature[0] == 0


@pytest.mark.parametrize("min_leaf", [1.0, 5.0, 12.5])
def test_min_leaf_bounds_the_weight_of_every_child(min_leaf) -> None:
    rng = np.random.default_rng(7)
    X = rng.standard_normal((400, 3))
    y = (X[:, 0] > 0).astype(float) + (X[:, 1] > 0.5) + (rng.random(400) < 0.2)
    w = rng.random(400) ** 2
    grown = C45Trees(min_leaf=min_leaf, prune=False).prepare(X, y).grow(w)
    assert grown.n_leaves > 4
    np.testing.assert_allclose(grown.weight[0], 400.0)
    assert grown.weight[1:].min() >= min_leaf * (1 - 1e-12)
    # Release 8's MinSplit: a tenth of the cases per class, up to 25, at large nodes.
    K, inner = 3, grown.feature >= 0
    for k in np.flatnonzero(inner):
        need = max(min_leaf, min(25.0, 0.1 * grown.weight[k] / K))
        children = grown.weight[[grown.left[k], grown.right[k]]]
        assert children.min() >= need * (1 - 1e-12)


@pytest.mark.parametrize(
    "learner", [C45Trees(), C45Trees(prune=False), BestFirstTrees(n_leaves=6)]
)
def test_the_tree_does_not_depend_on_the_scale_of_the_weights(learner) -> None:
    rng = np.random.default_rng(3)
    X = rng.standard_normal((300, 4))
    y = rng.integers(0, 3, 300).astype(float)
    X[:, 1] += y
    w = rng.random(300)
    search = learner.prepare(X, y)
    a, pa = search.best(w)
    b, pb = search.best(7.0 * w)
    c, _ = search.best(w / w.max())
    assert tuples(a) == tuples(b) == tuples(c)
    np.testing.assert_array_equal(pa, pb)


@pytest.mark.parametrize(
    "learner",
    [C45Trees(), C45Trees(prune=False, min_leaf=1.0), BestFirstTrees(n_leaves=8)],
)
def test_points_of_weight_zero_change_nothing(learner) -> None:
    rng = np.random.default_rng(4)
    X = rng.standard_normal((200, 3))
    y = rng.integers(0, 4, 200).astype(float)
    X[:, 0] += y
    w = rng.random(200)
    # 100 more points of weight 0, with labels and values of their own,
    # some between the others' values, some beyond them.
    X0 = np.r_[rng.standard_normal((80, 3)), 10 + rng.standard_normal((20, 3))]
    y0 = rng.integers(0, 4, 100).astype(float)
    alone, _ = learner.prepare(X, y).best(w)
    Xa, ya = np.r_[X0[:50], X, X0[50:]], np.r_[y0[:50], y, y0[50:]]
    wa = np.r_[np.zeros(50), w, np.zeros(50)]
    mixed, pred = learner.prepare(Xa, ya).best(wa)
    assert tuples(mixed) == tuples(alone)
    np.testing.assert_array_equal(pred, mixed.predict(Xa))


@pytest.mark.parametrize("learner", [C45Trees(), BestFirstTrees(n_leaves=4)])
def test_labels_come_back_as_given(learner) -> None:
    rng = np.random.default_rng(5)
    X = rng.standard_normal((120, 2))
    for labels in ([-1.0, 1.0], [0.0, 1.0, 2.0, 3.0, 4.0], [2.0, 5.0, 7.5]):
        y = np.asarray(labels)[rng.integers(0, len(labels), 120)]
        X[:, 0] = y + 0.3 * rng.standard_normal(120)
        tree, pred = learner.prepare(X, y).best(np.ones(120))
        assert pred.dtype == np.float64
        assert set(pred) <= set(labels)
        assert set(tree.predict(X)) <= set(labels)
        assert np.mean(pred == y) > 0.6
    one = learner.fit(X, np.full(120, 3.0))  # a single class: a single leaf
    assert one.n_leaves == 1
    assert one.predict(X[:3]).tolist() == [3.0] * 3


def test_a_tie_of_classes_goes_to_the_lowest_label() -> None:
    X = np.zeros((4, 1))  # constant: a single leaf
    for learner in (C45Trees(), BestFirstTrees(n_leaves=2)):
        assert learner.fit(X, [1.0, 1.0, -1.0, -1.0]).value[0] == -1.0
        assert learner.fit(X, [2.0, 0.0, 2.0, 1.0], [1, 2, 1, 2]).value[0] == 0.0


# --- best first: scikit-learn's max_leaf_nodes trees ----------------------------------


def sklearn_problem(seed: int, m: int, K: int):
    """Values on a grid of 10⁻³ (exact in float32, gaps far above scikit-learn's
    10⁻⁷), some repeated; random positive weights."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, K, m).astype(float)
    X = rng.integers(0, 4000, (m, 5)) / 1000.0
    X[:, :2] += y[:, None] * rng.random(2)
    X = X.astype(np.float32).astype(np.float64)
    if K == 2:
        y = 2.0 * y - 1.0
    return X, y, rng.uniform(0.1, 1.0, m)


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
@pytest.mark.parametrize("K", [2, 3, 5])
@pytest.mark.parametrize("n_leaves", [2, 7, 16])
def test_best_first_trees_are_scikit_learns_max_leaf_nodes_trees(
    criterion, K, n_leaves
) -> None:
    """Identical training predictions (no tolerance) and the same number of
    leaves and the same leaf weights (within 1e-9, float32 against float64
    sums), over three training sets each."""
    for seed in range(3):
        X, y, w = sklearn_problem(seed + 10 * K, 400, K)
        tree, pred = (
            BestFirstTrees(n_leaves=n_leaves, criterion=criterion).prepare(X, y).best(w)
        )
        peer = DecisionTreeClassifier(
            criterion=criterion, max_leaf_nodes=n_leaves, random_state=0
        ).fit(X, y, sample_weight=w)
        np.testing.assert_array_equal(pred, peer.predict(X))
        assert tree.n_leaves == peer.get_n_leaves() == n_leaves
        assert tree.depth == peer.get_depth()
        ours = np.sort([w[leaf].sum() for leaf in _leaves(tree, X)])
        theirs = np.sort(peer.tree_.weighted_n_node_samples[peer.tree_.feature < 0])
        np.testing.assert_allclose(ours, theirs, rtol=1e-9)


def _leaves(tree: MulticlassTree, X: np.ndarray) -> list[np.ndarray]:
    """Which training points reach each leaf (a mask per leaf)."""
    reached = np.zeros(X.shape[0], dtype=np.intp)
    for i, x in enumerate(X):
        k = 0
        while tree.feature[k] >= 0:
            k = (
                tree.left[k]
                if x[tree.feature[k]] <= tree.threshold[k]
                else tree.right[k]
            )
        reached[i] = k
    return [reached == k for k in np.flatnonzero(tree.feature < 0)]


def test_best_first_stops_when_no_leaf_can_be_split() -> None:
    X = np.repeat(np.arange(3.0), 5)[:, None]
    y = np.repeat([0.0, 1.0, 0.0], 5)
    tree = BestFirstTrees(n_leaves=16).fit(X, y)
    assert tree.n_leaves == 3
    assert tree.depth == 2
    np.testing.assert_array_equal(tree.predict(X), y)
    y[:2] = 2.0  # conflicting duplicates: x = 0 cannot be split further
    assert BestFirstTrees(n_leaves=16).fit(X, y).n_leaves == 3


def test_n_leaves_and_depth_are_in_the_history_columns() -> None:
    rng = np.random.default_rng(6)
    X = rng.standard_normal((300, 4))
    y = rng.integers(0, 5, 300).astype(float)
    for learner in (C45Trees(), BestFirstTrees(n_leaves=9)):
        tree = learner.fit(X, y)
        params = tree.params()
        assert tuple(params) == learner.columns
        assert params["n_leaves"] == tree.n_leaves == np.count_nonzero(tree.feature < 0)
        depths = {0: 0}
        for k in range(tree.feature.size):  # preorder: parents first
            if tree.feature[k] >= 0:
                depths[tree.left[k]] = depths[tree.right[k]] = depths[k] + 1
        assert params["depth"] == tree.depth == max(depths.values())
        assert learner.multiclass
    assert BestFirstTrees(n_leaves=9).fit(X, y).n_leaves == 9


# --- parameters and boosting ----------------------------------------------------------


def test_parameters_repr_and_errors() -> None:
    assert repr(C45Trees()) == "C45Trees()"
    assert (
        repr(C45Trees(min_leaf=1, prune=False)) == "C45Trees(min_leaf=1, prune=False)"
    )
    assert repr(BestFirstTrees()) == "BestFirstTrees(n_leaves=16)"
    assert repr(BestFirstTrees(n_leaves=4, criterion="entropy")) == (
        "BestFirstTrees(n_leaves=4, criterion='entropy')"
    )
    with pytest.raises(TypeError):
        BestFirstTrees(4)  # every parameter is keyword-only
    X, y = np.zeros((4, 1)), np.array([0.0, 1.0, 2.0, 0.0])
    bad = [
        (
            C45Trees(min_leaf=0),
            r"The 'min_leaf' parameter of C45Trees must be a float "
            r"in the range \(0, inf\)\. Got 0\.",
        ),
        (
            C45Trees(confidence=1.5),
            r"The 'confidence' parameter of C45Trees must be a "
            r"float in the range \(0, 1\)\. Got 1\.5\.",
        ),
        (
            C45Trees(prune="yes"),
            r"The 'prune' parameter of C45Trees must be a bool\. "
            r"Got 'yes'\.",
        ),
        (
            BestFirstTrees(n_leaves=1),
            r"The 'n_leaves' parameter of BestFirstTrees must be an int "
            r"in the range \[2, inf\)\. Got 1\.",
        ),
        (
            BestFirstTrees(criterion="error"),
            r"The 'criterion' parameter of "
            r"BestFirstTrees must be 'gini' or 'entropy'\. Got 'error'\.",
        ),
    ]
    for learner, message in bad:
        with pytest.raises(ValueError, match=message):
            learner.fit(X, y)
    with pytest.raises(ValueError, match="sample_weight must be finite and >= 0"):
        C45Trees().fit(X, y, [1.0, -1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="sums to 0"):
        BestFirstTrees().prepare(X, y).best(np.zeros(4))


def test_adaboost_m1_boosts_both_learners_on_five_classes() -> None:
    rng = np.random.default_rng(8)
    X = rng.integers(0, 16, (600, 6)).astype(float)
    y = (X[:, 0] // 4 + (X[:, 1] > 7) + rng.integers(0, 2, 600)) % 5
    for learner in (C45Trees(), BestFirstTrees(n_leaves=8)):
        model = AdaBoost(weak_learner=learner, n_rounds=8).fit(X, y)
        assert set(model.history_.columns) >= set(learner.columns)
        assert model.history_["depth"].min() >= 1
        first = learner.fit(X, y).predict(X)
        assert np.mean(model.predict(X) != y) <= np.mean(first != y)
