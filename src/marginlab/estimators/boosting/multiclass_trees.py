"""K-class weighted trees grown on features sorted once: the growth behind
``C45Trees`` and ``BestFirstTrees``.

:class:`PresortedClasses` sorts every feature of a training set once
(stably, O(N m log m)) and codes the labels as class indices 0, …, K − 1
(positions in ``numpy.unique(y)``). Each tree is then grown for one weight
vector without sorting again, as in :mod:`.trees`: a node owns one
contiguous segment of every feature's sorted index list, and a split
partitions each segment stably into its left and right parts, so that each
child's segment lists its own points in sorted order.

A node is scanned once per feature, left to right, with the K class weights
of the points passed so far (a prefix sum per class) and the node's class
totals. The impurity of the two children is evaluated only at boundaries
between distinct values, where, with c_k the class weights of one side and
W = Σ_k c_k,

- the entropy part is W H = W log₂ W − Σ_k c_k log₂ c_k (bits × weight),
- the Gini part is W G = W (1 − Σ_k (c_k/W)²) = W − Σ_k c_k² / W.

The terms c_k log₂ c_k (c_k²) of each side are cached and recomputed only
for the classes whose weight changed since the last boundary, and only the
K′ ≤ K classes present at the node are summed, so a scan costs
O(n + b·K′) for n points and b boundaries, with at most two logarithms
per point. On features with few distinct values (the 16 integer features
0…15 of the letter data) b is small and a scan costs O(n).

Points of weight 0 are skipped by the scans: they take no part in the class
weights, they make no boundary, and they are not counted among the
candidate thresholds. A threshold lies midway between consecutive distinct
values of the node's points of positive weight (as ``Trees``); the points
of weight 0 then follow the threshold like any other point.

Two growth orders:

- :meth:`PresortedClasses.grow_c45`: depth first, C4.5's choice of split at
  every node (gain with the MDL correction of release 8, then the gain
  ratio among the features of at least average gain; see ``C45Trees``),
  until no admissible split is left. The nodes come out in preorder.
- :meth:`PresortedClasses.grow_best_first`: best first, as CART with a
  fixed number of leaves (scikit-learn's ``max_leaf_nodes``): every leaf
  holds its best split (the largest impurity decrease W I(node) − Wᴸ I(L) −
  Wᴿ I(R)), and the leaf of largest decrease is split next, until the tree
  has ``n_leaves`` leaves or no leaf can be split.

Ties: within one feature the lowest threshold whose criterion is within
``tol`` of the feature's best; among features the lowest one within ``tol``
of the best.

The loops are plain Python compiled by numba at the first fit, as in
:mod:`.trees` (``cache=True``; ``NUMBA_DISABLE_JIT=1`` runs them as
Python). Node arrays follow scikit-learn: ``feature[k] = -1`` marks a leaf;
a split sends x left when x[feature] ≤ threshold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

#: The impurities of ``BestFirstTrees`` (C4.5 always uses the entropy).
Impurity = Literal["gini", "entropy"]

#: The code of each impurity inside the compiled loops.
IMPURITIES: dict[str, int] = {"gini": 1, "entropy": 2}

_GINI, _ENTROPY = IMPURITIES["gini"], IMPURITIES["entropy"]

#: C4.5's largest minimum number of cases on either side of a threshold
#: (``MinSplit`` of release 8's ``contin.c`` is at most 25).
C45_MAX_MIN_SPLIT = 25.0

#: C4.5's fraction of a node's cases per class that a threshold must leave
#: on either side (``MinSplit = 0.10 · KnownItems / (MaxClass + 1)``).
C45_MIN_SPLIT_FRACTION = 0.10

#: C4.5's ``Epsilon``: a split is considered only when its split information
#: exceeds this many bits per case (release 8's ``Worth``).
C45_MIN_SPLIT_INFO = 1e-3


# --- impurities -----------------------------------------------------------------------


def _term(criterion: int, c: float) -> float:
    """One class's term of a side's impurity: c log₂ c (entropy) or c² (Gini)."""
    if c <= 0.0:
        return 0.0
    if criterion == _GINI:
        return c * c
    return c * math.log2(c)


def _side(criterion: int, W: float, S: float) -> float:
    """W·I of a side of weight W whose class terms sum to S.

    Entropy: W H = W log₂ W − Σ_k c_k log₂ c_k; Gini: W G = W − Σ_k c_k²/W.
    """
    if W <= 0.0:
        return 0.0
    if criterion == _GINI:
        return W - S / W
    return W * math.log2(W) - S


def _midpoint(a: float, b: float) -> float:
    """θ with a ≤ θ < b: the midpoint unless rounding forbids it (as ``Trees``)."""
    theta = 0.5 * a + 0.5 * b
    if a <= theta and theta < b:
        return theta
    return a


# --- one node -------------------------------------------------------------------------


def _node_totals(
    row: np.ndarray,
    s: int,
    e: int,
    w: np.ndarray,
    code: np.ndarray,
    tot: np.ndarray,
    cnt: np.ndarray,
) -> float:
    """The class weights ``tot`` and the numbers ``cnt`` of points of positive
    weight of each class among the points ``row[s:e]``; returns W = Σ_k tot_k."""
    K = tot.shape[0]
    for k in range(K):
        tot[k] = 0.0
        cnt[k] = 0
    for p in range(s, e):
        i = row[p]
        v = w[i]
        if v > 0.0:
            tot[code[i]] += v
            cnt[code[i]] += 1
    W = 0.0
    for k in range(K):
        W += tot[k]
    return W


def _majority(tot: np.ndarray, tol: float) -> int:
    """The class of largest weight: the lowest class within ``tol`` of it."""
    most = 0.0
    for k in range(tot.shape[0]):
        most = max(most, tot[k])
    for k in range(tot.shape[0]):
        if tot[k] >= most - tol:
            return k
    return 0  # not reached


def _present(cnt: np.ndarray, present: np.ndarray) -> int:
    """The classes with a point of positive weight, listed in ``present``;
    returns how many there are."""
    n = 0
    for k in range(cnt.shape[0]):
        if cnt[k] > 0:
            present[n] = k
            n += 1
    return n


def _scan(
    order_f: np.ndarray,
    rank_f: np.ndarray,
    s: int,
    e: int,
    w: np.ndarray,
    code: np.ndarray,
    tot: np.ndarray,
    cnt: np.ndarray,
    present: np.ndarray,
    n_cls: int,
    W: float,
    min_w: float,
    criterion: int,
    fwork: np.ndarray,
    iwork: np.ndarray,
    vals: np.ndarray,
    lo_pos: np.ndarray,
    hi_pos: np.ndarray,
    wl: np.ndarray,
) -> int:
    """Every admissible threshold of one feature on the node's segment [s, e).

    ``order_f[s:e]`` lists the node's points sorted by the feature and
    ``rank_f[s:e]`` the ranks of their values. A threshold lies between two
    consecutive points of positive weight with different values; it is
    admissible when both sides weigh at least ``min_w``. For the j-th
    admissible threshold, ``vals[j]`` receives Wᴸ I(L) + Wᴿ I(R),
    ``lo_pos[j]`` and ``hi_pos[j]`` the positions of the last point on the
    left and the first on the right, ``wl[j]`` the left side's weight.
    Returns the number of admissible thresholds.

    ``present[:n_cls]`` lists the node's classes of positive weight: only
    they enter the sums. Each side's class terms (:func:`_term`) are cached
    in ``fwork`` (rows: left weights, left terms, right terms; its fourth
    row holds the terms of the node's totals, the right side's at first) and
    recomputed at a threshold only for the classes whose weight changed
    since the last one (listed in ``iwork``'s second row, flagged in its
    third; its first row counts each class's points on the left). A
    class's right-side weight is the node's total minus the left's, and
    exactly 0 once all its points of positive weight are on the left (their
    count reaches ``cnt``), so that no rounding residue is left on the
    right.
    """
    lw = fwork[0]
    tL = fwork[1]
    tR = fwork[2]
    lc = iwork[0]
    dirty = iwork[1]
    flag = iwork[2]
    t_tot = fwork[3]
    for j in range(n_cls):
        k = present[j]
        lw[k] = 0.0
        lc[k] = 0
        tL[k] = 0.0
        tR[k] = t_tot[k]
        flag[k] = 0
    n_dirty = 0
    w_left = 0.0
    prev_rank = -1
    prev_q = -1
    n = 0
    for q in range(s, e):
        i = order_f[q]
        v = w[i]
        if v <= 0.0:
            continue
        r = rank_f[q]
        if prev_q >= 0 and r != prev_rank:
            w_right = W - w_left
            if w_right < min_w:
                break  # the right side only loses weight from here on
            if w_left >= min_w:
                for d in range(n_dirty):
                    k = dirty[d]
                    flag[k] = 0
                    tL[k] = _term(criterion, lw[k])
                    if lc[k] == cnt[k]:
                        tR[k] = 0.0
                    else:
                        tR[k] = _term(criterion, tot[k] - lw[k])
                n_dirty = 0
                SL = 0.0
                SR = 0.0
                for j in range(n_cls):
                    k = present[j]
                    SL += tL[k]
                    SR += tR[k]
                vals[n] = _side(criterion, w_left, SL) + _side(criterion, w_right, SR)
                lo_pos[n] = prev_q
                hi_pos[n] = q
                wl[n] = w_left
                n += 1
        k = code[i]
        lw[k] += v
        lc[k] += 1
        w_left += v
        if flag[k] == 0:
            flag[k] = 1
            dirty[n_dirty] = k
            n_dirty += 1
        prev_rank = r
        prev_q = q
    for d in range(n_dirty):
        flag[dirty[d]] = 0
    return n


def _first_within(vals: np.ndarray, n: int, tol: float) -> int:
    """The first j < n with vals[j] within ``tol`` of min(vals[:n])."""
    low = math.inf
    for j in range(n):
        low = min(low, vals[j])
    bound = low + tol
    for j in range(n):
        if vals[j] <= bound:
            return j
    return 0  # not reached for n > 0


def _choose_c45(
    order: np.ndarray,
    rank: np.ndarray,
    s: int,
    e: int,
    w: np.ndarray,
    code: np.ndarray,
    tot: np.ndarray,
    cnt: np.ndarray,
    W: float,
    min_split: float,
    tol: float,
    fwork: np.ndarray,
    iwork: np.ndarray,
    vals: np.ndarray,
    lo_pos: np.ndarray,
    hi_pos: np.ndarray,
    wl: np.ndarray,
    f_gain: np.ndarray,
    f_info: np.ndarray,
    f_lo: np.ndarray,
    f_hi: np.ndarray,
) -> tuple[int, int, int]:
    """C4.5's split of the node: (feature, lo, hi), or (−1, −1, −1).

    For each feature: the admissible threshold of largest gain ΔI = W H(node)
    − Wᴸ H(L) − Wᴿ H(R) (bits × cases), its corrected gain c = ΔI −
    log₂(number of admissible thresholds) (release 8's ``ThreshCost`` times
    the node's weight) and split information W H₂(Wᴸ/W). A feature is a
    candidate when c > ``tol``; among the candidates whose c is at least
    their average (less ``tol``) and whose split information exceeds
    ``C45_MIN_SPLIT_INFO`` bits per case, the feature of largest gain ratio
    c / (W H₂) wins; ratios tie when the lower one's c is within ``tol`` of
    what the larger ratio asks of it, and ties go to the lowest feature.
    """
    N = order.shape[0]
    present = iwork[3]
    n_cls = _present(cnt, present)
    S = 0.0
    for j in range(n_cls):
        k = present[j]
        fwork[3, k] = _term(_ENTROPY, tot[k])
        S += fwork[3, k]
    info_node = _side(_ENTROPY, W, S)
    n_cand = 0
    total_gain = 0.0
    for f in range(N):
        f_gain[f] = -math.inf
        n = _scan(
            order[f],
            rank[f],
            s,
            e,
            w,
            code,
            tot,
            cnt,
            present,
            n_cls,
            W,
            min_split,
            _ENTROPY,
            fwork,
            iwork,
            vals,
            lo_pos,
            hi_pos,
            wl,
        )
        if n == 0:
            continue
        j = _first_within(vals, n, tol)
        c = info_node - vals[j] - math.log2(n)
        if c > tol:
            f_gain[f] = c
            WL = wl[j]
            f_info[f] = _side(
                _ENTROPY, W, _term(_ENTROPY, WL) + _term(_ENTROPY, W - WL)
            )
            f_lo[f] = lo_pos[j]
            f_hi[f] = hi_pos[j]
            n_cand += 1
            total_gain += c
    if n_cand == 0:
        return -1, -1, -1
    average = total_gain / n_cand
    best_ratio = -math.inf
    for f in range(N):
        c = f_gain[f]
        if c >= average - tol and f_info[f] > C45_MIN_SPLIT_INFO * W:
            best_ratio = max(best_ratio, c / f_info[f])
    if best_ratio == -math.inf:
        return -1, -1, -1
    for f in range(N):
        c = f_gain[f]
        eligible = c >= average - tol and f_info[f] > C45_MIN_SPLIT_INFO * W
        if eligible and c >= best_ratio * f_info[f] - tol:
            return f, f_lo[f], f_hi[f]
    return -1, -1, -1  # not reached


def _choose_impurity(
    order: np.ndarray,
    rank: np.ndarray,
    s: int,
    e: int,
    w: np.ndarray,
    code: np.ndarray,
    tot: np.ndarray,
    cnt: np.ndarray,
    W: float,
    criterion: int,
    tol: float,
    fwork: np.ndarray,
    iwork: np.ndarray,
    vals: np.ndarray,
    lo_pos: np.ndarray,
    hi_pos: np.ndarray,
    wl: np.ndarray,
    f_value: np.ndarray,
    f_lo: np.ndarray,
    f_hi: np.ndarray,
) -> tuple[int, int, int, float]:
    """CART's split of the node: (feature, lo, hi, decrease), or feature −1.

    The split of smallest Wᴸ I(L) + Wᴿ I(R) over every feature and every
    threshold between points of positive weight (any such split is
    admissible); the decrease W I(node) − Wᴸ I(L) − Wᴿ I(R) is returned
    with it. Ties as in the module's docstring.
    """
    N = order.shape[0]
    present = iwork[3]
    n_cls = _present(cnt, present)
    S = 0.0
    for j in range(n_cls):
        k = present[j]
        fwork[3, k] = _term(criterion, tot[k])
        S += fwork[3, k]
    low = math.inf
    for f in range(N):
        f_value[f] = math.inf
        n = _scan(
            order[f],
            rank[f],
            s,
            e,
            w,
            code,
            tot,
            cnt,
            present,
            n_cls,
            W,
            -math.inf,
            criterion,
            fwork,
            iwork,
            vals,
            lo_pos,
            hi_pos,
            wl,
        )
        if n == 0:
            continue
        j = _first_within(vals, n, tol)
        f_value[f] = vals[j]
        f_lo[f] = lo_pos[j]
        f_hi[f] = hi_pos[j]
        low = min(low, vals[j])
    if low == math.inf:
        return -1, -1, -1, -math.inf
    node = _side(criterion, W, S)
    for f in range(N):
        if f_value[f] <= low + tol:
            return f, f_lo[f], f_hi[f], node - f_value[f]
    return -1, -1, -1, -math.inf  # not reached


def _split_segment(
    order: np.ndarray,
    rank: np.ndarray,
    XT: np.ndarray,
    f: int,
    theta: float,
    s: int,
    e: int,
    go_left: np.ndarray,
    scratch: np.ndarray,
    scratch_rank: np.ndarray,
) -> int:
    """Partition every feature's segment [s, e) stably by x[f] ≤ θ (left
    first); returns the number of points on the left."""
    N = order.shape[0]
    row = order[0]
    n_left = 0
    for p in range(s, e):
        i = row[p]
        left = XT[f, i] <= theta
        go_left[i] = left
        if left:
            n_left += 1
    for g in range(N):
        src = order[g]
        src_rank = rank[g]
        a = s
        b = 0
        for q in range(s, e):
            i = src[q]
            if go_left[i]:
                src[a] = i
                src_rank[a] = src_rank[q]
                a += 1
            else:
                scratch[b] = i
                scratch_rank[b] = src_rank[q]
                b += 1
        for j in range(b):
            src[a + j] = scratch[j]
            src_rank[a + j] = scratch_rank[j]
    return n_left


# --- one tree -------------------------------------------------------------------------


def _grow_c45(
    order: np.ndarray,
    rank: np.ndarray,
    XT: np.ndarray,
    w: np.ndarray,
    code: np.ndarray,
    K: int,
    min_leaf: float,
    tol: float,
    feature: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    label: np.ndarray,
    weight: np.ndarray,
    errors: np.ndarray,
    leaf_of: np.ndarray,
) -> int:
    """Grow C4.5's tree depth first, nodes numbered in preorder; return its size.

    ``order``, ``rank`` (N, m): each feature's sorted order and the ranks of
    its values, partitioned in place. A node is a leaf when one class holds
    all its weight or when :func:`_choose_c45` finds no split; the minimum
    weight on either side of a threshold is C4.5's ``MinSplit``,
    max(``min_leaf``, min(25, 0.1 W/K)), less ``tol``. Node k gets its
    split (``feature``, ``threshold``, ``left``, ``right``; −1 for a leaf),
    its majority class ``label``, its weight W and its errors W − max_k W_k
    (as a leaf); ``leaf_of[i]`` the number of point i's leaf.

    Every split leaves a point of positive weight on either side, so no
    path has more than m − 1 splits: the explicit stack of waiting nodes
    (at most one per level, plus one) is sized m + 1.
    """
    N, m = order.shape
    tot = np.empty(K)
    cnt = np.empty(K, dtype=np.int64)
    fwork = np.empty((4, K))
    iwork = np.zeros((4, K), dtype=np.int64)
    vals = np.empty(m)
    lo_pos = np.empty(m, dtype=np.int64)
    hi_pos = np.empty(m, dtype=np.int64)
    wl = np.empty(m)
    f_gain = np.empty(N)
    f_info = np.empty(N)
    f_lo = np.empty(N, dtype=np.int64)
    f_hi = np.empty(N, dtype=np.int64)
    go_left = np.zeros(m, dtype=np.bool_)
    scratch = np.empty(m, dtype=order.dtype)
    scratch_rank = np.empty(m, dtype=rank.dtype)
    # Waiting nodes: segment [s, e), parent, is a left child.
    stack = np.empty((m + 1, 4), dtype=np.int64)
    stack[0, 0] = 0
    stack[0, 1] = m
    stack[0, 2] = -1
    stack[0, 3] = 1
    top = 1
    n_nodes = 0
    while top > 0:
        top -= 1
        s, e = stack[top, 0], stack[top, 1]
        parent, is_left = stack[top, 2], stack[top, 3]
        k = n_nodes
        n_nodes += 1
        if parent >= 0:
            if is_left:
                left[parent] = k
            else:
                right[parent] = k
        W = _node_totals(order[0], s, e, w, code, tot, cnt)
        c = _majority(tot, tol)
        label[k] = c
        weight[k] = W
        errors[k] = W - tot[c]
        feature[k] = -1
        threshold[k] = 0.0
        left[k] = -1
        right[k] = -1
        f, lo, hi = -1, -1, -1
        if _present(cnt, iwork[3]) > 1:
            min_split = min(C45_MAX_MIN_SPLIT, C45_MIN_SPLIT_FRACTION * W / K)
            min_split = max(min_leaf, min_split) - tol
            if W - min_split >= min_split:
                f, lo, hi = _choose_c45(
                    order,
                    rank,
                    s,
                    e,
                    w,
                    code,
                    tot,
                    cnt,
                    W,
                    min_split,
                    tol,
                    fwork,
                    iwork,
                    vals,
                    lo_pos,
                    hi_pos,
                    wl,
                    f_gain,
                    f_info,
                    f_lo,
                    f_hi,
                )
        if f < 0:
            row = order[0]
            for p in range(s, e):
                leaf_of[row[p]] = k
            continue
        theta = _midpoint(XT[f, order[f, lo]], XT[f, order[f, hi]])
        feature[k] = f
        threshold[k] = theta
        n_left = _split_segment(
            order, rank, XT, f, theta, s, e, go_left, scratch, scratch_rank
        )
        # The right child waits below the left one, which is grown first.
        stack[top, 0] = s + n_left
        stack[top, 1] = e
        stack[top, 2] = k
        stack[top, 3] = 0
        stack[top + 1, 0] = s
        stack[top + 1, 1] = s + n_left
        stack[top + 1, 2] = k
        stack[top + 1, 3] = 1
        top += 2
    return n_nodes


def _evaluate_leaf(
    k: int,
    s: int,
    e: int,
    order: np.ndarray,
    rank: np.ndarray,
    XT: np.ndarray,
    w: np.ndarray,
    code: np.ndarray,
    criterion: int,
    tol: float,
    tot: np.ndarray,
    cnt: np.ndarray,
    fwork: np.ndarray,
    iwork: np.ndarray,
    vals: np.ndarray,
    lo_pos: np.ndarray,
    hi_pos: np.ndarray,
    wl: np.ndarray,
    f_value: np.ndarray,
    f_lo: np.ndarray,
    f_hi: np.ndarray,
    label: np.ndarray,
    weight: np.ndarray,
    errors: np.ndarray,
    split_f: np.ndarray,
    split_theta: np.ndarray,
    decrease: np.ndarray,
) -> None:
    """A new leaf k of the best-first tree: its class, weight and errors, and
    its best split (``split_f[k] = -1`` when it is pure or cannot be split)."""
    W = _node_totals(order[0], s, e, w, code, tot, cnt)
    c = _majority(tot, tol)
    label[k] = c
    weight[k] = W
    errors[k] = W - tot[c]
    split_f[k] = -1
    split_theta[k] = 0.0
    decrease[k] = -math.inf
    if _present(cnt, iwork[3]) < 2:
        return
    f, lo, hi, gain = _choose_impurity(
        order,
        rank,
        s,
        e,
        w,
        code,
        tot,
        cnt,
        W,
        criterion,
        tol,
        fwork,
        iwork,
        vals,
        lo_pos,
        hi_pos,
        wl,
        f_value,
        f_lo,
        f_hi,
    )
    if f < 0:
        return
    split_f[k] = f
    split_theta[k] = _midpoint(XT[f, order[f, lo]], XT[f, order[f, hi]])
    decrease[k] = gain


def _grow_best_first(
    order: np.ndarray,
    rank: np.ndarray,
    XT: np.ndarray,
    w: np.ndarray,
    code: np.ndarray,
    K: int,
    n_leaves: int,
    criterion: int,
    tol: float,
    feature: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    label: np.ndarray,
    weight: np.ndarray,
    errors: np.ndarray,
    leaf_of: np.ndarray,
) -> int:
    """Grow the best-first tree of at most ``n_leaves`` leaves; return its size.

    Nodes are numbered in the order they are made (the root 0, then the two
    children of each split). Each leaf holds its best split and its
    decrease; the leaf of largest decrease is split next (decreases within
    ``tol`` of the largest tie, and the leaf made first wins), until
    ``n_leaves`` leaves or no leaf has a split. A split is made even when
    its decrease is 0, as scikit-learn does with
    ``min_impurity_decrease=0``. Arrays as in :func:`_grow_c45`.
    """
    N, m = order.shape
    size = 2 * n_leaves - 1
    tot = np.empty(K)
    cnt = np.empty(K, dtype=np.int64)
    fwork = np.empty((4, K))
    iwork = np.zeros((4, K), dtype=np.int64)
    vals = np.empty(m)
    lo_pos = np.empty(m, dtype=np.int64)
    hi_pos = np.empty(m, dtype=np.int64)
    wl = np.empty(m)
    f_value = np.empty(N)
    f_lo = np.empty(N, dtype=np.int64)
    f_hi = np.empty(N, dtype=np.int64)
    go_left = np.zeros(m, dtype=np.bool_)
    scratch = np.empty(m, dtype=order.dtype)
    scratch_rank = np.empty(m, dtype=rank.dtype)
    seg_s = np.empty(size, dtype=np.int64)
    seg_e = np.empty(size, dtype=np.int64)
    split_f = np.empty(size, dtype=np.int64)
    split_theta = np.empty(size)
    decrease = np.empty(size)
    for k in range(size):
        feature[k] = -1
        threshold[k] = 0.0
        left[k] = -1
        right[k] = -1
    seg_s[0] = 0
    seg_e[0] = m
    _evaluate_leaf(
        0,
        0,
        m,
        order,
        rank,
        XT,
        w,
        code,
        criterion,
        tol,
        tot,
        cnt,
        fwork,
        iwork,
        vals,
        lo_pos,
        hi_pos,
        wl,
        f_value,
        f_lo,
        f_hi,
        label,
        weight,
        errors,
        split_f,
        split_theta,
        decrease,
    )
    n_nodes = 1
    leaves = 1
    while leaves < n_leaves:
        most = -math.inf
        for k in range(n_nodes):
            if feature[k] < 0 and split_f[k] >= 0:
                most = max(most, decrease[k])
        if most == -math.inf:
            break
        k = -1
        for j in range(n_nodes):
            if feature[j] < 0 and split_f[j] >= 0 and decrease[j] >= most - tol:
                k = j
                break
        f = split_f[k]
        theta = split_theta[k]
        s, e = seg_s[k], seg_e[k]
        n_left = _split_segment(
            order, rank, XT, f, theta, s, e, go_left, scratch, scratch_rank
        )
        feature[k] = f
        threshold[k] = theta
        left[k] = n_nodes
        right[k] = n_nodes + 1
        seg_s[n_nodes] = s
        seg_e[n_nodes] = s + n_left
        seg_s[n_nodes + 1] = s + n_left
        seg_e[n_nodes + 1] = e
        for j in range(n_nodes, n_nodes + 2):
            _evaluate_leaf(
                j,
                seg_s[j],
                seg_e[j],
                order,
                rank,
                XT,
                w,
                code,
                criterion,
                tol,
                tot,
                cnt,
                fwork,
                iwork,
                vals,
                lo_pos,
                hi_pos,
                wl,
                f_value,
                f_lo,
                f_hi,
                label,
                weight,
                errors,
                split_f,
                split_theta,
                decrease,
            )
        n_nodes += 2
        leaves += 1
    row = order[0]
    for k in range(n_nodes):
        if feature[k] < 0:
            for p in range(seg_s[k], seg_e[k]):
                leaf_of[row[p]] = k
    return n_nodes


def _preorder(
    feature: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    index: np.ndarray,
    depth: np.ndarray,
) -> int:
    """The nodes reachable from the root through splits (``feature ≥ 0``), in
    preorder: ``index[j]`` the old number of the j-th, ``depth[j]`` its depth
    (the root 0). Returns how many there are."""
    n_total = feature.shape[0]
    stack = np.empty(n_total + 1, dtype=np.int64)
    level = np.empty(n_total + 1, dtype=np.int64)
    stack[0] = 0
    level[0] = 0
    top = 1
    n = 0
    while top > 0:
        top -= 1
        k = stack[top]
        index[n] = k
        depth[n] = level[top]
        n += 1
        if feature[k] >= 0:
            d = level[top] + 1
            stack[top] = right[k]
            level[top] = d
            stack[top + 1] = left[k]
            level[top + 1] = d
            top += 2
    return n


def _representatives(
    feature: np.ndarray, left: np.ndarray, right: np.ndarray, rep: np.ndarray
) -> None:
    """``rep[k]``: node k if it is still reachable, else the leaf that replaced
    its subtree (its highest ancestor whose ``feature`` became −1).

    ``left`` and ``right`` are the links of the tree before the change (a
    node made a leaf keeps them); every child is numbered after its parent.
    """
    rep[0] = 0
    for k in range(feature.shape[0]):
        if left[k] < 0:
            continue
        kept = feature[k] >= 0 and rep[k] == k
        for c in (left[k], right[k]):
            rep[c] = c if kept else rep[k]


#: The functions compiled by numba at the first fit (see :mod:`.trees`).
_LOOPS = (
    "_term",
    "_side",
    "_midpoint",
    "_node_totals",
    "_majority",
    "_present",
    "_scan",
    "_first_within",
    "_choose_c45",
    "_choose_impurity",
    "_split_segment",
    "_grow_c45",
    "_evaluate_leaf",
    "_grow_best_first",
    "_preorder",
    "_representatives",
)
_compiled = False


def _compile() -> None:
    """Replace the loops above by their numba versions, once per process.

    numba is imported here, at the first fit, so that importing marginlab
    does not load it; ``cache=True`` keeps the machine code in
    ``__pycache__``.
    """
    global _compiled
    if _compiled:
        return
    from numba import njit

    namespace: dict[str, Any] = globals()
    for name in _LOOPS:
        namespace[name] = njit(cache=True)(namespace[name])
    _compiled = True


# --- the trees ------------------------------------------------------------------------


@dataclass(frozen=True)
class GrownTree:
    """The node arrays of one K-class tree (preorder) and its training points' leaves.

    ``feature[k] = -1`` marks a leaf (``threshold`` 0, ``left`` and ``right``
    −1); a split sends x left when x[feature] ≤ threshold. ``label`` is each
    node's weighted-majority class (an index into the classes), ``weight``
    its weight W, ``errors`` the weight of its points outside that class;
    ``depth`` the number of splits on the longest path from the root;
    ``leaf`` the node of each training point's leaf.
    """

    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    label: np.ndarray
    weight: np.ndarray
    errors: np.ndarray
    depth: int
    leaf: np.ndarray

    @property
    def n_leaves(self) -> int:
        """The number of leaves."""
        return int(np.count_nonzero(self.feature < 0))

    @property
    def predictions(self) -> np.ndarray:
        """The class (index) of each training point's leaf."""
        return self.label[self.leaf]


def compact(
    feature: np.ndarray,
    threshold: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    label: np.ndarray,
    weight: np.ndarray,
    errors: np.ndarray,
    leaf: np.ndarray,
) -> GrownTree:
    """The tree of the nodes reachable from the root, renumbered in preorder.

    A node whose ``feature`` is −1 is a leaf: what lay below it is dropped
    (this is how a subtree replaced by a leaf is removed), and its training
    points move to it. Every child must be numbered after its parent.
    """
    _compile()
    n_total = feature.shape[0]
    index = np.empty(n_total, dtype=np.int64)
    depth = np.empty(n_total, dtype=np.int64)
    n = _preorder(feature, left, right, index, depth)
    index = index[:n]
    new = np.full(n_total, -1, dtype=np.intp)
    new[index] = np.arange(n)
    rep = np.empty(n_total, dtype=np.int64)
    _representatives(feature, left, right, rep)
    f = feature[index].astype(np.intp)
    inner = f >= 0
    return GrownTree(
        feature=f,
        threshold=np.where(inner, threshold[index], 0.0),
        left=np.where(inner, new[left[index]], -1).astype(np.intp),
        right=np.where(inner, new[right[index]], -1).astype(np.intp),
        label=label[index].astype(np.intp),
        weight=weight[index].copy(),
        errors=errors[index].copy(),
        depth=int(depth[:n].max()),
        leaf=new[rep[leaf]],
    )


class PresortedClasses:
    """A K-class training set with every feature sorted once.

    Parameters
    ----------
    X : ndarray of shape (m, N)
        Validated training inputs (float64, finite).
    y : ndarray of shape (m,)
        Labels (any numbers); the classes are ``numpy.unique(y)``.

    Attributes
    ----------
    classes : ndarray of shape (K,)
        The sorted distinct labels; a tree's ``label`` indexes them.
    code : ndarray of shape (m,)
        The class of each point, as its index in ``classes``.
    n_presorted : int
        Values sorted when the search was built: N·m, and never again.

    Notes
    -----
    Memory: the sorted orders and the ranks of the values (int32 below 2³¹
    points), one copy kept and one partitioned by each tree: about 16 N m
    bytes, plus the transposed inputs (8 N m).
    """

    def __init__(self, X: np.ndarray, y: np.ndarray) -> None:
        m, N = X.shape
        self.m, self.N = m, N
        self.classes, code = np.unique(y, return_inverse=True)
        self.code = code.astype(np.int64).ravel()
        self.K = int(self.classes.size)
        self.XT = np.ascontiguousarray(X.T, dtype=np.float64)
        index = np.int32 if m < 2**31 - 1 else np.int64
        self.order0 = np.argsort(self.XT, axis=1, kind="stable").astype(index)
        xs = np.take_along_axis(self.XT, self.order0, axis=1)
        self.rank0 = np.zeros((N, m), dtype=index)
        np.cumsum(xs[:, 1:] != xs[:, :-1], axis=1, out=self.rank0[:, 1:])
        self.order = np.empty_like(self.order0)
        self.rank = np.empty_like(self.rank0)
        self.n_presorted = N * m

    def _arrays(self, size: int) -> tuple[np.ndarray, ...]:
        np.copyto(self.order, self.order0)
        np.copyto(self.rank, self.rank0)
        return (
            np.empty(size, dtype=np.int64),  # feature
            np.empty(size),  # threshold
            np.empty(size, dtype=np.int64),  # left
            np.empty(size, dtype=np.int64),  # right
            np.empty(size, dtype=np.int64),  # label
            np.empty(size),  # weight
            np.empty(size),  # errors
            np.empty(self.m, dtype=np.int64),  # each point's leaf
        )

    def grow_c45(self, w: np.ndarray, min_leaf: float, tol: float) -> GrownTree:
        """C4.5's full tree for the weights w (see :func:`_grow_c45`).

        Parameters
        ----------
        w : ndarray of shape (m,)
            Finite non-negative weights (C4.5's case weights).
        min_leaf : float > 0
            C4.5's ``MINOBJS``.
        tol : float > 0
            Gains within ``tol`` (bits × weight) tie.

        Returns
        -------
        GrownTree
        """
        _compile()
        arrays = self._arrays(max(2 * self.m - 1, 1))
        n = _grow_c45(
            self.order,
            self.rank,
            self.XT,
            np.ascontiguousarray(w, dtype=np.float64),
            self.code,
            self.K,
            float(min_leaf),
            float(tol),
            *arrays,
        )
        return _finish(arrays, n)

    def grow_best_first(
        self, w: np.ndarray, n_leaves: int, criterion: Impurity, tol: float
    ) -> GrownTree:
        """The best-first tree of at most ``n_leaves`` leaves for the weights w.

        Parameters
        ----------
        w : ndarray of shape (m,)
            Finite non-negative weights.
        n_leaves : int ≥ 1
        criterion : {"gini", "entropy"}
        tol : float > 0
            Impurities within ``tol`` (weight units) tie.

        Returns
        -------
        GrownTree
        """
        _compile()
        arrays = self._arrays(2 * int(n_leaves) - 1)
        n = _grow_best_first(
            self.order,
            self.rank,
            self.XT,
            np.ascontiguousarray(w, dtype=np.float64),
            self.code,
            self.K,
            int(n_leaves),
            IMPURITIES[criterion],
            float(tol),
            *arrays,
        )
        return _finish(arrays, n)


def _finish(arrays: tuple[np.ndarray, ...], n: int) -> GrownTree:
    """The first n nodes of a grown tree, in preorder."""
    *nodes, leaf = arrays
    return compact(*(a[:n] for a in nodes), leaf)
