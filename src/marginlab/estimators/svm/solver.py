"""The compiled half of :mod:`.smo`: libsvm's ``Solver::Solve`` loop and its ``Cache``.

:func:`run` is the SMO loop, the only one: select the working set (WSS 3),
take the step, keep G and Ḡ, shrink, rebuild the gradient. It reads every
column Q_t of the Q-matrix through a :class:`Cache` (libsvm's ``Cache``),
at one place (the point ``_FETCH``, libsvm's ``get_Q``). A column the cache
lacks is gathered there from a :class:`Gram` matrix, or else computed by
Python: the loop takes the column's slot as ``Cache::get_data`` does,
records what is missing (:meth:`Solver.fill_request`) and returns
:data:`FILL`; Python computes the column (``QMatrix.fill``, the kernel's
numpy code) and calls :func:`run` again, which resumes where it stopped.
It also returns to Python for the Q-matrix's swaps after shrinking
(:data:`SWAP`) and for the monitor of :func:`.smo.solve` (:data:`MONITOR`).

Resuming: the loop is a sequence of points (``_TOP``, ``_SELECT``, …, in
``reg[_AT]``); everything it must remember across a return (the working
set, the variable a pass over the variables has reached, the column asked
for, the point to go to next) is in the solver's integer and real registers
(:class:`Solver`). A column request is repeated when the loop resumes; the
repeat finds the column and marks it used once more, which changes no order
of the least-recently-used cache (it was the most recent already), so every
column is computed exactly where and as far as one pass of libsvm's loop
would compute it.

This module imports numba and compiles every function where it is defined
(``njit(cache=True)``: the machine code is kept in ``__pycache__``, so only
the first process ever compiles, a few seconds; numba's cache checks only
the file of a function, so all the compiled code is in this one file).
:mod:`.smo` imports it at the first fit, so that importing marginlab does
not load numba. ``NUMBA_DISABLE_JIT=1`` runs the same functions as Python,
slowly, for debugging, with the same numbers to the last bit. Python passes
the named tuples to :func:`run` as plain tuples (numba accepts those
faster), and :func:`run` takes them apart once: the points of the loop are
branches of that one function, and the functions it calls take arrays,
because numba counts references to every array of a tuple argument at each
call (atomic increments and decrements); with the points as functions of
the tuples, a step took twice the time at a few dozen variables.

The claims atlas runs this loop in the page, as ``pipeline/site/assets/smo.js``
(its twin, a port step for step, which ``tests/js/smo.test.mjs`` checks against
golden traces of the library). A change of a step must be made in both, and the
goldens written again: ``python tests/js/make_golden.py``.

References
----------
C.-C. Chang and C.-J. Lin, "LIBSVM: a library for support vector machines",
ACM TIST 2 (2011), ``svm.cpp``: ``Cache``, ``Solver::Solve``,
``select_working_set``, ``do_shrinking``, ``reconstruct_gradient``.
R.-E. Fan, P.-H. Chen and C.-J. Lin, "Working set selection using second
order information for training support vector machines", JMLR 6 (2005).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

#: How the functions below are compiled, where they are defined: the machine
#: code is kept in ``__pycache__``; no C callback wrapper (nothing here is
#: passed as a function pointer), which numba would otherwise also compile.
_jit = njit(cache=True, no_cfunc_wrapper=True)

#: a_t ≤ 0 (a non-PSD kernel, or duplicate points) is replaced by τ.
TAU = 1e-12
#: α_t status codes (libsvm's alpha_status).
LOWER, UPPER, FREE = 0, 1, 2
#: Steps between two shrinking passes (at most; libsvm's counter).
SHRINK_EVERY = 1000


# --- the kernel-column cache (libsvm's Cache) -----------------------------------------


class Cache(NamedTuple):
    """Columns of Q in a least-recently-used cache of full-length slots.

    libsvm's ``Cache``, with the slots of one preallocated block instead of
    a linked list: a cached column holds a prefix Q_{t,0..len−1} (the rows
    active when it was asked for) and is extended, not recomputed, when a
    longer prefix is asked for; the least recently used column gives up its
    slot when a new column needs one. Indices are the solver's positions.

    Attributes
    ----------
    buffer : ndarray of shape (n_slots, l)
        The slots.
    slot_of : ndarray of int of shape (l,)
        Slot of each position's column, −1 if not cached.
    owner : ndarray of int of shape (n_slots,)
        Position whose column a slot holds, −1 if free.
    length : ndarray of int of shape (n_slots,)
        Valid prefix of each slot.
    used : ndarray of int of shape (n_slots,)
        Clock of each slot's last use, −1 if free.
    clock : ndarray of int of shape (1,)
        Uses so far.
    """

    buffer: np.ndarray
    slot_of: np.ndarray
    owner: np.ndarray
    length: np.ndarray
    used: np.ndarray
    clock: np.ndarray

    @classmethod
    def empty(cls, n_slots: int, l: int) -> Cache:  # noqa: E741 (libsvm's l)
        """A cache of ``n_slots`` free slots for columns of length ``l``."""
        return cls(
            np.empty((n_slots, l)),
            np.full(l, -1, dtype=np.int64),
            np.full(n_slots, -1, dtype=np.int64),
            np.zeros(n_slots, dtype=np.int64),
            np.full(n_slots, -1, dtype=np.int64),
            np.zeros(1, dtype=np.int64),
        )

    def get_data(self, t: int, stop: int) -> tuple[int, int]:
        """:func:`get_data` on this cache."""
        return get_data(*self[1:], t, stop)

    def swap_index(self, pairs: np.ndarray) -> None:
        """:func:`swap_index` on this cache."""
        swap_index(*self[:5], np.ascontiguousarray(pairs, dtype=np.int64))

    def positions(self) -> list[int]:
        """Positions of the cached columns, least recently used first."""
        slots = np.flatnonzero(self.owner >= 0)
        slots = slots[np.argsort(self.used[slots], kind="stable")]
        return self.owner[slots].tolist()


@_jit
def get_data(
    slot_of: np.ndarray,
    owner: np.ndarray,
    length: np.ndarray,
    used: np.ndarray,
    clock: np.ndarray,
    t: int,
    stop: int,
) -> tuple[int, int]:
    """Column t's slot, and where what the caller must compute starts.

    libsvm's ``Cache::get_data`` on the arrays of a :class:`Cache`: the
    column is marked used; a column not cached takes a free slot or that of
    the least recently used column. The slot is then recorded as holding
    Q_{t,0..stop−1} (or more, if it did): the caller computes the positions
    [start, stop) when start < stop.
    """
    clock[0] += 1
    slot = slot_of[t]
    if slot < 0:
        slot = 0
        for s in range(used.shape[0]):  # a free slot (−1) or the LRU
            if used[s] < used[slot]:
                slot = s
        if owner[slot] >= 0:
            slot_of[owner[slot]] = -1
        owner[slot] = t
        slot_of[t] = slot
        length[slot] = 0
    used[slot] = clock[0]
    start = length[slot]
    if start < stop:
        length[slot] = stop
    return slot, start


@_jit
def swap_index(
    buffer: np.ndarray,
    slot_of: np.ndarray,
    owner: np.ndarray,
    length: np.ndarray,
    used: np.ndarray,
    pairs: np.ndarray,
) -> None:
    """libsvm's ``Cache::swap_index`` for each pair (i, j) of ``pairs``, in
    order, on the arrays of a :class:`Cache`.

    First which slot holds which column, pair after pair; then each cached
    column, pair after pair: its entries i and j are swapped, and a column
    that holds entry i but not j is given up (then its owner, having
    followed the later swaps, loses its slot). The result is that of one
    pair at a time over every column, with each column's swaps made while
    it is in the processor's cache.
    """
    n_pairs = pairs.shape[0]
    for p in range(n_pairs):
        i, j = pairs[p, 0], pairs[p, 1]
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


@_jit
def swap_entries(pairs: np.ndarray, a: np.ndarray) -> None:
    """Exchange a_i and a_j for each pair (i, j) of ``pairs``, in order (a
    Q-matrix's own arrays by position: the order of the points, y, Q_tt)."""
    for p in range(pairs.shape[0]):
        i, j = pairs[p, 0], pairs[p, 1]
        a[i], a[j] = a[j], a[i]


@_jit
def times_labels(
    out: np.ndarray, y: np.ndarray, QD: np.ndarray, i: int, start: int
) -> None:
    """out_t ← y_i y_t out_t (t from ``start`` on); Q_ii = k(x_i, x_i) exactly.

    Turns kernel values k(x_i, x_t) into Q_it in one branch-free pass (the
    compiler vectorizes it), then sets the diagonal entry.
    """
    yi = y[i]
    ys = y[start : start + out.shape[0]]
    for k in range(out.shape[0]):
        out[k] = yi * ys[k] * out[k]
    if start <= i < start + out.shape[0]:
        out[i - start] = QD[i]


# --- where the columns come from ------------------------------------------------------


class Gram(NamedTuple):
    """A precomputed Q, from which the loop fills its cache without Python
    (:class:`.smo.GramQ`).

    Attributes
    ----------
    Q_full : ndarray of shape (L, L)
        y_a y_b k(x_a, x_b) for all points of the Gram matrix; shape (0, 0)
        for none (Python fills the cache).
    index : ndarray of int of shape (l,)
        The point of each position (the Q-matrix keeps it current).
    """

    Q_full: np.ndarray
    index: np.ndarray

    @classmethod
    def none(cls) -> Gram:
        """No Gram matrix: Python fills the cache."""
        return cls(np.empty((0, 0)), np.empty(0, dtype=np.int64))


class Columns(NamedTuple):
    """What a Q-matrix gives the loop to read its columns from: its
    :class:`Cache`, and the :class:`Gram` matrix that fills it (or none:
    then Python does, by ``QMatrix.fill``)."""

    cache: Cache
    gram: Gram

    def args(self) -> tuple[tuple, tuple]:
        """The plain tuples that :func:`run` takes."""
        return tuple(self.cache), tuple(self.gram)


@_jit
def _gather(
    Q_full: np.ndarray,
    index: np.ndarray,
    t: int,
    start: int,
    stop: int,
    out: np.ndarray,
) -> None:
    """out_u = Q_tu = Q_full[index_t, index_u] for the positions u in [start, stop)."""
    row, to, at = Q_full[index[t]], out[start:stop], index[start:stop]
    for k in range(to.shape[0]):
        to[k] = row[at[k]]


# --- the solver's state ---------------------------------------------------------------

#: Entries of the integer registers (:attr:`Solver.reg`): the active size n,
#: the shrinking counter, the steps so far; where the loop is; the column
#: asked for (position t, its slot, positions [start, stop) missing) and
#: where to go once it is there; where to go after the gradient's rebuild;
#: how far a pass over the variables has got (−1: not started) and the
#: rebuild's way; the working set, whether α_i and α_j were at C before the
#: step, which of them Ḡ is kept for (0, 1); whether the working set is
#: selected again after a rebuild, Ḡ is built, the un-shrinking is done, the
#: solver converged; the swaps to hand to the Q-matrix.
(
    _N, _COUNTER, _N_ITER, _AT, _T, _SLOT, _START, _STOP, _THEN, _AFTER, _CURSOR,
    _BY_ROWS, _I, _J, _WAS_I, _WAS_J, _K, _AGAIN, _HAS_G_BAR, _UNSHRUNK, _CONVERGED,
    _N_PAIRS,
) = range(22)  # fmt: skip
#: Entries of the real registers (:attr:`Solver.val`): m(α) of the working
#: set; (m(α), −M(α)) when shrinking.
_GMAX, _G1, _G2 = range(3)

#: Points of the loop (``reg[_AT]``).
(
    _FETCH, _TOP, _BUILD_G_BAR, _ADD_TO_G_BAR, _UNSHRINK, _DO_SHRINK, _SELECT,
    _SELECT_J, _OPTIMAL, _SELECTED, _TAKE_STEP, _UPDATE_G_BAR, _STEP_TO_G_BAR,
    _RECONSTRUCT, _RECONSTRUCT_ADD, _FINISH,
) = range(16)  # fmt: skip

#: Why :func:`run` returned: the solver is done, it asks for a column
#: (:meth:`Solver.fill_request`), for the swaps of shrinking
#: (:meth:`Solver.swaps`), or the monitor is due.
DONE, FILL, SWAP, MONITOR = 0, 1, 2, 3


class Solver(NamedTuple):
    """libsvm's ``Solver`` state, in the solver's order of the variables.

    :func:`run` takes the fields apart in this order.

    Attributes
    ----------
    y, G, alpha : ndarray of shape (l,)
        Labels, the gradient G = Qα − e, α.
    status : ndarray of int8 of shape (l,)
        ``LOWER``, ``UPPER`` or ``FREE``.
    QD : ndarray of shape (l,)
        Q_tt, the Q-matrix's own array (its swaps permute it).
    G_bar : ndarray of shape (l,)
        Ḡ_t = C Σ_{α_s = C} Q_ts, built at the first shrinking.
    active_set : ndarray of int of shape (l,)
        The caller's index of each position.
    pairs : ndarray of int of shape (l, 2)
        The swaps of the last shrinking pass.
    reg, val : ndarray of int, ndarray of float
        Integer and real registers (``_N`` …, ``_GMAX`` …).
    C, tol : float
    bias, shrinking : bool
    max_iter : int
    check_every : int
        Steps between two calls of the monitor; 0 for none.
    """

    y: np.ndarray
    G: np.ndarray
    alpha: np.ndarray
    status: np.ndarray
    QD: np.ndarray
    G_bar: np.ndarray
    active_set: np.ndarray
    pairs: np.ndarray
    reg: np.ndarray
    val: np.ndarray
    C: float
    tol: float
    bias: bool
    shrinking: bool
    max_iter: int
    check_every: int

    @classmethod
    def start(
        cls,
        QD: np.ndarray,
        y: np.ndarray,
        C: float,
        tol: float,
        alpha: np.ndarray,
        G: np.ndarray,
        *,
        max_iter: int,
        shrinking: bool,
        bias: bool,
        check_every: int,
    ) -> Solver:
        """The state before the first step, from a feasible α and G = Qα − e."""
        l = y.shape[0]  # noqa: E741 (libsvm's l)
        alpha = np.array(alpha, dtype=np.float64)
        reg = np.zeros(_N_PAIRS + 1, dtype=np.int64)
        reg[_N] = l
        reg[_COUNTER] = min(l, SHRINK_EVERY) + 1
        reg[_AT] = _TOP
        reg[_CURSOR] = -1
        return cls(
            np.array(y, dtype=np.float64),
            np.array(G, dtype=np.float64),
            alpha,
            _statuses(alpha, float(C)),
            QD,
            np.zeros(l),
            np.arange(l),
            np.empty((l, 2), dtype=np.int64),
            reg,
            np.zeros(_G2 + 1),
            float(C),
            float(tol),
            bool(bias),
            bool(shrinking),
            int(max_iter),
            int(check_every),
        )

    def active_size(self) -> int:
        return int(self.reg[_N])

    def n_iter(self) -> int:
        return int(self.reg[_N_ITER])

    def converged(self) -> bool:
        return bool(self.reg[_CONVERGED])

    def fill_request(self) -> list[int]:
        """[t, slot, start, stop]: compute Q_{t, start..stop−1} into ``slot``."""
        return self.reg[_T : _STOP + 1].tolist()

    def swaps(self) -> np.ndarray:
        """The pairs of positions the last shrinking pass exchanged."""
        return self.pairs[: self.reg[_N_PAIRS]]


def _statuses(alpha: np.ndarray, C: float) -> np.ndarray:
    """libsvm's alpha_status of each α_t: ``UPPER`` if α_t ≥ C, else ``LOWER``
    if α_t ≤ 0, else ``FREE``."""
    status = np.full(alpha.shape[0], FREE, dtype=np.int8)
    status[alpha <= 0.0] = LOWER
    status[alpha >= C] = UPPER
    return status


# --- the steps of the loop ------------------------------------------------------------


@_jit
def _in_up(y_t: float, status_t: int) -> bool:
    """t ∈ I_up(α): y_t α_t can grow (α_t < C if y_t = +1, α_t > 0 if −1)."""
    return status_t != UPPER if y_t > 0 else status_t != LOWER


@_jit
def _in_low(y_t: float, status_t: int) -> bool:
    """t ∈ I_low(α): y_t α_t can shrink (α_t > 0 if y_t = +1, α_t < C if −1)."""
    return status_t != LOWER if y_t > 0 else status_t != UPPER


@_jit
def _status(alpha_t: float, C: float) -> int:
    if alpha_t >= C:
        return UPPER
    if alpha_t <= 0.0:
        return LOWER
    return FREE


@_jit
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


@_jit
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


@_jit
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


@_jit
def _pair_step(
    y: np.ndarray,
    G: np.ndarray,
    alpha: np.ndarray,
    status: np.ndarray,
    QD: np.ndarray,
    Q_i: np.ndarray,
    Q_j: np.ndarray,
    i: int,
    j: int,
    C: float,
    n: int,
) -> tuple[bool, bool]:
    """Platt's step on (α_i, α_j), clipped to the box; G updated on the prefix.

    Along the direction that keeps yᵀα fixed, f is a parabola with curvature
    a = Q_ii + Q_jj − 2 y_i y_j Q_ij (a ≤ 0 → τ); its minimum is clipped to
    0 ≤ α ≤ C (libsvm's update with C_i = C_j = C). Then
    G_t += Q_ti Δα_i + Q_tj Δα_j for t < n. Returns whether α_i, α_j were
    at C before (for Ḡ).
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
    di, dj = ai - alpha[i], aj - alpha[j]
    alpha[i], alpha[j] = ai, aj
    for t in range(n):
        G[t] += Q_i[t] * di + Q_j[t] * dj
    was_i, was_j = status[i] == UPPER, status[j] == UPPER
    status[i] = _status(ai, C)
    status[j] = _status(aj, C)
    return was_i, was_j


@_jit
def _single_step(
    G: np.ndarray,
    alpha: np.ndarray,
    status: np.ndarray,
    QD: np.ndarray,
    Q_i: np.ndarray,
    i: int,
    C: float,
    n: int,
) -> bool:
    """The step without the equality constraint: α_i ← clip(α_i − G_i / Q_ii,
    0, C) (Q_ii ≤ 0 → τ), G_t += Q_ti Δα_i for t < n. Returns whether α_i
    was at C before (for Ḡ)."""
    quad = QD[i] if QD[i] > 0.0 else TAU
    new = min(max(alpha[i] - G[i] / quad, 0.0), C)
    d = new - alpha[i]
    alpha[i] = new
    for t in range(n):
        G[t] += Q_i[t] * d
    was = status[i] == UPPER
    status[i] = _status(new, C)
    return was


@_jit
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


@_jit
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


@_jit
def _shrink(
    y: np.ndarray,
    G: np.ndarray,
    alpha: np.ndarray,
    status: np.ndarray,
    G_bar: np.ndarray,
    active_set: np.ndarray,
    pairs: np.ndarray,
    g1: float,
    g2: float,
    n: int,
) -> tuple[int, int]:
    """Move the variables to shrink behind the active prefix (libsvm's swaps).

    Returns the new active size and the number of swaps, written to
    ``pairs`` for the Q-matrix.
    """
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
    return n, k


@_jit
def _add_free(
    G_t: float, alpha: np.ndarray, status: np.ndarray, Q_t: np.ndarray, n: int
) -> float:
    """G_t + Σ_{s<n, α_s free} α_s Q_ts."""
    for s in range(n):
        if status[s] == FREE:
            G_t += alpha[s] * Q_t[s]
    return G_t


@_jit
def _axpy(a: float, x: np.ndarray, out: np.ndarray) -> None:
    """out += a · x."""
    for t in range(out.shape[0]):
        out[t] += a * x[t]


# --- the loop -------------------------------------------------------------------------


@_jit
def run(solver: tuple, cache: tuple, gram: tuple) -> int:
    """The SMO loop (libsvm's ``Solver::Solve``), from where it stopped.

    ``solver``, ``cache`` and ``gram`` are a :class:`Solver`, :class:`Cache`
    and :class:`Gram` as plain tuples. Until ``max_iter`` steps are taken:
    every ``min(l, 1000)`` steps shrink (if ``shrinking``; Ḡ is built the
    first time, and the gradient is rebuilt and everything un-shrunk once,
    when m(α) − M(α) first falls to 10·tol); select the working set on the
    active prefix; when the prefix is optimal, rebuild the gradient of the
    shrunk variables and select again on all of them, stopping if they are
    optimal too (and else shrinking at the next step); take the step; keep
    Ḡ. After ``max_iter`` steps, the gradient is rebuilt.

    Each branch below is one point of the loop, which sets the next one
    (``at``). A point that needs a column Q_t asks for it: it sets t, the
    length and the point to go to with it, and goes to ``_FETCH``.

    Returns
    -------
    why : int
        :data:`DONE`; :data:`FILL` (compute :meth:`Solver.fill_request`,
        then call again); :data:`SWAP` (apply :meth:`Solver.swaps` to the
        Q-matrix, then call again); :data:`MONITOR` (every ``check_every``
        steps; call again after the monitor).
    """
    (
        y, G, alpha, status, QD, G_bar, active_set, pairs, reg, val,
        C, tol, bias, shrinking, max_iter, check_every,
    ) = solver  # fmt: skip
    buffer, slot_of, owner, length, used, clock = cache
    Q_full, index = gram
    l = y.shape[0]  # noqa: E741 (libsvm's l)
    at = reg[_AT]
    while True:
        if at == _FETCH:
            # libsvm's get_Q: Q_t on the positions < stop, into its slot.
            t, stop = reg[_T], reg[_STOP]
            slot, start = get_data(slot_of, owner, length, used, clock, t, stop)
            reg[_SLOT] = slot
            if start < stop:
                if Q_full.shape[0] == 0:
                    reg[_START] = start
                    reg[_AT] = at  # asked again when the loop resumes
                    return FILL
                _gather(Q_full, index, t, start, stop, buffer[slot])
            at = reg[_THEN]

        elif at == _TOP:
            if reg[_N_ITER] >= max_iter:
                reg[_AFTER], at = _FINISH, _RECONSTRUCT
                continue
            reg[_COUNTER] -= 1
            at = _SELECT
            if reg[_COUNTER] == 0:
                reg[_COUNTER] = min(l, SHRINK_EVERY)
                if shrinking:
                    g1, g2 = _violations(y, G, status, reg[_N])
                    if not bias:
                        g1, g2 = max(g1, 0.0), max(g2, 0.0)
                    val[_G1], val[_G2] = g1, g2
                    at = _UNSHRINK if reg[_HAS_G_BAR] else _BUILD_G_BAR

        elif at == _BUILD_G_BAR:
            # Ḡ_t = C Σ_{α_u = C} Q_tu (libsvm builds it at the start, here
            # at the first shrinking; Ḡ = 0 before), one column at a time.
            u = max(reg[_CURSOR], 0)
            while u < l and status[u] != UPPER:
                u += 1
            reg[_CURSOR] = u
            if u < l:
                reg[_T], reg[_STOP], reg[_THEN] = u, l, _ADD_TO_G_BAR
                at = _FETCH
            else:
                reg[_CURSOR] = -1
                reg[_HAS_G_BAR] = True
                at = _UNSHRINK

        elif at == _ADD_TO_G_BAR:
            _axpy(C, buffer[reg[_SLOT]], G_bar)
            reg[_CURSOR] += 1
            at = _BUILD_G_BAR

        elif at == _UNSHRINK:
            # libsvm's do_shrinking: un-shrink once, at m(α) − M(α) ≤ 10·tol.
            g1, g2 = val[_G1], val[_G2]
            gap = g1 + g2 if bias else max(g1, g2)
            at = _DO_SHRINK
            if not reg[_UNSHRUNK] and gap <= 10.0 * tol:
                reg[_UNSHRUNK] = True
                reg[_AFTER], at = _DO_SHRINK, _RECONSTRUCT

        elif at == _DO_SHRINK:
            reg[_N], reg[_N_PAIRS] = _shrink(
                y, G, alpha, status, G_bar, active_set, pairs,
                val[_G1], val[_G2], reg[_N],
            )  # fmt: skip
            at = _SELECT
            if reg[_N_PAIRS] > 0:
                reg[_AT] = at
                return SWAP

        elif at == _SELECT:
            # libsvm's select_working_set on the active prefix.
            n = reg[_N]
            at = _OPTIMAL
            if bias:  # WSS 3: i first, then j with Q_i
                i, gmax = _select_i(y, G, status, n)
                if i >= 0:
                    reg[_I], val[_GMAX] = i, gmax
                    reg[_T], reg[_STOP], reg[_THEN] = i, n, _SELECT_J
                    at = _FETCH
            else:
                t, v = _select_single(y, G, status, n)
                if t >= 0 and v >= tol:
                    reg[_I], reg[_J] = t, -1
                    at = _SELECTED

        elif at == _SELECT_J:
            i, n, gmax = reg[_I], reg[_N], val[_GMAX]
            j, gmax2 = _select_j(y, G, status, QD, buffer[reg[_SLOT]], i, gmax, n)
            if j < 0 or gmax + gmax2 < tol:
                at = _OPTIMAL
            else:
                reg[_J] = j
                at = _SELECTED

        elif at == _OPTIMAL:
            # The active prefix is optimal: rebuild the gradient and select
            # again on all variables; optimal again means converged.
            if reg[_AGAIN]:
                reg[_CONVERGED] = True
                at = _FINISH
            else:
                reg[_AGAIN] = True
                reg[_AFTER], at = _SELECT, _RECONSTRUCT

        elif at == _SELECTED:
            if reg[_AGAIN]:
                reg[_AGAIN] = False
                reg[_COUNTER] = 1  # shrink at the next step
            # Q_j for the pair (Q_i was read by the selection); Q_i alone
            # without the bias.
            reg[_T] = reg[_J] if bias else reg[_I]
            reg[_STOP], reg[_THEN] = reg[_N], _TAKE_STEP
            at = _FETCH

        elif at == _TAKE_STEP:
            i, j, n = reg[_I], reg[_J], reg[_N]
            reg[_N_ITER] += 1
            if bias:
                Q_i = buffer[slot_of[i]]  # still cached: the cache keeps two
                Q_j = buffer[reg[_SLOT]]
                was_i, was_j = _pair_step(y, G, alpha, status, QD, Q_i, Q_j, i, j, C, n)
                reg[_WAS_I], reg[_WAS_J] = was_i, was_j
            else:
                Q_i = buffer[reg[_SLOT]]
                reg[_WAS_I] = _single_step(G, alpha, status, QD, Q_i, i, C, n)
            reg[_K] = 0
            at = _UPDATE_G_BAR

        elif at == _UPDATE_G_BAR:
            # Ḡ += ±C Q_t when α_t reached or left C (t = i, then j).
            k = reg[_K]
            at = _TOP
            while k < (2 if bias else 1):
                t = reg[_I] if k == 0 else reg[_J]
                was = reg[_WAS_I] if k == 0 else reg[_WAS_J]
                if reg[_HAS_G_BAR] and (was != 0) != (status[t] == UPPER):
                    reg[_K] = k
                    reg[_T], reg[_STOP], reg[_THEN] = t, l, _STEP_TO_G_BAR
                    at = _FETCH
                    break
                k += 1
            due = check_every > 0 and reg[_N_ITER] % check_every == 0
            if at == _TOP and due:
                reg[_AT] = at
                return MONITOR

        elif at == _STEP_TO_G_BAR:
            was = reg[_WAS_I] if reg[_K] == 0 else reg[_WAS_J]
            _axpy((-1.0 if was else 1.0) * C, buffer[reg[_SLOT]], G_bar)
            reg[_K] += 1
            at = _UPDATE_G_BAR

        elif at == _RECONSTRUCT:
            # libsvm's reconstruct_gradient: G_t = Ḡ_t − 1 + Σ_{free u} α_u
            # Q_tu for the shrunk t ≥ n, then n = l; by the shrunk rows (Q_t
            # on the prefix) when the free variables are many, else by the
            # free columns (Q_u in full): nr_free · l > 2 · n · (l − n).
            n, u = reg[_N], reg[_CURSOR]
            if u < 0 and n < l:
                G_shrunk, G_bar_shrunk = G[n:], G_bar[n:]
                for t in range(G_shrunk.shape[0]):
                    G_shrunk[t] = G_bar_shrunk[t] - 1.0
                n_free = 0
                for t in range(n):
                    if status[t] == FREE:
                        n_free += 1
                reg[_BY_ROWS] = n_free * l > 2 * n * (l - n)
                u = n if reg[_BY_ROWS] else 0
            if u >= 0 and not reg[_BY_ROWS]:
                while u < n and status[u] != FREE:
                    u += 1
            if 0 <= u < (l if reg[_BY_ROWS] else n):
                reg[_CURSOR] = u
                reg[_T], reg[_THEN] = u, _RECONSTRUCT_ADD
                reg[_STOP] = n if reg[_BY_ROWS] else l
                at = _FETCH
            else:
                reg[_CURSOR] = -1
                reg[_N] = l
                at = reg[_AFTER]

        elif at == _RECONSTRUCT_ADD:
            u, n, column = reg[_CURSOR], reg[_N], buffer[reg[_SLOT]]
            if reg[_BY_ROWS]:
                G[u] = _add_free(G[u], alpha, status, column, n)
            else:
                a, G_shrunk, Q_shrunk = alpha[u], G[n:], column[n:l]
                for t in range(G_shrunk.shape[0]):
                    G_shrunk[t] += a * Q_shrunk[t]
            reg[_CURSOR] = u + 1
            at = _RECONSTRUCT

        else:  # _FINISH
            reg[_AT] = at
            return DONE
