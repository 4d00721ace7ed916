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
variables is rebuilt from Ḡ = C Σ_{α_s = C} Q_s (the part due to the
variables at C) and the free variables before optimality is declared, and
once, when the gap first falls below 10·tol, everything is un-shrunk. Every
variant of the SVM is a Q-matrix (:class:`KernelQ`: kernel columns with a
bounded LRU cache; :class:`GramQ`: a precomputed Gram matrix, optionally
with points removed, as leave-one-out needs) or the option ``bias`` of
:func:`solve`; there is one loop.

The loop is compiled with numba (:func:`.solver.run`, libsvm's
``Solver::Solve``: selection, step, Ḡ, shrinking, the gradient's rebuild),
and so is the bookkeeping of the kernel-column cache (:class:`.solver.Cache`,
libsvm's ``Cache``). It reads every column through the cache a Q-matrix
gives it (:meth:`QMatrix.columns`). A :class:`GramQ`'s missing columns are
gathered from its Gram matrix in the loop itself; for a :class:`KernelQ`,
the loop takes the slot as libsvm's cache does and returns to
:func:`solve`, which computes the column with the kernel's vectorized numpy
code (:meth:`QMatrix.fill`) and resumes it. The loop returns as well for
the Q-matrix's swaps after a shrinking pass and for the monitor. A
Q-matrix that offers only :meth:`QMatrix.get_Q` is read through a cache of
two columns.

Compiled, because an SMO step at m in the thousands is a few fused passes
over the active set: written as numpy operations (one pass each, a dozen
per step) the same loop took 2.4× the time of scikit-learn's SVC (libsvm)
at m = 2 000 and 3.5× at m = 1 000 on the benchmark's two-moons problem;
and at a few hundred points a step is a few microseconds of arithmetic,
which Python's control flow around compiled passes multiplied by about ten
(one from-scratch solve on breast cancer's 568 points, linear kernel,
C = 10, tolerance 1e-6, 53 416 steps: 0.23 s, against 0.017 s compiled). On
an AMD EPYC (Zen 4, numpy's AVX-512 ``exp``) a fit of that benchmark takes
0.51, 0.37 and 0.32 of SVC's time at m = 2 000, 10 000 and 50 000
(``benchmarks/README.md``).

The claims atlas runs this solver in the page, as
``pipeline/site/assets/smo.js`` (its twin, a port step for step, which
``tests/js/smo.test.mjs`` checks against golden traces of the library). A
change of a step must be made in both, and the goldens written again:
``python tests/js/make_golden.py``.

References
----------
C.-C. Chang and C.-J. Lin, "LIBSVM: a library for support vector machines",
ACM TIST 2 (2011), ``svm.cpp``: ``Solver::Solve``, ``select_working_set``,
``do_shrinking``, ``reconstruct_gradient``, ``Cache``.
R.-E. Fan, P.-H. Chen and C.-J. Lin, "Working set selection using second
order information for training support vector machines", JMLR 6 (2005).
J. Platt, "Sequential minimal optimization", Microsoft Research TR-98-14.
T. Joachims, "Making large-scale SVM learning practical" (shrinking), 1999.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from ...core.kernels import Kernel

if TYPE_CHECKING:
    from .solver import Cache, Columns

#: Steps between two calls of the monitor of :func:`solve`.
CHECK_EVERY = 1000

#: The compiled half of the solver, :mod:`.solver`, once imported.
_LOOP: ModuleType | None = None


def _compiled() -> ModuleType:
    """:mod:`.solver`, imported at the first fit: it imports numba (about a
    second), which importing marginlab should not."""
    global _LOOP
    if _LOOP is None:
        from . import solver

        _LOOP = solver
    return _LOOP


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
        """Where the compiled loop reads the columns (:class:`.solver.Columns`:
        the Q-matrix's :class:`.solver.Cache`, and the Gram matrix that fills
        it, or none: then :meth:`fill` does), or None (the default): the
        solver then reads :meth:`get_Q` through a cache of two columns."""
        return None

    def fill(self, i: int, slot: int, start: int, stop: int) -> None:
        """Compute Q_{i,t} for t in [start, stop) into cache slot ``slot``.

        The compiled loop's request for a column it does not hold, after it
        took the slot (:func:`.solver.get_data`); only for a Q-matrix whose
        :meth:`columns` is a cache that Python fills.
        """
        raise NotImplementedError(f"{type(self).__name__} keeps no column cache.")


class KernelQ(QMatrix):
    """Q_ij = y_i y_j k(x_i, x_j), columns on demand in a least-recently-used cache.

    A cached column holds a prefix Q_{i,0..len−1} of its entries (those of
    the rows active when it was requested); a request for a longer prefix
    computes only the missing entries. The cache (:class:`.solver.Cache`,
    libsvm's ``Cache``) is one block of ``cache_bytes`` split into
    full-length slots (at least two); the least recently used column is
    evicted when a new one needs a slot. As in libsvm, :meth:`swap_index`
    swaps the two entries in every cached column, and drops a column that
    holds one of them but not the other.

    Parameters
    ----------
    kernel : Kernel
    X : ndarray of shape (l, n)
    y : ndarray of shape (l,)
        Labels in {−1, +1} (all ones gives the kernel matrix itself).
    cache_bytes : int
        Memory budget of the column cache.

    Attributes
    ----------
    cache : Cache
        The column cache, indexed by position.
    """

    def __init__(
        self, kernel: Kernel, X: np.ndarray, y: np.ndarray, cache_bytes: int
    ) -> None:
        loop = _compiled()
        m = X.shape[0]
        self.kernel = kernel
        self.m = m
        self.order = np.arange(m)  # position → index into X
        self.X = X
        self.y = np.array(y, dtype=np.float64)
        self.QD = np.array(kernel._diag(X), dtype=np.float64)
        self.n_evals = 0
        n_slots = min(m, max(2, int(cache_bytes) // (8 * max(m, 1))))
        self.cache: Cache = loop.Cache.empty(n_slots, m)
        self._Xp = X  # X in the current order, re-gathered after swaps
        self._state = kernel._prepare(X)
        self._stale = False

    @property
    def cached(self) -> list[int]:
        """Positions of the cached columns, least recently used first."""
        return self.cache.positions()

    def get_QD(self) -> np.ndarray:
        return self.QD

    def get_Q(self, i: int, length: int) -> np.ndarray:
        slot, start = self.cache.get_data(i, length)
        if start < length:
            self.fill(i, slot, start, length)
        return self.cache.buffer[slot, :length]

    def fill(self, i: int, slot: int, start: int, stop: int) -> None:
        # Q_{i,t} = y_i y_t k(x_i, x_t) for the positions t in [start, stop).
        if self._stale:
            self._Xp = self.X[self.order]
            self._state = self.kernel._prepare(self._Xp)
            self._stale = False
        out = self.cache.buffer[slot, start:stop]
        self.kernel._column(self._Xp, self._state, i, start, stop, out)
        _LOOP.times_labels(out, self.y, self.QD, i, start)
        self.n_evals += stop - start

    def columns(self) -> Columns:
        return _LOOP.Columns(self.cache, _LOOP.Gram.none())

    def swap_index(self, i: int, j: int) -> None:
        self.swap_indices(np.array([[i, j]], dtype=np.int64))

    def swap_indices(self, pairs: np.ndarray) -> None:
        if pairs.shape[0] == 0:
            return
        pairs = np.ascontiguousarray(pairs, dtype=np.int64)
        for a in (self.order, self.y, self.QD):
            _LOOP.swap_entries(pairs, a)
        self.cache.swap_index(pairs)
        self._stale = True


class GramQ(QMatrix):
    """Q from a precomputed Gram matrix, on a subset of its points.

    Position t of the problem is point ``index[t]`` of the Gram matrix, so
    leaving point i out (leave-one-out) is ``index = [0, …, i−1, i+1, …]``:
    no (l − 1) × (l − 1) copy is made. Columns are gathered from the rows of
    ``Q_full = (y yᵀ) ∘ K``, computed once by the caller: the compiled loop
    gathers them itself (:class:`.solver.Gram`) into a cache of two columns,
    the working set's.

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
        self.cache: Cache = _compiled().Cache.empty(2, self.index.shape[0])

    def get_QD(self) -> np.ndarray:
        return self.QD

    def get_Q(self, i: int, length: int) -> np.ndarray:
        return self.Q_full[self.index[i]].take(self.index[:length])

    def columns(self) -> Columns:
        Q_full = np.ascontiguousarray(self.Q_full, dtype=np.float64)
        return _LOOP.Columns(self.cache, _LOOP.Gram(Q_full, self.index))

    def swap_index(self, i: int, j: int) -> None:
        self.swap_indices(np.array([[i, j]], dtype=np.int64))

    def swap_indices(self, pairs: np.ndarray) -> None:
        if pairs.shape[0] == 0:
            return
        pairs = np.ascontiguousarray(pairs, dtype=np.int64)
        for a in (self.index, self.QD):
            _LOOP.swap_entries(pairs, a)
        self.cache.swap_index(pairs)


class _ThroughGetQ(QMatrix):
    """A Q-matrix that offers only :meth:`QMatrix.get_Q`, read by the
    compiled loop through a cache of two columns (the working set's), which
    copies what ``get_Q`` returns."""

    def __init__(self, Q: QMatrix, l: int) -> None:  # noqa: E741 (libsvm's l)
        self.Q = Q
        self.cache: Cache = _compiled().Cache.empty(2, l)

    def get_QD(self) -> np.ndarray:
        return self.Q.get_QD()

    def get_Q(self, i: int, length: int) -> np.ndarray:
        return self.Q.get_Q(i, length)

    def fill(self, i: int, slot: int, start: int, stop: int) -> None:
        self.cache.buffer[slot, start:stop] = self.Q.get_Q(i, stop)[start:stop]

    def columns(self) -> Columns:
        return _LOOP.Columns(self.cache, _LOOP.Gram.none())

    def swap_index(self, i: int, j: int) -> None:
        self.swap_indices(np.array([[i, j]], dtype=np.int64))

    def swap_indices(self, pairs: np.ndarray) -> None:
        self.Q.swap_indices(pairs)
        self.cache.swap_index(pairs)


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

    libsvm's ``Solver::Solve`` (:func:`.solver.run`): every ``min(l, 1000)``
    steps shrink (if ``shrinking``); select the working set on the active
    prefix (WSS 3); when the prefix is optimal, rebuild the full gradient
    and select again on all variables, stopping if they are optimal too;
    else take the step and update G (and Ḡ). Here the compiled loop runs
    until it needs Python: a kernel column to compute (:meth:`QMatrix.fill`),
    the Q-matrix's swaps after shrinking, or the monitor.

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
    loop = _compiled()
    columns = Q.columns()
    if columns is None:
        Q = _ThroughGetQ(Q, y.shape[0])
        columns = Q.columns()
    s = loop.Solver.start(
        Q.get_QD(), y, C, tol, alpha, G,
        max_iter=max_iter, shrinking=shrinking, bias=bias,
        check_every=CHECK_EVERY if monitor is not None else 0,
    )  # fmt: skip
    args = (tuple(s), *columns.args())
    run, fill = loop.run, Q.fill
    while (why := run(*args)) != loop.DONE:
        if why == loop.FILL:
            fill(*s.fill_request())
        elif why == loop.SWAP:
            Q.swap_indices(s.swaps())
        else:
            n = s.active_size()
            monitor(s.alpha[:n], s.G[:n], s.n_iter())
    m = y.shape[0]
    alpha_out = np.empty(m)
    G_out = np.empty(m)
    alpha_out[s.active_set] = s.alpha
    G_out[s.active_set] = s.G
    return SMOResult(alpha_out, G_out, s.n_iter(), s.converged())


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
