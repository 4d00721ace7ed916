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

*C4.5's scan skips most logarithms* (:func:`_scan_c45`; best-first trees
keep :func:`_scan`). Of a feature's thresholds, C4.5 needs the number n,
the value V = Wᴸ H(L) + Wᴿ H(R) of the first one within ``tol`` of the
least, and nothing when no threshold gives a corrected gain above ``tol``.
So the scan first records, at each admissible threshold, Wᴸ, Wᴿ and the
left weight of each present class, summed exactly as :func:`_scan` sums
them (on a node of two classes in two registers, added to without a
branch: v · 1 = v, v · 0 = 0 and c + 0 = c exactly). A lower bound B ≤ V
is then formed at every threshold at once, by a loop that LLVM vectorizes:
each x log₂ x from the bits of x (exponent, and the series of artanh on the
mantissa), within ε = 2·10⁻⁶ bits per unit of x (:func:`_xlog2x`), so that
B + 8εW bounds V from above. Only the thresholds whose B is within
``tol`` of the least upper bound min B + 8εW are evaluated exactly; every
other one has V > min V + ``tol``, so it is neither the least nor within
``tol`` of it, and leaving it out changes neither the least value, nor
the first threshold within ``tol`` of it, nor n. The values evaluated are
computed by :func:`_scan`'s arithmetic, the same terms summed in the same
order, so they are the same numbers to the last bit; and a feature is
dropped unevaluated only when W H(node) − min B − log₂ n ≤ ``tol``, where
no threshold can make it a candidate. The comparisons allow twice a slack
of 10⁻¹⁰ of the largest term per term, far above the rounding of values
and bounds. Hence the same thresholds, gains, ratios and trees as the
exact scan: only the logarithms that cannot change a choice are skipped
(under AdaBoost's weights, about one threshold in a hundred is evaluated).

The split partitions each feature's segment without a branch on the side
of each point (both places written, one position moved on), the same
stable partition.

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

from .compiled import compile_loops

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


# --- x log₂ x without a logarithm -----------------------------------------------------

#: log₂ e, to turn natural logarithms into bits.
_LOG2_E = 1.4426950408889634

#: √2: a mantissa above it is halved (and the exponent raised by one), so
#: that the series of :func:`_xlog2x` is summed for m in [√½, √2].
_SQRT2 = 1.4142135623730951

#: A bound on |log₂ x − ℓ(x)|, in bits, for the approximation ℓ of
#: :func:`_xlog2x` and every normal x > 0.
_XLOG_EPS = 2e-6

#: The 52 mantissa bits of a float64, and the bits of 1.0.
_MANTISSA = 0xFFFFFFFFFFFFF
_ONE_BITS = 0x3FF0000000000000

#: The smallest normal float64 (the bits of a smaller x > 0 hold no leading 1).
_TINY = 2.2250738585072014e-308

#: :func:`_scan_c45` bounds the values of a feature's thresholds when there
#: are more than this many (below, the bounds cost about what they save).
_FEW = 8


def _float_bits(x: float) -> int:
    """The bits of the float64 x, as an int64 (a bitcast once compiled)."""
    return int(np.float64(x).view(np.int64))


def _bits_float(b: int) -> float:
    """The float64 whose bits are the int64 b (a bitcast once compiled)."""
    return float(np.int64(b).view(np.float64))


def _xlog2x(x: float) -> float:
    """x ℓ(x), where ℓ(x) is within ``_XLOG_EPS`` of log₂ x for every normal x > 0.

    x = m 2ᵉ with m in [1, 2), both read off the bits (m > √2 is halved and e
    raised by one, so that m is in [√½, √2]). With t = (m − 1)/(m + 1),
    |t| ≤ (√2 − 1)/(√2 + 1) < 0.17158, and ln m = 2 (t + t³/3 + t⁵/5) + ρ,
    the remainder of the series of artanh bounded by |ρ| ≤ 2|t|⁷ / (7 (1 −
    t²)) < 1.29e-6; so ℓ = e + log₂ e · 2 (t + t³/3 + t⁵/5) is within
    1.86e-6 bits of log₂ x, and rounding (a few units in the last place of
    |ℓ| ≤ 1075) adds less than 1e-12. No call and no branch: loops over it
    vectorize.
    """
    bits = _float_bits(x)
    ex = float((bits >> 52) - 1023)
    mf = _bits_float((bits & _MANTISSA) | _ONE_BITS)
    big = mf > _SQRT2
    mf = 0.5 * mf if big else mf
    ex = ex + 1.0 if big else ex
    t = (mf - 1.0) / (mf + 1.0)
    t2 = t * t
    ln = 2.0 * t * (1.0 + t2 * (1.0 / 3.0 + t2 * 0.2))
    return x * (ex + _LOG2_E * ln)


def _xlog2x_lower(x: float) -> float:
    """A lower bound on x log₂ x, and 0 for x ≤ 0 (as :func:`_term`)."""
    if x >= _TINY:
        return _xlog2x(x) - _XLOG_EPS * x
    return -1075.0 * x if x > 0.0 else 0.0  # log₂ x > −1075 for every x > 0


def _xlog2x_upper(x: float) -> float:
    """An upper bound on x log₂ x, and 0 for x ≤ 0 (as :func:`_term`).

    Without a branch: x ≤ 0 becomes 0, which gives 0; for a subnormal x > 0
    the bits read as ℓ(x) + ε ≥ −1023 + log₂(1 + f) ≥ −1022 + log₂ f =
    log₂ x (f < 1 the stored fraction).
    """
    x = max(x, 0.0)
    return _xlog2x(x) + _XLOG_EPS * x


def _bounds_two(rows: np.ndarray, n: int, out: np.ndarray) -> None:
    """``out[j]``, j < n: a lower bound on Wᴸ H(L) + Wᴿ H(R) at the j-th
    threshold of :func:`_scan_c45` at a node of two classes (the rows of
    ``rows``: Wᴸ, Wᴿ, the two classes' left weights, their right weights)."""
    for j in range(n):
        out[j] = (
            _xlog2x_lower(rows[0, j])
            + _xlog2x_lower(rows[1, j])
            - _xlog2x_upper(rows[2, j])
            - _xlog2x_upper(rows[3, j])
            - _xlog2x_upper(rows[4, j])
            - _xlog2x_upper(rows[5, j])
        )


def _bounds_many(rows: np.ndarray, n_cls: int, n: int, out: np.ndarray) -> None:
    """:func:`_bounds_two` for ``n_cls`` classes (rows 2 to 2 + n_cls − 1:
    their left weights; the next n_cls rows: their right weights)."""
    for j in range(n):
        out[j] = _xlog2x_lower(rows[0, j]) + _xlog2x_lower(rows[1, j])
    for r in range(2, 2 + 2 * n_cls):
        for j in range(n):
            out[j] -= _xlog2x_upper(rows[r, j])


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


def _prefix_two(
    order: np.ndarray,
    rank: np.ndarray,
    f: int,
    s: int,
    e: int,
    w: np.ndarray,
    code: np.ndarray,
    present: np.ndarray,
    cnt: np.ndarray,
    W: float,
    min_w: float,
    done: np.ndarray,
    lo_pos: np.ndarray,
    hi_pos: np.ndarray,
    rows: np.ndarray,
) -> int:
    """:func:`_prefix_many` at a node of two classes, the class weights
    in registers and added to without a branch (the class of the next
    point is unpredictable): v · 1 = v, v · 0 = 0 and c + 0 = c exactly, so
    the sums are :func:`_scan`'s, bit for bit."""
    k0 = present[0]
    k1 = present[1]
    n0 = cnt[k0]
    n1 = cnt[k1]
    done[k0] = -1
    done[k1] = -1
    a0 = 0.0
    a1 = 0.0
    c0 = 0
    c1 = 0
    w_left = 0.0
    prev_rank = -1
    prev_q = -1
    n = 0
    for q in range(s, e):
        i = order[f, q]
        v = w[i]
        if v <= 0.0:
            continue
        r = rank[f, q]
        if prev_q >= 0 and r != prev_rank:
            w_right = W - w_left
            if w_right < min_w:
                break  # the right side only loses weight from here on
            if w_left >= min_w:
                rows[0, n] = w_left
                rows[1, n] = w_right
                rows[2, n] = a0
                rows[3, n] = a1
                lo_pos[n] = prev_q
                hi_pos[n] = q
                n += 1
        is0 = int(code[i] == k0)
        f0 = float(is0)
        a0 += v * f0
        a1 += v * (1.0 - f0)
        c0 += is0
        c1 += 1 - is0
        if c0 == n0:
            done[k0] = n
            n0 = -1
        if c1 == n1:
            done[k1] = n
            n1 = -1
        w_left += v
        prev_rank = r
        prev_q = q
    return n


def _prefix_many(
    order: np.ndarray,
    rank: np.ndarray,
    f: int,
    s: int,
    e: int,
    w: np.ndarray,
    code: np.ndarray,
    present: np.ndarray,
    n_cls: int,
    W: float,
    min_w: float,
    lw: np.ndarray,
    done: np.ndarray,
    lo_pos: np.ndarray,
    hi_pos: np.ndarray,
    rows: np.ndarray,
) -> int:
    """The admissible thresholds of feature f on the segment [s, e), as
    :func:`_scan` finds them, and what it sums up to each: for the j-th,
    ``rows[0, j]`` and ``rows[1, j]`` receive Wᴸ and Wᴿ, ``rows[2 + t, j]``
    the left weight of the t-th present class (the prefix sums of
    :func:`_scan`'s ``lw``, in the same order), ``lo_pos[j]`` and
    ``hi_pos[j]`` the positions on either side. ``done[k]`` receives the
    first threshold with every point of positive weight of class k on its
    left (−1: none), where :func:`_scan` sets the right weight to 0 (its
    count of the class's points on the left reaches the node's): the
    threshold after the class's last point, unless the scan stops before
    that point. Returns the number of thresholds."""
    for t in range(n_cls):
        lw[present[t]] = 0.0
    w_left = 0.0
    prev_rank = -1
    prev_q = -1
    n = 0
    stop = e
    for q in range(s, e):
        i = order[f, q]
        v = w[i]
        if v <= 0.0:
            continue
        r = rank[f, q]
        if prev_q >= 0 and r != prev_rank:
            w_right = W - w_left
            if w_right < min_w:
                stop = q
                break  # the right side only loses weight from here on
            if w_left >= min_w:
                rows[0, n] = w_left
                rows[1, n] = w_right
                for t in range(n_cls):
                    rows[2 + t, n] = lw[present[t]]
                lo_pos[n] = prev_q
                hi_pos[n] = q
                n += 1
        k = code[i]
        lw[k] += v
        done[k] = n  # the first threshold after this class's last point so far
        w_left += v
        prev_rank = r
        prev_q = q
    # A class with a point of positive weight beyond the scan is never all left.
    for q in range(stop, e):
        i = order[f, q]
        if w[i] > 0.0:
            done[code[i]] = -1
    return n


def _scan_c45(
    order: np.ndarray,
    rank: np.ndarray,
    f: int,
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
    tol: float,
    info_node: float,
    lw: np.ndarray,
    done: np.ndarray,
    rows: np.ndarray,
    vals: np.ndarray,
    lo_pos: np.ndarray,
    hi_pos: np.ndarray,
) -> int:
    """:func:`_scan` of feature f for C4.5 (the entropy), with logarithms
    only at the thresholds that can matter.

    The thresholds and their weights come from :func:`_prefix_two` or
    :func:`_prefix_many` (no threshold at all when the segment's first and
    last values are equal), the right weights of the classes from them
    (``rows[2 + n_cls + t]``: the total less the left weight, or 0 from
    ``done`` on, as in :func:`_scan`). Then, when there are more than
    ``_FEW`` thresholds, :func:`_bounds_two` or :func:`_bounds_many` give a
    lower bound Bⱼ on every value Vⱼ = Wᴸ H(L) + Wᴿ H(R), and Bⱼ + γ with γ
    = 8 ε W (ε = ``_XLOG_EPS``; 2ε per unit of the four weights Wᴸ, Wᴿ,
    Σ cᴸ, Σ cᴿ) bounds it from above; so min_j Vⱼ ≤ B* + γ, B* = min_j Bⱼ,
    and a threshold with Bⱼ > B* + γ + ``tol`` has Vⱼ > min_j Vⱼ + ``tol``:
    it is neither the feature's best threshold nor within ``tol`` of it,
    and its value is not computed (+∞ in ``vals``). Every other value is
    computed exactly as :func:`_scan` computes it, the same sums of the same
    terms in the same order, hence the same bits. When even B* leaves the
    feature no corrected gain (W H(node) − B* − log₂ n ≤ ``tol``), no value
    is computed and −n is returned; else n, the number of admissible
    thresholds (as :func:`_scan`), their values in ``vals``.

    γ holds for normal weights; a subnormal one moves a bound by less than
    1075 · 2⁻¹⁰²², and the weights' sums exceed W by a relative n·2⁻⁵³ at
    most, both far inside ``slack``. ``slack`` covers rounding: a value or
    a bound is a sum of T = 2 + 2 n_cls terms of size at most S =
    max(W, 1)(|log₂ W| + 2) + n_cls, each term within a few units in the
    last place (2⁻⁵²) of S, so its rounding error is below T² 2⁻⁵² S, and
    the slack 10⁻¹⁰ T S is larger for any T below 10⁵; the comparisons
    allow it twice, once for the value and once for the bound.
    """
    if rank[f, s] == rank[f, e - 1]:
        return 0  # one value throughout the segment: no threshold
    if n_cls == 2:
        n = _prefix_two(
            order,
            rank,
            f,
            s,
            e,
            w,
            code,
            present,
            cnt,
            W,
            min_w,
            done,
            lo_pos,
            hi_pos,
            rows,
        )
    else:
        n = _prefix_many(
            order,
            rank,
            f,
            s,
            e,
            w,
            code,
            present,
            n_cls,
            W,
            min_w,
            lw,
            done,
            lo_pos,
            hi_pos,
            rows,
        )
    if n == 0:
        return 0
    for t in range(n_cls):
        k = present[t]
        d = n if done[k] < 0 else done[k]
        for j in range(d):
            rows[2 + n_cls + t, j] = tot[k] - rows[2 + t, j]
        for j in range(d, n):
            rows[2 + n_cls + t, j] = 0.0
    bounded = n > _FEW
    cut = math.inf
    if bounded:
        if n_cls == 2:
            _bounds_two(rows, n, vals)
        else:
            _bounds_many(rows, n_cls, n, vals)
        low = math.inf
        for j in range(n):
            low = min(low, vals[j])
        size = max(W, 1.0) * (abs(math.log2(W)) + 2.0) + n_cls
        slack = 1e-10 * (2 * n_cls + 2) * size
        if info_node - low - math.log2(n) + 2.0 * slack <= tol:
            return -n
        cut = low + 8.0 * _XLOG_EPS * W * (1.0 + 1e-6) + tol + 2.0 * slack
    for j in range(n):
        if bounded and vals[j] > cut:
            vals[j] = math.inf
            continue
        SL = 0.0
        SR = 0.0
        for t in range(n_cls):
            SL += _term(_ENTROPY, rows[2 + t, j])
            SR += _term(_ENTROPY, rows[2 + n_cls + t, j])
        vals[j] = _side(_ENTROPY, rows[0, j], SL) + _side(_ENTROPY, rows[1, j], SR)
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
    rows: np.ndarray,
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
    Each feature is scanned by :func:`_scan_c45`.
    """
    N = order.shape[0]
    lw = fwork[0]
    done = iwork[1]
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
        n = _scan_c45(
            order,
            rank,
            f,
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
            tol,
            info_node,
            lw,
            done,
            rows,
            vals,
            lo_pos,
            hi_pos,
        )
        if n <= 0:
            continue  # no threshold, or none with a corrected gain above tol
        j = _first_within(vals, n, tol)
        c = info_node - vals[j] - math.log2(n)
        if c > tol:
            f_gain[f] = c
            WL = rows[0, j]
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
    first), but for the features other than 0 that have one value on it;
    returns the number of points on the left."""
    N = order.shape[0]
    row = order[0]
    n_left = 0
    for p in range(s, e):
        i = row[p]
        left = XT[f, i] <= theta
        go_left[i] = left
        n_left += left
    for g in range(N):
        if g > 0 and rank[g, s] == rank[g, e - 1]:
            # One value throughout: every part of the segment holds only that
            # value, which is all that a scan of a descendant reads (it finds
            # no threshold); the segment of feature 0 lists each node's points.
            continue
        _partition(order, rank, g, s, e, go_left, scratch, scratch_rank)
    return n_left


def _partition(
    order: np.ndarray,
    rank: np.ndarray,
    g: int,
    s: int,
    e: int,
    go_left: np.ndarray,
    scratch: np.ndarray,
    scratch_rank: np.ndarray,
) -> None:
    """Partition feature g's segment [s, e) stably by ``go_left`` (left
    first). Without a branch on the side (it is unpredictable): each point
    is written to both places, and one of the two positions moves on (the
    left one never passes the point being read)."""
    a = s
    b = 0
    for q in range(s, e):
        i = order[g, q]
        r = rank[g, q]
        left = go_left[i]
        order[g, a] = i
        rank[g, a] = r
        scratch[b] = i
        scratch_rank[b] = r
        a += left
        b += 1 - left
    for j in range(b):
        order[g, a + j] = scratch[j]
        rank[g, a + j] = scratch_rank[j]


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
    rows = np.empty((2 * K + 2, m))
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
                    rows,
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
    "_xlog2x",
    "_xlog2x_lower",
    "_xlog2x_upper",
    "_bounds_two",
    "_bounds_many",
    "_node_totals",
    "_majority",
    "_present",
    "_scan",
    "_prefix_two",
    "_prefix_many",
    "_scan_c45",
    "_first_within",
    "_choose_c45",
    "_choose_impurity",
    "_split_segment",
    "_partition",
    "_grow_c45",
    "_evaluate_leaf",
    "_grow_best_first",
    "_preorder",
    "_representatives",
)

#: Compiled without numba's check of float divisions for 0, which keeps LLVM
#: from vectorizing their loops (no divisor there is 0; a division by 0
#: would give ±∞ or NaN instead of raising).
_VECTORIZED = (
    "_xlog2x",
    "_xlog2x_lower",
    "_xlog2x_upper",
    "_bounds_two",
    "_bounds_many",
)

#: Inlined where they are called (once per feature and node: no call, and
#: no reference counting of their array arguments).
_INLINED = (
    "_prefix_two",
    "_prefix_many",
    "_scan_c45",
    "_first_within",
    "_partition",
)


def _bitcasts() -> dict[str, Any]:
    """numba versions of :func:`_float_bits` and :func:`_bits_float`:
    LLVM bitcasts."""
    from llvmlite import ir
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def float_bits(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.bitcast(args[0], ir.IntType(64))

        return types.int64(types.float64), codegen

    @intrinsic
    def bits_float(typingctx, b):
        def codegen(context, builder, signature, args):
            return builder.bitcast(args[0], ir.DoubleType())

        return types.float64(types.int64), codegen

    return {"_float_bits": float_bits, "_bits_float": bits_float}


def _compile() -> None:
    """Replace the loops above by their numba versions, once per process
    (:func:`.compiled.compile_loops`); with ``NUMBA_DISABLE_JIT=1`` the
    bitcasts stay Python too."""
    compile_loops(
        globals(),
        _LOOPS,
        vectorized=_VECTORIZED,
        inlined=_INLINED,
        intrinsics=_bitcasts,
    )


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
        return compact(*self.grow_c45_nodes(w, min_leaf, tol))

    def grow_c45_nodes(
        self, w: np.ndarray, min_leaf: float, tol: float
    ) -> tuple[np.ndarray, ...]:
        """:meth:`grow_c45`'s tree as the arrays :func:`compact` takes, before
        it compacts them (the nodes are in preorder already): ``feature``,
        ``threshold``, ``left``, ``right``, ``label``, ``weight``, ``errors``
        (one entry per node) and each training point's leaf."""
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
        *nodes, leaf = arrays
        return (*(a[:n] for a in nodes), leaf)

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
