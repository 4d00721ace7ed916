"""One SMO solver for the SVM duals, over a Q-matrix, the way libsvm does it.

The problem (Chang & Lin, LIBSVM; Fan, Chen & Lin 2005)::

    minimize   f(α) = ½ αᵀQα − eᵀα,   Q_ij = y_i y_j k(x_i, x_j)
    subject to 0 ≤ α_t ≤ C,  and yᵀα = 0 when the SVM has a bias b.

The solver keeps the gradient G = ∇f(α) = Qα − e and a status per variable
(lower bound α_t = 0, upper bound α_t = C, or free). With

    I_up(α)  = {t : α_t < C, y_t = +1  or  α_t > 0, y_t = −1}
    I_low(α) = {t : α_t < C, y_t = −1  or  α_t > 0, y_t = +1}

(the t along which y_t α_t may grow, resp. shrink) and
m(α) = max_{t∈I_up} −y_t G_t, M(α) = min_{t∈I_low} −y_t G_t, the dual is
solved when the gap m(α) − M(α) < tol. Each step takes the working set
{i, j}: i = argmax_{t∈I_up} −y_t G_t, and by the second-order rule of
Fan, Chen & Lin (WSS 3)

    j = argmin_{t∈I_low, −y_t G_t < m(α)} −b_t² / a_t,
    b_t = m(α) + y_t G_t,  a_t = K_ii + K_tt − 2 K_it  (a_t ≤ 0 → τ = 1e-12),

minimizes f exactly along the feasible direction of the pair (Platt's SMO
step, clipped to the box) and updates G with the two columns Q_i, Q_j.

Without the bias there is no equality constraint and the working set is one
variable: t maximizing the violation v_t = −y_t G_t over I_up and y_t G_t
over I_low (first order); the step is α_t ← clip(α_t − G_t / Q_tt, 0, C) and
the solver stops when max_t v_t < tol.

The columns come from a :class:`QMatrix` (libsvm's ``QMatrix``):
``get_Q(i, length)`` returns Q_i restricted to the first ``length`` positions,
``get_QD()`` the diagonal, ``swap_index(i, j)`` exchanges two positions.
Shrinking (Joachims 1999; libsvm's ``do_shrinking``) moves bounded variables
that are unlikely to change to the end and works on the active prefix only,
so a column is computed only for the active rows. The gradient of the shrunk
variables is rebuilt from Ḡ (the part due to the variables at C) and the free
variables before optimality is declared, and once, when the gap first falls
below 10·tol, everything is un-shrunk. Every variant of the SVM is a Q-matrix
(:class:`KernelQ`: kernel columns with a bounded LRU cache; :class:`GramQ`: a
precomputed Gram matrix, optionally with points removed, as leave-one-out
needs) or the option ``bias`` of :func:`solve`; there is one loop.

The inner loops over the active set (selection, the gradient update,
shrinking, the cache bookkeeping) are compiled with numba, and so are the
iterations between two shrinking passes (:func:`_run`). The compiled loop
reads the columns a Q-matrix holds (:class:`Columns`); when an iteration
needs one that the cache lacks, it takes the cache slot as
:meth:`QMatrix.get_Q` would and returns, Python computes the column with the
kernel's vectorized numpy code (:meth:`QMatrix.fill`), and the iteration
resumes. The Python loop takes only the iterations at which shrinking is due
or the active prefix is optimal. Both take the same steps with the same
arithmetic and the same uses of the cache, so the iterates do not depend on
which of them took a step. Compiled, because an SMO step at m in the
thousands is a few fused passes over the active set: written as numpy
operations (one pass each, a dozen per step) the same loop took 2.4× the
time of scikit-learn's SVC (libsvm) at m = 2 000 and 3.5× at m = 1 000 on
the benchmark's two-moons problem, against about 1× with the passes
compiled; and at a few hundred points a step is a few microseconds of
arithmetic, which the Python control flow around the compiled passes
multiplied by about ten (one from-scratch solve on breast cancer's 568
points, linear kernel, C = 10, tolerance 1e-6, 53 416 steps: 0.23 s, against
0.017 s with the iterations compiled). Then every iteration that needed a
new column still ran in Python, about 15 µs a column besides its values;
resumed in the compiled loop, Python's part of a column is the kernel's
numpy code and about 1.3 µs. On an AMD EPYC (Zen 4, numpy's AVX-512 ``exp``)
a fit of that benchmark takes 0.51, 0.37 and 0.32 of SVC's time at
m = 2 000, 10 000 and 50 000 (0.75, 0.57 and 0.55 before), and 0.75, 0.60
and 0.65 with numpy's AVX-512 paths off (``benchmarks/README.md``).

References
----------
C.-C. Chang and C.-J. Lin, "LIBSVM: a library for support vector machines",
ACM TIST 2 (2011), ``svm.cpp``: ``Solver::Solve``, ``select_working_set``,
``do_shrinking``, ``reconstruct_gradient``.
R.-E. Fan, P.-H. Chen and C.-J. Lin, "Working set selection using second
order information for training support vector machines", JMLR 6 (2005).
J. Platt, "Sequential minimal optimization", Microsoft Research TR-98-14.
T. Joachims, "Making large-scale SVM learning practical" (shrinking), 1999.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ...core.kernels import Kernel

#: a_t ≤ 0 (a non-PSD kernel, or duplicate points) is replaced by τ.
TAU = 1e-12
#: α_t status codes (libsvm's alpha_status).
LOWER, UPPER, FREE = 0, 1, 2
#: Steps between two shrinking passes (at most; libsvm's counter).
SHRINK_EVERY = 1000
#: Steps between two calls of the monitor of :func:`solve`.
CHECK_EVERY = 1000


# --- the Q-matrix interface ---------------------------------------------------


class QMatrix(ABC):
    """The matrix Q of the dual, as the solver reads it (libsvm's ``QMatrix``).

    Positions are the solver's current order of the variables; the solver
    permutes them by :meth:`swap_index` (shrinking moves the inactive
    variables to the end) and asks only for the active prefix of a column.

    Attributes
    ----------
    n_evals : int
        Kernel evaluations made so far.
    """

    n_evals: int = 0

    @abstractmethod
    def get_Q(self, i: int, length: int) -> np.ndarray:
        """Q_{i,t} for the positions t = 0, …, length − 1.

        The array may be a view into a cache: it stays valid until the next
        call but one (the two most recent columns are always kept).
        """

    @abstractmethod
    def get_QD(self) -> np.ndarray:
        """The diagonal Q_tt = k(x_t, x_t), in the current order.

        The solver keeps this array; :meth:`swap_index` permutes it in place.
        """

    @abstractmethod
    def swap_index(self, i: int, j: int) -> None:
        """Exchange positions i and j (rows, columns and diagonal)."""

    def swap_indices(self, pairs: np.ndarray) -> None:
        """``swap_index(i, j)`` for each row (i, j) of ``pairs``, in order."""
        for i, j in pairs.tolist():
            self.swap_index(i, j)

    def columns(self) -> Columns | None:
        """The arrays from which the compiled loop reads columns without
        Python (:class:`Columns`), or None: every step then asks
        :meth:`get_Q`."""
        return None

    def fill(self, i: int, slot: int, start: int, stop: int) -> None:
        """Compute Q_{i,t} for t in [start, stop) into cache slot ``slot``.

        The compiled loop's request for a column it does not hold, after it
        took the slot as :meth:`get_Q` would have (only for a Q-matrix whose
        :meth:`columns` is a cache).
        """
        raise NotImplementedError(f"{type(self).__name__} keeps no column cache.")


@dataclass(frozen=True)
class Columns:
    """What the compiled loop of :func:`solve` reads of a Q-matrix: the arrays
    themselves, which the Q-matrix keeps current (its swaps permute them in
    place). Either a Gram matrix (``gram``: ``Q_full`` and the positions'
    ``index``, :class:`GramQ`) or a column cache (:class:`KernelQ`: its slots,
    the slot of each position, the position of each slot, each slot's valid
    length, its last use and the clock of uses; a column it lacks is asked of
    :meth:`QMatrix.fill`)."""

    gram: bool
    Q_full: np.ndarray = field(default_factory=lambda: np.empty((0, 0)))
    index: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    buffer: np.ndarray = field(default_factory=lambda: np.empty((0, 0)))
    slot_of: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    owner: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    cached: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    used: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    clock: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))


class KernelQ(QMatrix):
    """Q_ij = y_i y_j k(x_i, x_j), columns on demand in a least-recently-used cache.

    A cached column holds a prefix Q_{i,0..len−1} of its entries (those of
    the rows active when it was requested); a request for a longer prefix
    computes only the missing entries. The cache is one block of
    ``cache_bytes`` split into full-length slots (at least two); the least
    recently used column is evicted when a new one needs a slot. As in libsvm,
    :meth:`swap_index` swaps the two entries in every cached column, and drops
    a column that holds one of them but not the other.

    Parameters
    ----------
    kernel : Kernel
    X : ndarray of shape (l, n)
    y : ndarray of shape (l,)
        Labels in {−1, +1} (all ones gives the kernel matrix itself).
    cache_bytes : int
        Memory budget of the column cache.
    """

    def __init__(
        self, kernel: Kernel, X: np.ndarray, y: np.ndarray, cache_bytes: int
    ) -> None:
        _compile()
        m = X.shape[0]
        self.kernel = kernel
        self.m = m
        self.order = np.arange(m)  # position → index into X
        self.X = X
        self.y = np.array(y, dtype=np.float64)
        self.QD = np.array(kernel._diag(X), dtype=np.float64)
        self.n_evals = 0
        n_slots = min(m, max(2, int(cache_bytes) // (8 * max(m, 1))))
        self._buffer = np.empty((n_slots, m))
        self._slot_of = np.full(m, -1, dtype=np.int64)  # position → slot
        self._owner = np.full(n_slots, -1, dtype=np.int64)  # slot → position
        self._length = np.zeros(n_slots, dtype=np.int64)  # valid prefix
        self._used = np.full(n_slots, -1, dtype=np.int64)  # LRU clock
        self._clock = np.zeros(1, dtype=np.int64)  # uses so far
        self._Xp = X  # X in the current order, re-gathered after swaps
        self._state = kernel._prepare(X)
        self._stale = False

    @property
    def cached(self) -> list[int]:
        """Positions of the cached columns, least recently used first."""
        slots = np.flatnonzero(self._owner >= 0)
        slots = slots[np.argsort(self._used[slots], kind="stable")]
        return self._owner[slots].tolist()

    def get_QD(self) -> np.ndarray:
        return self.QD

    def get_Q(self, i: int, length: int) -> np.ndarray:
        self._clock[0] += 1
        slot, start = _cache_slot(
            self._slot_of, self._owner, self._length, self._used, self._clock[0], i
        )
        if start < length:
            self.fill(i, slot, start, length)
        return self._buffer[slot, :length]

    def fill(self, i: int, slot: int, start: int, stop: int) -> None:
        # Q_{i,t} = y_i y_t k(x_i, x_t) for the positions t in [start, stop).
        if self._stale:
            self._Xp = self.X[self.order]
            self._state = self.kernel._prepare(self._Xp)
            self._stale = False
        out = self._buffer[slot, start:stop]
        self.kernel._column(self._Xp, self._state, i, start, stop, out)
        _times_labels(out, self.y, self.QD, i, start)
        self.n_evals += stop - start
        self._length[slot] = stop

    def columns(self) -> Columns:
        return Columns(
            gram=False,
            buffer=self._buffer,
            slot_of=self._slot_of,
            owner=self._owner,
            cached=self._length,
            used=self._used,
            clock=self._clock,
        )

    def swap_index(self, i: int, j: int) -> None:
        self.swap_indices(np.array([[i, j]], dtype=np.int64))

    def swap_indices(self, pairs: np.ndarray) -> None:
        if pairs.shape[0] == 0:
            return
        _swap_cache(
            np.ascontiguousarray(pairs, dtype=np.int64),
            self.order,
            self.y,
            self.QD,
            self._buffer,
            self._slot_of,
            self._owner,
            self._length,
            self._used,
        )
        self._stale = True


class GramQ(QMatrix):
    """Q from a precomputed Gram matrix, on a subset of its points.

    Position t of the problem is point ``index[t]`` of the Gram matrix, so
    leaving point i out (leave-one-out) is ``index = [0, …, i−1, i+1, …]``:
    no (l − 1) × (l − 1) copy is made. Columns are gathered from the rows of
    ``Q_full = (y yᵀ) ∘ K``, computed once by the caller.

    Parameters
    ----------
    Q_full : ndarray of shape (L, L)
        y_a y_b k(x_a, x_b) for all points of the Gram matrix.
    diag : ndarray of shape (L,)
        k(x_a, x_a).
    index : ndarray of int of shape (l,)
        The points of the problem, in its order.
    """

    def __init__(self, Q_full: np.ndarray, diag: np.ndarray, index: np.ndarray):
        self.Q_full = Q_full
        self.index = np.array(index, dtype=np.int64)
        self.QD = np.array(diag[self.index], dtype=np.float64)
        self.n_evals = 0

    def get_QD(self) -> np.ndarray:
        return self.QD

    def get_Q(self, i: int, length: int) -> np.ndarray:
        return self.Q_full[self.index[i]].take(self.index[:length])

    def columns(self) -> Columns:
        Q_full = np.ascontiguousarray(self.Q_full, dtype=np.float64)
        return Columns(gram=True, Q_full=Q_full, index=self.index)

    def swap_index(self, i: int, j: int) -> None:
        index, QD = self.index, self.QD
        index[i], index[j] = index[j], index[i]
        QD[i], QD[j] = QD[j], QD[i]


def _times_labels(
    out: np.ndarray, y: np.ndarray, QD: np.ndarray, i: int, start: int
) -> None:
    """out_t ← y_i y_t out_t (t from ``start`` on); Q_ii = k(x_i, x_i) exactly.

    One branch-free pass (the compiler vectorizes it), then the diagonal entry.
    """
    yi = y[i]
    ys = y[start : start + out.shape[0]]
    for k in range(out.shape[0]):
        out[k] = yi * ys[k] * out[k]
    if start <= i < start + out.shape[0]:
        out[i - start] = QD[i]


def _cache_slot(
    slot_of: np.ndarray,
    owner: np.ndarray,
    length: np.ndarray,
    used: np.ndarray,
    clock: int,
    i: int,
) -> tuple[int, int]:
    """The slot of column i and its valid length (0 for a new slot).

    A column not in the cache takes a free slot or, if none is left, that of
    the least recently used column. The slot is marked used at ``clock``.
    """
    slot = slot_of[i]
    if slot < 0:
        slot = 0
        for s in range(used.shape[0]):  # a free slot (−1) or the LRU
            if used[s] < used[slot]:
                slot = s
        if owner[slot] >= 0:
            slot_of[owner[slot]] = -1
        owner[slot] = i
        slot_of[i] = slot
        length[slot] = 0
    used[slot] = clock
    return slot, length[slot]


def _swap_cache(
    pairs: np.ndarray,
    order: np.ndarray,
    y: np.ndarray,
    QD: np.ndarray,
    buffer: np.ndarray,
    slot_of: np.ndarray,
    owner: np.ndarray,
    length: np.ndarray,
    used: np.ndarray,
) -> None:
    """KernelQ.swap_index for each pair: the order, y, QD and the cache.

    First the positions (order, y, QD, and which slot holds which column),
    pair after pair; then each cached column, pair after pair: its entries i
    and j are swapped, and a column that holds entry i but not j is given up
    (then its owner, having followed the later swaps, loses its slot). The
    result is that of one pair at a time over every column (libsvm's
    ``swap_index``), with each column's swaps made while it is in the
    processor's cache.
    """
    n_pairs = pairs.shape[0]
    for p in range(n_pairs):
        i, j = pairs[p, 0], pairs[p, 1]
        order[i], order[j] = order[j], order[i]
        y[i], y[j] = y[j], y[i]
        QD[i], QD[j] = QD[j], QD[i]
        si, sj = slot_of[i], slot_of[j]
        slot_of[i], slot_of[j] = sj, si
        if sj >= 0:
            owner[sj] = i
        if si >= 0:
            owner[si] = j
    for s in range(owner.shape[0]):
        n = length[s]
        if n == 0:
            continue
        column = buffer[s]
        for p in range(n_pairs):
            i, j = pairs[p, 0], pairs[p, 1]
            if i > j:
                i, j = j, i
            if n > j:
                column[i], column[j] = column[j], column[i]
            elif n > i:  # holds entry i but not j: give the column up
                slot_of[owner[s]] = -1
                owner[s] = -1
                length[s] = 0
                used[s] = -1
                break


# --- the solver ---------------------------------------------------------------


def _in_up(y_t: float, status_t: int) -> bool:
    """t ∈ I_up(α): y_t α_t can grow (α_t < C if y_t = +1, α_t > 0 if −1)."""
    return status_t != UPPER if y_t > 0 else status_t != LOWER


def _in_low(y_t: float, status_t: int) -> bool:
    """t ∈ I_low(α): y_t α_t can shrink (α_t > 0 if y_t = +1, α_t < C if −1)."""
    return status_t != LOWER if y_t > 0 else status_t != UPPER


def _status(alpha_t: float, C: float) -> int:
    if alpha_t >= C:
        return UPPER
    if alpha_t <= 0.0:
        return LOWER
    return FREE


def _statuses(alpha: np.ndarray, C: float) -> np.ndarray:
    out = np.empty(alpha.shape[0], dtype=np.int8)
    for t in range(alpha.shape[0]):
        out[t] = _status(alpha[t], C)
    return out


def _select_i(
    y: np.ndarray, G: np.ndarray, status: np.ndarray, n: int
) -> tuple[int, float]:
    """i = argmax_{t∈I_up} −y_t G_t over the active prefix, and m(α) = that max.

    Ties go to the last index (libsvm's ``>=``); i = −1 when I_up is empty.
    """
    best, i = -np.inf, -1
    for t in range(n):
        if _in_up(y[t], status[t]):
            v = -y[t] * G[t]
            if v >= best:
                best, i = v, t
    return i, best


def _select_j(
    y: np.ndarray,
    G: np.ndarray,
    status: np.ndarray,
    QD: np.ndarray,
    Q_i: np.ndarray,
    i: int,
    gmax: float,
    n: int,
) -> tuple[int, float]:
    """Second-order j for the fixed i (WSS 3), and −M(α) = max_{I_low} y_t G_t.

    j minimizes −b_t²/a_t over t ∈ I_low with b_t = m(α) + y_t G_t > 0 and
    a_t = Q_ii + Q_tt − 2 y_i y_t Q_it (a_t ≤ 0 → τ); ties go to the last
    index. j = −1 when no t qualifies.
    """
    gmax2, j, best = -np.inf, -1, np.inf
    yi = y[i]
    for t in range(n):
        if _in_low(y[t], status[t]):
            v = y[t] * G[t]
            if v >= gmax2:
                gmax2 = v
            b = gmax + v
            if b > 0.0:
                a = QD[i] + QD[t] - 2.0 * yi * y[t] * Q_i[t]
                gain = -(b * b) / (a if a > 0.0 else TAU)
                if gain <= best:
                    best, j = gain, t
    return j, gmax2


def _select_single(
    y: np.ndarray, G: np.ndarray, status: np.ndarray, n: int
) -> tuple[int, float]:
    """The most violating variable without the equality constraint.

    v_t = −y_t G_t on I_up (α_t may move so that y_t α_t grows) and y_t G_t on
    I_low; returns argmax v_t (ties to the first) and max v_t.
    """
    best, i = -np.inf, -1
    for t in range(n):
        F = -y[t] * G[t]
        if _in_up(y[t], status[t]) and best < F:
            best, i = F, t
        if _in_low(y[t], status[t]) and best < -F:
            best, i = -F, t
    return i, best


def _pair_alphas(
    y: np.ndarray,
    G: np.ndarray,
    alpha: np.ndarray,
    QD: np.ndarray,
    Q_i: np.ndarray,
    i: int,
    j: int,
    C: float,
) -> tuple[float, float]:
    """Platt's step on (α_i, α_j), clipped to the box: the new (α_i, α_j).

    Along the direction that keeps yᵀα fixed, f is a parabola with curvature
    a = Q_ii + Q_jj − 2 y_i y_j Q_ij (a ≤ 0 → τ); its minimum is clipped to
    0 ≤ α ≤ C (libsvm's update with C_i = C_j = C).
    """
    yi, yj = y[i], y[j]
    ai, aj = alpha[i], alpha[j]
    quad = QD[i] + QD[j] - 2.0 * yi * yj * Q_i[j]
    if quad <= 0.0:
        quad = TAU
    if yi != yj:
        delta = (-G[i] - G[j]) / quad
        diff = ai - aj
        ai += delta
        aj += delta
        if diff > 0.0:
            if aj < 0.0:
                aj, ai = 0.0, diff
        elif ai < 0.0:
            ai, aj = 0.0, -diff
        if diff > 0.0:
            if ai > C:
                ai, aj = C, C - diff
        elif aj > C:
            aj, ai = C, C + diff
    else:
        delta = (G[i] - G[j]) / quad
        total = ai + aj
        ai -= delta
        aj += delta
        if total > C:
            if ai > C:
                ai, aj = C, total - C
            if aj > C:
                aj, ai = C, total - C
        else:
            if aj < 0.0:
                aj, ai = 0.0, total
            if ai < 0.0:
                ai, aj = 0.0, total
    return ai, aj


def _pair_step(
    G: np.ndarray,
    alpha: np.ndarray,
    status: np.ndarray,
    Q_i: np.ndarray,
    Q_j: np.ndarray,
    i: int,
    j: int,
    ai: float,
    aj: float,
    C: float,
    n: int,
) -> tuple[bool, bool]:
    """The step to (α_i, α_j) = (ai, aj) of :func:`_pair_alphas`, taken; G
    updated on the prefix.

    G_t += Q_ti Δα_i + Q_tj Δα_j. Returns whether α_i, α_j were at C before
    (for Ḡ).
    """
    di, dj = ai - alpha[i], aj - alpha[j]
    alpha[i], alpha[j] = ai, aj
    for t in range(n):
        G[t] += Q_i[t] * di + Q_j[t] * dj
    was_i, was_j = status[i] == UPPER, status[j] == UPPER
    status[i] = _status(ai, C)
    status[j] = _status(aj, C)
    return was_i, was_j


def _single_alpha(
    G: np.ndarray, alpha: np.ndarray, QD: np.ndarray, i: int, C: float
) -> float:
    """The new α_i without the equality constraint: clip(α_i − G_i / Q_ii, 0, C)."""
    quad = QD[i] if QD[i] > 0.0 else TAU
    return min(max(alpha[i] - G[i] / quad, 0.0), C)


def _single_step(
    G: np.ndarray,
    alpha: np.ndarray,
    status: np.ndarray,
    Q_i: np.ndarray,
    i: int,
    new: float,
    C: float,
    n: int,
) -> bool:
    """The step to α_i = ``new`` of :func:`_single_alpha`, taken."""
    d = new - alpha[i]
    alpha[i] = new
    for t in range(n):
        G[t] += Q_i[t] * d
    was = status[i] == UPPER
    status[i] = _status(new, C)
    return was


def _violations(
    y: np.ndarray, G: np.ndarray, status: np.ndarray, n: int
) -> tuple[float, float]:
    """(m(α), −M(α)) = (max_{I_up} −y_t G_t, max_{I_low} y_t G_t) on the prefix."""
    g1, g2 = -np.inf, -np.inf
    for t in range(n):
        if _in_up(y[t], status[t]) and -y[t] * G[t] > g1:
            g1 = -y[t] * G[t]
        if _in_low(y[t], status[t]) and y[t] * G[t] > g2:
            g2 = y[t] * G[t]
    return g1, g2


def _be_shrunk(y_t: float, G_t: float, status_t: int, g1: float, g2: float) -> bool:
    """A bounded variable that cannot join the next working set (libsvm).

    At a bound α_t can move one way only; it is shrunk when −y_t G_t lies
    beyond the extreme of the set it can serve: above m(α) for a member of
    I_low only, below M(α) for a member of I_up only.
    """
    if status_t == UPPER:
        return -G_t > (g1 if y_t > 0 else g2)
    if status_t == LOWER:
        return G_t > (g2 if y_t > 0 else g1)
    return False


def _shrink(
    y: np.ndarray,
    G: np.ndarray,
    alpha: np.ndarray,
    status: np.ndarray,
    G_bar: np.ndarray,
    active_set: np.ndarray,
    g1: float,
    g2: float,
    n: int,
) -> tuple[int, np.ndarray]:
    """Move the variables to shrink behind the active prefix (libsvm's swaps).

    Returns the new active size and the swaps made, for the Q-matrix.
    """
    pairs = np.empty((n, 2), dtype=np.int64)
    k = 0
    i = 0
    while i < n:
        if _be_shrunk(y[i], G[i], status[i], g1, g2):
            n -= 1
            while n > i:
                if not _be_shrunk(y[n], G[n], status[n], g1, g2):
                    for a in (y, G, alpha, G_bar):
                        a[i], a[n] = a[n], a[i]
                    status[i], status[n] = status[n], status[i]
                    active_set[i], active_set[n] = active_set[n], active_set[i]
                    pairs[k, 0], pairs[k, 1] = i, n
                    k += 1
                    break
                n -= 1
        i += 1
    return n, pairs[:k]


def _add_free(
    G_t: float, alpha: np.ndarray, status: np.ndarray, Q_t: np.ndarray, n: int
) -> float:
    """G_t + Σ_{s<n, α_s free} α_s Q_ts."""
    for s in range(n):
        if status[s] == FREE:
            G_t += alpha[s] * Q_t[s]
    return G_t


def _axpy(a: float, x: np.ndarray, out: np.ndarray, start: int) -> None:
    """out[start:] += a · x[start:]."""
    x_t, out_t = x[start : out.shape[0]], out[start:]
    for t in range(out_t.shape[0]):
        out_t[t] += a * x_t[t]


def _column(
    t: int,
    length: int,
    gram: bool,
    Q_full: np.ndarray,
    index: np.ndarray,
    scratch: np.ndarray,
    buffer: np.ndarray,
    slot_of: np.ndarray,
    cached: np.ndarray,
) -> tuple[bool, np.ndarray]:
    """Q_t on the first ``length`` positions, if it is at hand without Python.

    From a Gram matrix (:class:`GramQ`) always, gathered into ``scratch``; from
    a :class:`KernelQ` only when the cache holds that much of the column
    (``cached`` is each slot's valid length), as a view of its slot. Reading
    does not mark the column used: :func:`_touch` does, when the step is taken.
    """
    if gram:
        row = Q_full[index[t]]
        for k in range(length):
            scratch[k] = row[index[k]]
        return True, scratch[:length]
    slot = slot_of[t]
    if slot < 0 or cached[slot] < length:
        return False, scratch[:0]
    return True, buffer[slot, :length]


def _touch(
    t: int, gram: bool, slot_of: np.ndarray, used: np.ndarray, clock: np.ndarray
) -> None:
    """Mark cached column t used, as :meth:`KernelQ.get_Q` does."""
    if not gram:
        clock[0] += 1
        used[slot_of[t]] = clock[0]


#: Why the compiled loop (:func:`_run`) returned: it stopped before an
#: iteration that Python takes, the monitor is due, or it asks for a column.
_STOPPED, _MONITOR_DUE, _FILL = 0, 1, 2
#: Entries of the compiled loop's integer state: the shrinking counter, the
#: steps so far, how far the pending iteration got (0: nothing selected, 1: i
#: selected, 2: j too) and its i and j, and the column it asks for (position,
#: slot, the range of positions [start, stop) to compute).
_COUNTER, _N_ITER, _STAGE, _I, _J = 0, 1, 2, 3, 4
_FILL_T, _FILL_SLOT, _FILL_START, _FILL_STOP = 5, 6, 7, 8


def _want(
    t: int,
    length: int,
    slot_of: np.ndarray,
    owner: np.ndarray,
    cached: np.ndarray,
    used: np.ndarray,
    clock: np.ndarray,
    state: np.ndarray,
) -> int:
    """Ask Python for Q_t on the first ``length`` positions.

    Column t is marked used and given a slot as :meth:`KernelQ.get_Q` does
    (a column not cached takes a free slot or evicts the least recently used
    one), and the part the slot lacks is recorded in ``state`` for
    :meth:`QMatrix.fill`.
    """
    clock[0] += 1
    slot, start = _cache_slot(slot_of, owner, cached, used, clock[0], t)
    state[_FILL_T], state[_FILL_SLOT] = t, slot
    state[_FILL_START], state[_FILL_STOP] = start, length
    return _FILL


def _run(
    y: np.ndarray,
    G: np.ndarray,
    alpha: np.ndarray,
    status: np.ndarray,
    QD: np.ndarray,
    G_bar: np.ndarray,
    has_G_bar: bool,
    C: float,
    tol: float,
    bias: bool,
    n: int,
    m: int,
    state: np.ndarray,
    gmax_kept: np.ndarray,
    max_iter: int,
    check_every: int,
    gram: bool,
    Q_full: np.ndarray,
    index: np.ndarray,
    scratch_i: np.ndarray,
    scratch_j: np.ndarray,
    buffer: np.ndarray,
    slot_of: np.ndarray,
    owner: np.ndarray,
    cached: np.ndarray,
    used: np.ndarray,
    clock: np.ndarray,
) -> int:
    """The iterations of :func:`solve` between two shrinking passes, compiled.

    Takes whole iterations (select, step, Ḡ) exactly as :func:`solve`'s loop
    does, with the same arithmetic and the same uses of the column cache. It
    stops *before* an iteration that Python takes: shrinking is due, the
    active prefix is optimal, or ``max_iter`` steps are taken
    (returns ``_STOPPED``), and after a step at which the monitor is due
    (``_MONITOR_DUE``, when ``check_every`` > 0). When an iteration needs a
    column that the cache lacks (or holds too short), it marks the columns
    the iteration has used so far, then that one, as :meth:`KernelQ.get_Q`
    would (:func:`_want`), and returns ``_FILL``: the caller computes the
    column (:meth:`QMatrix.fill`) and calls again, and the iteration resumes
    where it stopped, with the working set selected before (``state`` and
    ``gmax_kept`` keep it; nothing else has changed). Marking a column used
    again before resuming changes no order of the least-recently-used cache.
    ``state`` holds the counters (see ``_COUNTER`` …), updated in place.
    """
    counter, n_iter, stage = state[_COUNTER], state[_N_ITER], state[_STAGE]
    code = _STOPPED
    while n_iter < max_iter and counter != 1:
        if stage == 0:
            if bias:
                i, gmax = _select_i(y, G, status, n)
                if i < 0:
                    break
            else:
                i, gmax = _select_single(y, G, status, n)
                if i < 0 or gmax < tol:
                    break
            state[_I], gmax_kept[0], stage = i, gmax, 1
        i, gmax = state[_I], gmax_kept[0]
        ok, Q_i = _column(i, n, gram, Q_full, index, scratch_i, buffer, slot_of, cached)
        if not ok:
            code = _want(i, n, slot_of, owner, cached, used, clock, state)
            break
        if bias:
            if stage == 1:
                j, gmax2 = _select_j(y, G, status, QD, Q_i, i, gmax, n)
                if j < 0 or gmax + gmax2 < tol:
                    stage = 0
                    break
                state[_J], stage = j, 2
            j = state[_J]
            ok, Q_j = _column(
                j, n, gram, Q_full, index, scratch_j, buffer, slot_of, cached
            )
            if not ok:
                _touch(i, gram, slot_of, used, clock)
                code = _want(j, n, slot_of, owner, cached, used, clock, state)
                break
            ai, aj = _pair_alphas(y, G, alpha, QD, Q_i, i, j, C)
        else:
            j, Q_j = -1, Q_i
            ai, aj = _single_alpha(G, alpha, QD, i, C), 0.0
        # Ḡ changes when α_i (α_j) reaches or leaves C: its whole column,
        # which solve's loop asks for after the step (as the last uses).
        bar_i = has_G_bar and (status[i] == UPPER) != (_status(ai, C) == UPPER)
        bar_j = (
            has_G_bar and j >= 0 and (status[j] == UPPER) != (_status(aj, C) == UPPER)
        )
        if bar_i and not gram and cached[slot_of[i]] < m:
            _touch(i, gram, slot_of, used, clock)
            if bias:
                _touch(j, gram, slot_of, used, clock)
            code = _want(i, m, slot_of, owner, cached, used, clock, state)
            break
        if bar_j and not gram and cached[slot_of[j]] < m:
            _touch(i, gram, slot_of, used, clock)
            _touch(j, gram, slot_of, used, clock)
            if bar_i:
                _touch(i, gram, slot_of, used, clock)
            code = _want(j, m, slot_of, owner, cached, used, clock, state)
            break
        # The iteration is taken, in the order of solve's loop.
        stage = 0
        counter -= 1
        n_iter += 1
        _touch(i, gram, slot_of, used, clock)
        if bias:
            _touch(j, gram, slot_of, used, clock)
            was_i, was_j = _pair_step(G, alpha, status, Q_i, Q_j, i, j, ai, aj, C, n)
        else:
            was_i, was_j = _single_step(G, alpha, status, Q_i, i, ai, C, n), False
        for t, bar, was in ((i, bar_i, was_i), (j, bar_j, was_j)):
            if bar:
                _touch(t, gram, slot_of, used, clock)
                _, Q_t = _column(
                    t, m, gram, Q_full, index, scratch_i, buffer, slot_of, cached
                )
                _axpy((-1.0 if was else 1.0) * C, Q_t, G_bar, 0)
        if check_every > 0 and n_iter % check_every == 0:
            code = _MONITOR_DUE
            break
    if code != _FILL:
        stage = 0  # the caller takes the iteration from its start
    state[_COUNTER], state[_N_ITER], state[_STAGE] = counter, n_iter, stage
    return code


#: The functions above that numba compiles, callees before their callers.
_COMPILED = (
    "_in_up",
    "_in_low",
    "_status",
    "_be_shrunk",
    "_statuses",
    "_select_i",
    "_select_j",
    "_select_single",
    "_pair_alphas",
    "_pair_step",
    "_single_alpha",
    "_single_step",
    "_violations",
    "_shrink",
    "_add_free",
    "_axpy",
    "_times_labels",
    "_cache_slot",
    "_swap_cache",
    "_column",
    "_touch",
    "_want",
    "_run",
)
_compiled = False


def _compile() -> None:
    """Replace the loops above by their numba versions, once per process.

    numba is imported only here, at the first fit, so that importing
    kernelboost costs nothing for it. ``cache=True`` keeps the machine code
    in ``__pycache__``: only the first process ever compiles (a few seconds);
    later ones load it (a fraction of a second, once). Setting the
    environment variable ``NUMBA_DISABLE_JIT=1`` runs the same functions as
    plain Python, for debugging (slowly).
    """
    global _compiled
    if _compiled:
        return
    from numba import njit

    namespace = globals()
    for name in _COMPILED:
        namespace[name] = njit(cache=True)(namespace[name])
    _compiled = True


@dataclass
class SMOResult:
    """What :func:`solve` returns; arrays in the caller's order.

    Attributes
    ----------
    alpha : ndarray of shape (l,)
    G : ndarray of shape (l,)
        ∇f(α) = Qα − e, complete (no shrunk entries).
    n_iter : int
        SMO steps.
    converged : bool
        The gap fell below ``tol`` before ``max_iter`` steps.
    """

    alpha: np.ndarray
    G: np.ndarray
    n_iter: int
    converged: bool


class _Solver:
    """libsvm's ``Solver`` state: α, G, Ḡ, statuses, the active prefix."""

    def __init__(
        self,
        Q: QMatrix,
        y: np.ndarray,
        C: float,
        alpha: np.ndarray,
        G: np.ndarray,
    ) -> None:
        self.Q = Q
        self.QD = Q.get_QD()
        self.m = y.shape[0]
        self.y = np.array(y, dtype=np.float64)
        self.C = float(C)
        self.alpha = np.array(alpha, dtype=np.float64)
        self.G = np.array(G, dtype=np.float64)
        self.status = _statuses(self.alpha, self.C)
        self.active_set = np.arange(self.m)
        self.n = self.m  # active size
        self.G_bar: np.ndarray | None = None  # built at the first shrinking
        self.unshrunk = False

    def init_G_bar(self) -> None:
        """Ḡ_t = C Σ_{α_s = C} Q_ts, the gradient part of the bounded α."""
        G_bar = np.zeros(self.m)
        for s in np.flatnonzero(self.status == UPPER).tolist():
            _axpy(self.C, self.Q.get_Q(s, self.m), G_bar, 0)
        self.G_bar = G_bar

    def update_G_bar(self, t: int, was_upper: bool) -> None:
        """Keep Ḡ when α_t reaches or leaves C."""
        if self.G_bar is None or was_upper == (self.status[t] == UPPER):
            return
        sign = -1.0 if was_upper else 1.0
        _axpy(sign * self.C, self.Q.get_Q(t, self.m), self.G_bar, 0)

    def reconstruct_gradient(self) -> None:
        """G_t = Ḡ_t − 1 + Σ_{free s} α_s Q_ts for the shrunk t (libsvm)."""
        n, m = self.n, self.m
        if n == m:
            return
        G, alpha, status, Q = self.G, self.alpha, self.status, self.Q
        G[n:] = self.G_bar[n:] - 1.0
        free = np.flatnonzero(status[:n] == FREE)
        if free.size * m > 2 * n * (m - n):
            for t in range(n, m):
                G[t] = _add_free(G[t], alpha, status, Q.get_Q(t, n), n)
        else:
            for s in free.tolist():
                _axpy(alpha[s], Q.get_Q(s, m), G, n)

    def shrink(self, tol: float, bias: bool) -> None:
        """libsvm's ``do_shrinking``, with its one un-shrinking at 10·tol."""
        y, G, status = self.y, self.G, self.status
        g1, g2 = _violations(y, G, status, self.n)
        if not bias:
            g1, g2 = max(g1, 0.0), max(g2, 0.0)
        if self.G_bar is None:
            self.init_G_bar()
        if not self.unshrunk and _gap(g1, g2, bias) <= 10.0 * tol:
            self.unshrunk = True
            self.reconstruct_gradient()
            self.n = self.m
        self.n, pairs = _shrink(
            y, G, self.alpha, status, self.G_bar, self.active_set, g1, g2, self.n
        )
        self.Q.swap_indices(pairs)

    def select(self, bias: bool, tol: float) -> tuple[int, int, np.ndarray | None]:
        """The working set, or (−1, −1, None) when the prefix is optimal.

        With the bias: (i, j, Q_i) by WSS 3. Without: (t, −1, None).
        """
        y, G, status, n = self.y, self.G, self.status, self.n
        if not bias:
            t, v = _select_single(y, G, status, n)
            return (t, -1, None) if t >= 0 and v >= tol else (-1, -1, None)
        i, gmax = _select_i(y, G, status, n)
        if i < 0:
            return -1, -1, None
        Q_i = self.Q.get_Q(i, n)
        j, gmax2 = _select_j(y, G, status, self.QD, Q_i, i, gmax, n)
        if j < 0 or gmax + gmax2 < tol:
            return -1, -1, None
        return i, j, Q_i

    def step(self, i: int, j: int, Q_i: np.ndarray | None, bias: bool) -> None:
        """One SMO step on the working set {i, j} ({i} without the bias).

        ``Q_i`` is the column that :meth:`select` read (``None`` without bias).
        """
        Q, n, G, alpha, C = self.Q, self.n, self.G, self.alpha, self.C
        if not bias:
            new = _single_alpha(G, alpha, self.QD, i, C)
            was = _single_step(G, alpha, self.status, Q.get_Q(i, n), i, new, C, n)
            self.update_G_bar(i, was)
            return
        Q_j = Q.get_Q(j, n)  # Q_i stays valid: the cache keeps two columns
        ai, aj = _pair_alphas(self.y, G, alpha, self.QD, Q_i, i, j, C)
        was_i, was_j = _pair_step(G, alpha, self.status, Q_i, Q_j, i, j, ai, aj, C, n)
        self.update_G_bar(i, was_i)
        self.update_G_bar(j, was_j)


def _compiled_run(
    s: _Solver, Q: QMatrix, tol: float, bias: bool, max_iter: int, monitored: bool
) -> Callable[[int, int], tuple[int, int, bool]] | None:
    """The compiled loop (:func:`_run`) on the solver ``s``, as a function of
    (counter, steps) returning (counter, steps, monitor due); it computes the
    columns the loop asks for (:meth:`QMatrix.fill`) and lets it resume. None
    when ``Q`` offers no :class:`Columns`."""
    columns = Q.columns()
    if columns is None:
        return None
    state = np.zeros(9, dtype=np.int64)
    gmax_kept = np.zeros(1)
    scratch_i, scratch_j = np.empty(s.m), np.empty(s.m)
    no_G_bar = np.empty(0)
    fill = Q.fill

    def run(counter: int, n_iter: int) -> tuple[int, int, bool]:
        state[_COUNTER], state[_N_ITER] = counter, n_iter
        args = (
            s.y, s.G, s.alpha, s.status, s.QD,
            no_G_bar if s.G_bar is None else s.G_bar, s.G_bar is not None,
            s.C, tol, bias, s.n, s.m, state, gmax_kept, max_iter,
            CHECK_EVERY if monitored else 0,
            columns.gram, columns.Q_full, columns.index, scratch_i, scratch_j,
            columns.buffer, columns.slot_of, columns.owner, columns.cached,
            columns.used, columns.clock,
        )  # fmt: skip
        code = _run(*args)
        while code == _FILL:
            t, slot, start, stop = state[_FILL_T : _FILL_STOP + 1].tolist()
            fill(t, slot, start, stop)
            code = _run(*args)
        return int(state[_COUNTER]), int(state[_N_ITER]), code == _MONITOR_DUE

    return run


def _gap(g1: float, g2: float, bias: bool) -> float:
    """m(α) − M(α) = g1 + g2 with the bias; the largest violation without."""
    return g1 + g2 if bias else max(g1, g2)


def solve(
    Q: QMatrix,
    y: np.ndarray,
    C: float,
    tol: float,
    alpha: np.ndarray,
    G: np.ndarray,
    *,
    max_iter: int,
    shrinking: bool = True,
    bias: bool = True,
    monitor: Callable[[np.ndarray, np.ndarray, int], None] | None = None,
) -> SMOResult:
    """Minimize ½αᵀQα − eᵀα over 0 ≤ α ≤ C (and yᵀα = 0 if ``bias``) by SMO.

    libsvm's ``Solver::Solve``: every ``min(l, 1000)`` steps shrink (if
    ``shrinking``); select the working set on the active prefix; when the
    prefix is optimal, rebuild the full gradient and select again on all
    variables, stopping if they are optimal too; else take the step.

    Parameters
    ----------
    Q : QMatrix
        Its positions must be in the order of ``y``; it is permuted in place.
    y : ndarray of shape (l,)
        Labels in {−1, +1}.
    C : float
        Box constraint (``inf`` for the hard margin).
    tol : float
        Stop when m(α) − M(α) < tol (the largest violation, without bias).
    alpha : ndarray of shape (l,)
        A feasible start (not modified).
    G : ndarray of shape (l,)
        Qα − e at the start (not modified).
    max_iter : int
        Cap on SMO steps.
    shrinking : bool, default=True
    bias : bool, default=True
        ``False``: no equality constraint, one variable per step.
    monitor : callable (alpha, G, n_iter) -> None, optional
        Called every :data:`CHECK_EVERY` steps with the active α and G (e.g.
        to stop a hard-margin SVM on inseparable data by raising).

    Returns
    -------
    SMOResult
    """
    _compile()
    s = _Solver(Q, y, C, alpha, G)
    m = s.m
    n_iter = 0
    counter = min(m, SHRINK_EVERY) + 1
    converged = False
    run = _compiled_run(s, Q, tol, bias, max_iter, monitor is not None)
    while n_iter < max_iter:
        if run is not None:
            # As many iterations as the compiled loop can take, then one here.
            counter, n_iter, due = run(counter, n_iter)
            if due:
                monitor(s.alpha[: s.n], s.G[: s.n], n_iter)
                continue
            if n_iter >= max_iter:
                break
        counter -= 1
        if counter == 0:
            counter = min(m, SHRINK_EVERY)
            if shrinking:
                s.shrink(tol, bias)
        i, j, Q_i = s.select(bias, tol)
        if i < 0:
            s.reconstruct_gradient()
            s.n = m
            i, j, Q_i = s.select(bias, tol)
            if i < 0:
                converged = True
                break
            counter = 1  # shrink at the next step
        n_iter += 1
        s.step(i, j, Q_i, bias)
        if monitor is not None and n_iter % CHECK_EVERY == 0:
            monitor(s.alpha[: s.n], s.G[: s.n], n_iter)
    if not converged:
        s.reconstruct_gradient()
        s.n = m
    alpha_out = np.empty(m)
    G_out = np.empty(m)
    alpha_out[s.active_set] = s.alpha
    G_out[s.active_set] = s.G
    return SMOResult(alpha_out, G_out, n_iter, converged)


def rho(alpha: np.ndarray, G: np.ndarray, y: np.ndarray, C: float) -> float:
    """ρ = −b (libsvm's ``calculate_rho``).

    The KKT conditions give y_t G_t = ρ for every free α_t; ρ is their mean.
    Without a free α they only bound ρ: max over the lower-bound side
    (y_t G_t of t ∈ I_low only) ≤ ρ ≤ min over the upper-bound side
    (t ∈ I_up only); ρ is the midpoint.
    """
    yG = y * G
    free = (alpha > 0) & (alpha < C)
    if free.any():
        return float(yG[free].mean())
    at_upper = alpha >= C
    at_lower = alpha <= 0
    ub_mask = (at_upper & (y < 0)) | (at_lower & (y > 0))
    lb_mask = (at_upper & (y > 0)) | (at_lower & (y < 0))
    ub = float(yG[ub_mask].min()) if ub_mask.any() else math.inf
    lb = float(yG[lb_mask].max()) if lb_mask.any() else -math.inf
    return (ub + lb) / 2.0
