"""Greedy trees grown on features sorted once: the search behind ``Trees``.

:class:`PresortedTrees` sorts every feature of a training set once (stably,
O(N m log m)); :meth:`PresortedTrees.grow` then grows one tree for a weight
vector without sorting again. Each node owns one contiguous segment of every
feature's sorted index list, and a split partitions each segment stably into
its left and right parts, so that each child's list is the sorted order of
its own points (the stable sub-sequence of its parent's). A node is scanned
once per feature: prefix sums of the two classes' weights, and the criterion
at every boundary between distinct values. A tree of depth d therefore costs
O(N m · d) per boosting round, and nothing is sorted after the presort. For
the entropy, a lower bound without logarithms (:func:`_entropy_bound`) skips
the splits that cannot come within the tie tolerance of a node's best, which
brings its cost under AdaBoost's weights close to that of the Gini impurity
(the same trees either way).

The loops are plain Python compiled by numba at the first fit
(``cache=True`` keeps the machine code in ``__pycache__``);
``NUMBA_DISABLE_JIT=1`` runs them as Python, slowly, for debugging. The
criterion is an integer code tested inside the scan rather than a function
passed to it, because numba's cache does not keep a function compiled for a
function argument (every process would compile it again).

The sums are formed in the order of the first implementation of ``Trees``
(a numpy search node by node), so the trees of ``criterion="error"`` are the
same bit for bit: the prefix sums left to right in the stable sorted order,
a node's class totals as numpy's ``ndarray.sum`` forms them
(:func:`_pairwise_sum`, over the node's points in increasing index order).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from .compiled import compile_loops

#: The split criteria of ``Trees``.
Criterion = Literal["error", "gini", "entropy"]

#: The code of each criterion inside the compiled loops.
CRITERIA: dict[str, int] = {"error": 0, "gini": 1, "entropy": 2}

_ERROR, _GINI, _ENTROPY = CRITERIA["error"], CRITERIA["gini"], CRITERIA["entropy"]

#: numpy's pairwise summation sums blocks of at most this many values with
#: eight accumulators (``PW_BLOCKSIZE`` in numpy's ``loops_utils.h.src``).
_PW_BLOCKSIZE = 128

#: H(p) = 1 − Σ_{k≥1} u^k / (2k(2k−1) ln 2) in bits, u = (1 − 2p)²; the
#: first coefficient, 1/(2 ln 2).
_H_C1 = 1.0 / (2.0 * math.log(2.0))


# --- sums and criteria ----------------------------------------------------------------


def _pairwise_block(a: np.ndarray, lo: int, n: int) -> float:
    """numpy's sum of at most 128 values ``a[lo : lo + n]`` (one block)."""
    if n < 8:
        res = 0.0
        for i in range(lo, lo + n):
            res += a[i]
        return res
    r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
    r4, r5, r6, r7 = a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]
    i = 8
    stop = n - n % 8
    while i < stop:
        j = lo + i
        r0 += a[j]
        r1 += a[j + 1]
        r2 += a[j + 2]
        r3 += a[j + 3]
        r4 += a[j + 4]
        r5 += a[j + 5]
        r6 += a[j + 6]
        r7 += a[j + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[lo + i]
        i += 1
    return res


def _pairwise_sum(a: np.ndarray, lo: int, n: int) -> float:
    """Σ a[lo : lo + n] with the rounding of numpy's ``a[lo : lo + n].sum()``.

    numpy sums a contiguous float64 array pairwise: fewer than 8 values one
    by one; up to 128 values with 8 interleaved accumulators combined as
    ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)), the rest added one
    by one; a longer run is split at half its length rounded down to a
    multiple of 8 and the sums of the two parts added. The recursion runs on
    an explicit stack, since numba's cache cannot load a recursive function.
    The tests check that the two sums agree bit for bit.
    """
    if n <= _PW_BLOCKSIZE:
        return _pairwise_block(a, lo, n)
    # Post-order: a task (start, count, False) splits, (…, True) adds the
    # sums of its two halves, the top two of ``sums``. Depth < 64 levels.
    task_lo = np.empty(192, dtype=np.int64)
    task_n = np.empty(192, dtype=np.int64)
    task_add = np.empty(192, dtype=np.bool_)
    sums = np.empty(64)
    task_lo[0] = lo
    task_n[0] = n
    task_add[0] = False
    top = 1
    n_sums = 0
    while top > 0:
        top -= 1
        start, count = task_lo[top], task_n[top]
        if task_add[top]:
            n_sums -= 1
            sums[n_sums - 1] += sums[n_sums]
        elif count <= _PW_BLOCKSIZE:
            sums[n_sums] = _pairwise_block(a, start, count)
            n_sums += 1
        else:
            half = count // 2
            half -= half % 8
            task_add[top] = True  # start and count stay: add after both halves
            task_lo[top + 1] = start + half
            task_n[top + 1] = count - half
            task_add[top + 1] = False
            task_lo[top + 2] = start
            task_n[top + 2] = half
            task_add[top + 2] = False
            top += 3
    return sums[0]


def _gini_part(a: float, b: float) -> float:
    """W·G of a child with class weights a, b: W (1 − p₊² − p₋²) = 2ab/W."""
    t = a + b
    return 2.0 * a * b / t if t > 0.0 else 0.0


def _entropy_part(a: float, b: float) -> float:
    """W·H of a child with class weights a, b: −a log₂(a/W) − b log₂(b/W).

    A right child's weights are the parent's minus the left's, so a class
    the child lacks may come out as ±1 ulp instead of 0, and W = a + b ≤ 0:
    such a child is empty, with W·H = 0.
    """
    t = a + b
    if t <= 0.0:
        return 0.0
    out = 0.0
    if a > 0.0:
        out -= a * math.log2(a / t)
    if b > 0.0:
        out -= b * math.log2(b / t)
    return out


def _entropy_bound(a: float, b: float) -> float:
    """A lower bound on :func:`_entropy_part`, without logarithms.

    With W = a + b and u = ((a − b)/W)² = (1 − 2p)², the binary entropy in
    bits is H = 1 − Σ_{k≥1} c_k u^k with c_k = 1/(2k(2k−1) ln 2) > 0 and
    Σ_k c_k = 1 (H = 0 at u = 1). Since u^k ≤ u² for k ≥ 2 and 0 ≤ u ≤ 1,
    H ≥ 1 − c₁u − (1 − c₁)u², exact at p = ½ and at p ∈ {0, 1}.
    """
    t = a + b
    if t <= 0.0:
        return 0.0
    r = (a - b) / t
    u = r * r
    return t * (1.0 - u * (_H_C1 + u * (1.0 - _H_C1)))


def _split_value(criterion: int, lp: float, ln: float, rp: float, rn: float) -> float:
    """The criterion of a split whose children have class weights (lp, ln), (rp, rn)."""
    if criterion == _ERROR:
        return min(lp, ln) + min(rp, rn)
    if criterion == _GINI:
        return _gini_part(lp, ln) + _gini_part(rp, rn)
    return _entropy_part(lp, ln) + _entropy_part(rp, rn)


# --- one node -------------------------------------------------------------------------


def _node_totals(
    members: np.ndarray, s: int, e: int, sw: np.ndarray, buf: np.ndarray
) -> tuple[float, float]:
    """(W₊, W₋) of the points ``members[s:e]`` (increasing indices), as numpy sums.

    ``buf`` has room for 2(e − s) values: each class's weights with 0 for
    the other class, in index order, so that W₊ is formed exactly as
    ``np.where(y > 0, w, 0.0)[members].sum()``.
    """
    n = e - s
    for k in range(n):
        v = sw[members[s + k]]
        if v > 0.0:
            buf[k] = v
            buf[n + k] = 0.0
        else:
            buf[k] = 0.0
            buf[n + k] = -v
    return _pairwise_sum(buf, 0, n), _pairwise_sum(buf, n, n)


def _scan_feature(
    order: np.ndarray,
    rank: np.ndarray,
    s: int,
    e: int,
    sw: np.ndarray,
    Wp: float,
    Wn: float,
    criterion: int,
    bound: float,
    cap: float,
    slack: float,
) -> tuple[float, int]:
    """The smallest criterion over the splits of one feature's segment [s, e).

    ``order[s:e]`` lists the node's points sorted by the feature and
    ``rank[s:e]`` their values' ranks: a split lies between consecutive
    positions q, q + 1 of different ranks. ``sw`` holds y_i w_i: the class
    of point i is its sign, and the other class's prefix sum gets +0.0,
    which changes no sum (so the sums are those of a cumulative sum of each
    class's weights, zeros included).

    With ``bound`` finite, stop at the first split whose criterion is ≤
    ``bound`` and return it with its position q (the last point on the
    left); position −1: none.

    For the entropy, a split is skipped without its logarithms when the
    lower bound of :func:`_entropy_bound` exceeds min(smallest so far,
    ``cap``) + ``slack``. The caller's ``slack`` exceeds the rounding of
    either value, so a skipped split is neither the smallest nor within
    the caller's tolerance of it.
    """
    lp = 0.0
    ln = 0.0
    best = math.inf
    for q in range(s, e - 1):
        v = sw[order[q]]
        pos = v if v > 0.0 else 0.0  # without a branch: the class is random
        lp += pos
        ln -= v - pos
        if rank[q] != rank[q + 1]:
            rp = Wp - lp
            rn = Wn - ln
            if criterion == _ENTROPY:
                low = _entropy_bound(lp, ln) + _entropy_bound(rp, rn)
                if low > min(best, cap) + slack:
                    continue
            value = _split_value(criterion, lp, ln, rp, rn)
            if value <= bound:
                return value, q
            best = min(best, value)
    return best, -1


def _best_split(
    order: np.ndarray,
    rank: np.ndarray,
    s: int,
    e: int,
    sw: np.ndarray,
    Wp: float,
    Wn: float,
    criterion: int,
    tol: float,
    best_f: np.ndarray,
) -> tuple[int, int]:
    """(feature, position) of the node's split, or (−1, −1) if none is valid.

    The first split in (feature, position) order whose criterion is within
    ``tol`` of the smallest: a first pass finds each feature's smallest
    criterion, a second scans the first feature within ``tol`` of the
    minimum for its first split within ``tol``.

    The entropy's skipped splits (:func:`_scan_feature`, with slack 2·tol
    in the first pass and tol in the second) exceed the minimum by more
    than ``tol``, so they change neither choice: a feature may record a
    smallest value above the true one only when both exceed the minimum by
    more than ``tol``. ``tol`` is 1e-12 of the total weight, far above the
    rounding of the values (a few units in 1e-16 of the node's weight).
    """
    N = order.shape[0]
    low = math.inf
    for f in range(N):
        best, _ = _scan_feature(
            order[f], rank[f], s, e, sw, Wp, Wn, criterion, -math.inf, low, 2.0 * tol
        )
        best_f[f] = best
        low = min(low, best)
    if low == math.inf:
        return -1, -1
    bound = low + tol
    for f in range(N):
        if best_f[f] <= bound:
            _, q = _scan_feature(
                order[f], rank[f], s, e, sw, Wp, Wn, criterion, bound, bound, tol
            )
            return f, q
    return -1, -1  # not reached: some feature attains the minimum


def _partition(
    src: np.ndarray,
    dst: np.ndarray,
    src_rank: np.ndarray,
    dst_rank: np.ndarray,
    s: int,
    e: int,
    left: np.ndarray,
    scratch: np.ndarray,
    scratch_rank: np.ndarray,
    with_rank: bool,
) -> None:
    """Stable partition of ``src[s:e]`` into ``dst[s:e]``: the left points first.

    ``left[i]`` says whether point i goes left. ``src`` and ``dst`` may be
    the same row: a left point is never written after the position it is
    read from. The ranks follow their points when ``with_rank``.
    """
    a = s
    b = 0
    for q in range(s, e):
        i = src[q]
        if left[i]:
            dst[a] = i
            if with_rank:
                dst_rank[a] = src_rank[q]
            a += 1
        else:
            scratch[b] = i
            if with_rank:
                scratch_rank[b] = src_rank[q]
            b += 1
    for k in range(b):
        dst[a + k] = scratch[k]
        if with_rank:
            dst_rank[a + k] = scratch_rank[k]


# --- one tree -------------------------------------------------------------------------


def _grow(
    order0: np.ndarray,
    rank0: np.ndarray,
    members0: np.ndarray,
    order: np.ndarray,
    rank: np.ndarray,
    members: np.ndarray,
    XT: np.ndarray,
    sw: np.ndarray,
    depth: int,
    criterion: int,
    tol: float,
    links: np.ndarray,
    values: np.ndarray,
    pred: np.ndarray,
) -> int:
    """Grow one tree depth first, nodes numbered in preorder; return its size.

    ``order0``, ``rank0`` (N, m): each feature's stable sorted order and the
    ranks of its values among its distinct values; ``members0``: 0, …, m−1.
    They are only read: the root partitions them into ``order``, ``rank``
    and ``members``, which every later node partitions in place. Node k
    gets ``links[k] = (feature, left, right)`` (−1, −1, −1 for a leaf) and
    ``values[k] = (lo, hi, label)``: a split's threshold lies between the
    training values lo < hi of the last point on its left and the first on
    its right; label is the node's weighted majority, +1 on a tie. ``pred[i]``
    receives the label of point i's leaf.
    """
    N, m = order0.shape
    buf = np.empty(2 * m)
    best_f = np.empty(N)
    left = np.zeros(m, dtype=np.bool_)
    scratch = np.empty(m, dtype=order0.dtype)
    scratch_rank = np.empty(m, dtype=rank0.dtype)
    # Nodes waiting: segment [s, e), depth left, parent, is a left child.
    # Each pop pushes at most two, one level deeper: at most depth + 1 wait.
    stack = np.empty((depth + 2, 5), dtype=np.int64)
    stack[0, 0] = 0
    stack[0, 1] = m
    stack[0, 2] = depth
    stack[0, 3] = -1
    stack[0, 4] = 1
    top = 1
    n_nodes = 0
    while top > 0:
        top -= 1
        s, e, d = stack[top, 0], stack[top, 1], stack[top, 2]
        parent, is_left = stack[top, 3], stack[top, 4]
        k = n_nodes
        n_nodes += 1
        if parent >= 0:
            links[parent, 1 if is_left else 2] = k
        src, src_rank, src_members = order, rank, members
        if k == 0:
            src, src_rank, src_members = order0, rank0, members0
        Wp, Wn = _node_totals(src_members, s, e, sw, buf)
        values[k, 2] = 1.0 if Wp >= Wn else -1.0
        links[k, 0] = -1
        links[k, 1] = -1
        links[k, 2] = -1
        f, q = -1, -1
        if d > 0 and min(Wp, Wn) > 0.0 and e - s > 1:
            f, q = _best_split(src, src_rank, s, e, sw, Wp, Wn, criterion, tol, best_f)
        if f < 0:  # a leaf
            for p in range(s, e):
                pred[src_members[p]] = values[k, 2]
            continue
        links[k, 0] = f
        values[k, 0] = XT[f, src[f, q]]
        values[k, 1] = XT[f, src[f, q + 1]]
        for p in range(s, e):
            left[src[f, p]] = p <= q
        _partition(
            src_members,
            members,
            src_members,
            members,
            s,
            e,
            left,
            scratch,
            scratch_rank,
            False,
        )
        if d > 1:  # the children split again: they need their sorted orders
            for g in range(N):
                _partition(
                    src[g],
                    order[g],
                    src_rank[g],
                    rank[g],
                    s,
                    e,
                    left,
                    scratch,
                    scratch_rank,
                    True,
                )
        # The right child waits below the left one, which is grown first.
        stack[top, 0] = q + 1
        stack[top, 1] = e
        stack[top + 1, 0] = s
        stack[top + 1, 1] = q + 1
        for j in range(2):
            stack[top + j, 2] = d - 1
            stack[top + j, 3] = k
            stack[top + j, 4] = j  # the second, on top, is the left child
        top += 2
    return n_nodes


def _descend(
    feature: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    value: np.ndarray,
    X: np.ndarray,
    out: np.ndarray,
) -> None:
    """out[i] = the label of the leaf x_i reaches: from the root, left when
    x_i[feature] ≤ threshold, right otherwise, until ``feature`` is −1."""
    for i in range(X.shape[0]):
        k = 0
        while feature[k] >= 0:
            k = right[k] if X[i, feature[k]] > threshold[k] else left[k]
        out[i] = value[k]


def descend(
    feature: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    value: np.ndarray,
    X: np.ndarray,
) -> np.ndarray:
    """The leaf labels of every row of X (compiled; :class:`Tree`'s predict).

    One pass per row down the node arrays, O(n · depth), instead of one
    vectorized step per level over all rows.
    """
    _compile()
    out = np.empty(X.shape[0])
    _descend(
        feature,
        threshold,
        left,
        right,
        np.asarray(value, dtype=np.float64),
        np.ascontiguousarray(X, dtype=np.float64),
        out,
    )
    return out


#: The functions compiled by numba at the first fit: each name in this
#: module is replaced by its compiled version, so the calls between them
#: stay compiled.
_LOOPS = (
    "_pairwise_block",
    "_pairwise_sum",
    "_gini_part",
    "_entropy_part",
    "_entropy_bound",
    "_split_value",
    "_node_totals",
    "_scan_feature",
    "_best_split",
    "_partition",
    "_grow",
    "_descend",
)


def _compile() -> None:
    """Replace the loops above by their numba versions, once per process
    (:func:`.compiled.compile_loops`)."""
    compile_loops(globals(), _LOOPS)


# --- the search -----------------------------------------------------------------------


@dataclass(frozen=True)
class GrownTree:
    """The node arrays of one grown tree (preorder) and its training predictions.

    As in scikit-learn, ``feature[k] = -1`` marks a leaf (its ``threshold``,
    ``left`` and ``right`` are 0, −1, −1); a split sends x left when
    x[feature] ≤ threshold. ``value`` is each node's weighted-majority
    label; ``predictions`` the label of each training point's leaf.
    """

    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray
    predictions: np.ndarray


def _midpoints(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """θ with lo ≤ θ < hi: the midpoint ½lo + ½hi unless rounding forbids it.

    The array form of ``weak_learners._midpoint`` (the same operations).
    """
    theta = 0.5 * lo + 0.5 * hi
    bad = ~((lo <= theta) & (theta < hi))
    theta[bad] = lo[bad]
    return theta


class PresortedTrees:
    """A training set with every feature sorted once, for growing many trees.

    Parameters
    ----------
    X : ndarray of shape (m, N)
        Validated training inputs (float64, finite).
    y : ndarray of shape (m,)
        Labels in {−1.0, +1.0}.
    depth : int ≥ 1
    criterion : {"error", "gini", "entropy"}

    Attributes
    ----------
    n_presorted : int
        Values sorted when the search was built: N·m (N stable sorts of m
        values, O(N m log m)), and never again.

    Notes
    -----
    Memory: the sorted orders and the ranks of the values, two integer
    arrays of shape (N, m) (int32 below 2³¹ points), and a working copy of
    both that each tree partitions: about 16 N m bytes.
    """

    def __init__(
        self, X: np.ndarray, y: np.ndarray, depth: int, criterion: Criterion
    ) -> None:
        m, N = X.shape
        self.m = m
        self.criterion = CRITERIA[criterion]
        self.XT = np.ascontiguousarray(X.T)
        self.sign = np.where(y > 0, 1.0, -1.0)
        index = np.int32 if m < 2**31 - 1 else np.int64
        self.order0 = np.argsort(self.XT, axis=1, kind="stable").astype(index)
        xs = np.take_along_axis(self.XT, self.order0, axis=1)
        self.rank0 = np.zeros((N, m), dtype=index)
        np.cumsum(xs[:, 1:] != xs[:, :-1], axis=1, out=self.rank0[:, 1:])
        self.members0 = np.arange(m, dtype=index)
        self.order = np.empty_like(self.order0)
        self.rank = np.empty_like(self.rank0)
        self.members = np.empty_like(self.members0)
        # Each split leaves ≥ 1 point on either side, so no path has more
        # than m − 1 splits: a larger depth grows the same tree.
        self.depth = min(depth, max(m - 1, 1))
        # At most 2^(d+1) − 1 nodes, and 2m − 1 when every leaf holds a point.
        self.max_nodes = min(2 ** (min(self.depth, 62) + 1) - 1, 2 * m - 1)
        self.n_presorted = N * m

    def grow(self, sample_weight: np.ndarray, tol: float) -> GrownTree:
        """The greedy tree for the weights w.

        Parameters
        ----------
        sample_weight : ndarray of shape (m,)
            Finite non-negative weights.
        tol : float > 0
            Split criteria within ``tol`` of a node's smallest are ties.

        Returns
        -------
        GrownTree
        """
        _compile()
        links = np.empty((self.max_nodes, 3), dtype=np.intp)
        values = np.zeros((self.max_nodes, 3))
        pred = np.empty(self.m)
        n = _grow(
            self.order0,
            self.rank0,
            self.members0,
            self.order,
            self.rank,
            self.members,
            self.XT,
            self.sign * sample_weight,
            self.depth,
            self.criterion,
            tol,
            links,
            values,
            pred,
        )
        feature = links[:n, 0].copy()
        inner = feature >= 0
        threshold = np.zeros(n)
        threshold[inner] = _midpoints(values[:n, 0][inner], values[:n, 1][inner])
        return GrownTree(
            feature,
            threshold,
            links[:n, 1].copy(),
            links[:n, 2].copy(),
            values[:n, 2].copy(),
            pred,
        )
