"""Support vector machine solved by SMO, following libsvm's ``Solver``.

The dual problem (seed 003; Chang & Lin, LIBSVM)::

    minimize   ½ αᵀQα − eᵀα,   Q_ij = y_i y_j k(x_i, x_j)
    subject to 0 ≤ α_i ≤ C,  yᵀα = 0

is solved two coordinates at a time. The gradient G = Qα − e is maintained;
with I_up = {t : α_t < C, y_t = +1 or α_t > 0, y_t = −1} and I_low the mirror
set, the pair is i = argmax_{t∈I_up} −y_t G_t and, by the second-order rule,
j = argmin_{t∈I_low, −y_t G_t < −y_i G_i} −b_t²/a_t with
b_t = −y_i G_i + y_t G_t and a_t = K_ii + K_tt − 2K_it (a_t ≤ 0 replaced by
1e-12). SMO stops when m(α) − M(α) = max_{I_up} −y G − min_{I_low} −y G < tol.
Each step needs the two kernel columns K[:, i], K[:, j], computed on demand and
kept in a least-recently-used cache of bounded size. Shrinking (Joachims;
libsvm) drops bounded variables that are unlikely to move from the selection,
and the full gradient is rebuilt before optimality is declared.

``C = float("inf")`` is the hard-margin SVM.
"""

from __future__ import annotations

import math
import warnings
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from ._validation import check_array, check_labels, check_random_state
from .base import (
    RANDOM_STATE,
    BaseEstimator,
    Boolean,
    ClassifierMixin,
    InstanceOf,
    Interval,
)
from .exceptions import ConvergenceWarning, NotSeparableError
from .kernels import KERNEL, Gaussian, Kernel

_TAU = 1e-12
#: A hard margin below this fraction of the feature-space scale √max k(x, x)
#: counts as none: the classes are not separable (see ``_hard_margin_bound``).
_MIN_MARGIN = 1e-6
_CHECK_EVERY = 1000


class KernelColumns:
    """Columns K[:, i] of the Gram matrix of X, on demand, in an LRU cache.

    Parameters
    ----------
    kernel : Kernel
    X : ndarray of shape (m, n)
    cache_bytes : int
        Memory budget of the cache; at least two columns are always kept.

    Attributes
    ----------
    diag : ndarray of shape (m,)
        k(x_i, x_i), precomputed.
    n_evals : int
        Kernel evaluations so far (m per column computed).
    """

    def __init__(self, kernel: Kernel, X: np.ndarray, cache_bytes: int) -> None:
        self.kernel = kernel
        self.X = X
        self.m = X.shape[0]
        self.state = kernel._prepare(X)
        self.diag = kernel._diag(X)
        self.capacity = max(2, int(cache_bytes) // (8 * max(self.m, 1)))
        self.cache: OrderedDict[int, np.ndarray] = OrderedDict()
        self.n_evals = 0

    def __call__(self, i: int) -> np.ndarray:
        column = self.cache.get(i)
        if column is not None:
            self.cache.move_to_end(i)
            return column
        column = np.empty(self.m)
        self.kernel._fill(self.X[i : i + 1], self.state, column[None, :])
        column[i] = self.diag[i]  # exact, free of the rounding of any expansion
        self.n_evals += self.m
        self.cache[i] = column
        if len(self.cache) > self.capacity:
            self.cache.popitem(last=False)
        return column


class SVM(ClassifierMixin, BaseEstimator):
    """Soft- or hard-margin kernel SVM, solved by SMO.

    Parameters
    ----------
    kernel : Kernel or None, default=None
        ``None`` means ``Gaussian(sigma=1.0)``.
    C : float > 0 or inf, default=1.0
        Box constraint; ``float("inf")`` gives the hard margin.
    tol : float > 0, default=1e-3
        Stopping tolerance on m(α) − M(α) (libsvm's ``eps``).
    cache_bytes : int > 0, default=200 * 2**20
        Memory budget of the kernel-column cache.
    shrinking : bool, default=True
        Drop bounded variables from the selection for a while (libsvm's
        heuristic); the result is the same.
    fit_intercept : bool, default=True
        ``False`` solves the SVM without bias, f(x) = Σ α_i y_i k(x_i, x): the
        dual has no constraint yᵀα = 0 and is solved one coordinate at a time
        (the problem kernelized Pegasos minimizes, with C = 1/(λm)).
    max_iter : int or None, default=None
        Cap on SMO steps; ``None`` means max(10⁷, 100·m) as in libsvm. Reaching
        it raises a :class:`~kernelboost.exceptions.ConvergenceWarning`.

    Raises
    ------
    NotSeparableError
        From ``fit`` with ``C=inf`` when the data are not separable in the
        feature space (the dual is unbounded): detected when the SMO iterates
        bound the hard margin below 1e-6 of √max k(x, x). A subclass of
        ``ValueError``.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1 (``[-1.0, 1.0]`` for labels in
        {−1, +1}).
    n_features_in_ : int
    alpha_ : ndarray of shape (m,)
        The dual variables α (pass to ``fit(..., alpha0=...)`` to warm-start).
    support_ : ndarray of int
        Indices of the support vectors (α_i > 0).
    support_vectors_ : ndarray of shape (n_SV, n)
    dual_coef_ : ndarray of shape (n_SV,)
        α_i y_i of the support vectors.
    intercept_ : float
        b, so that f(x) = Σ_i α_i y_i k(x_i, x) + b.
    margin_ : float
        1/‖w‖ with ‖w‖² = αᵀQα (inf if w = 0).
    dual_objective_ : float
        ½αᵀQα − eᵀα at the solution.
    n_iter_ : int
        SMO steps.
    n_kernel_evals_ : int
        Kernel evaluations made while training.
    converged_ : bool

    Examples
    --------
    >>> import numpy as np
    >>> from kernelboost.kernels import Linear
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [2.0, 0.0], [2.0, 1.0]])
    >>> svm = SVM(kernel=Linear(), C=float("inf")).fit(X, [-1, -1, 1, 1])
    >>> round(svm.margin_, 6), svm.support_.tolist()
    (1.0, [0, 1, 2, 3])
    """

    _parameter_constraints = {
        "kernel": KERNEL,
        "C": [Interval("float", 0.0, math.inf, closed="right")],
        "tol": [Interval("float", 0.0, None)],
        "cache_bytes": [Interval("int", 1, None, closed="left")],
        "shrinking": [Boolean()],
        "fit_intercept": [Boolean()],
        "max_iter": [Interval("int", 1, None, closed="left"), None],
    }
    _fitted_attribute = "alpha_"

    def __init__(
        self,
        *,
        kernel: Kernel | None = None,
        C: float = 1.0,
        tol: float = 1e-3,
        cache_bytes: int = 200 * 2**20,
        shrinking: bool = True,
        fit_intercept: bool = True,
        max_iter: int | None = None,
    ) -> None:
        self.kernel = kernel
        self.C = C
        self.tol = tol
        self.cache_bytes = cache_bytes
        self.shrinking = shrinking
        self.fit_intercept = fit_intercept
        self.max_iter = max_iter

    def fit(self, X: object, y: object, alpha0: object | None = None) -> SVM:
        """Solve the dual by SMO.

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Two class labels, both present (see ``classes_``).
        alpha0 : array-like of shape (m,), optional
            Feasible starting point (0 ≤ α ≤ C, yᵀα = 0 with y in ±1), e.g. a
            previous ``alpha_``; its gradient is computed from its support
            vectors.

        Returns
        -------
        self

        Raises
        ------
        NotSeparableError
            With ``C=inf`` on classes that are not separable.
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        if np.all(y == y[0]):
            raise ValueError(
                "SVM needs both classes in y; got one class (all labels are "
                f"{y[0]:+g})."
            )
        kernel = self.kernel if self.kernel is not None else Gaussian()
        C = float(self.C)
        m = X.shape[0]
        columns = KernelColumns(kernel, X, self.cache_bytes)
        alpha, G = self._start(columns, y, C, alpha0)
        max_iter = self.max_iter if self.max_iter is not None else max(10**7, 100 * m)
        if self.fit_intercept:
            alpha, G, n_iter, converged = _solve(
                columns, y, C, float(self.tol), alpha, G, max_iter, self.shrinking
            )
        else:
            alpha, G, n_iter, converged = _solve_no_bias(
                columns, y, C, float(self.tol), alpha, G, max_iter
            )
        if not converged:
            warnings.warn(
                f"SVM reached max_iter={max_iter} SMO steps before m(α) − M(α) < "
                f"tol={self.tol:g}; the solution is not optimal.",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.alpha_ = alpha
        self.support_ = np.flatnonzero(alpha > 0)
        self.support_vectors_ = X[self.support_]
        self.dual_coef_ = (alpha * y)[self.support_]
        self.intercept_ = -_rho(alpha, G, y, C) if self.fit_intercept else 0.0
        wnorm2 = float(alpha @ (G + 1.0))  # αᵀQα = αᵀ(G + e)
        self.margin_ = 1.0 / math.sqrt(wnorm2) if wnorm2 > 0 else math.inf
        self.dual_objective_ = 0.5 * float(alpha @ (G - 1.0))
        self.n_iter_ = n_iter
        self.n_kernel_evals_ = columns.n_evals
        self.converged_ = converged
        self.kernel_ = kernel
        self.shape_fit_ = X.shape
        return self

    def _start(
        self, columns: KernelColumns, y: np.ndarray, C: float, alpha0: object | None
    ) -> tuple[np.ndarray, np.ndarray]:
        m = y.shape[0]
        if alpha0 is None:
            return np.zeros(m), -np.ones(m)
        alpha = np.array(alpha0, dtype=np.float64).ravel()
        if alpha.shape != (m,):
            raise ValueError(f"alpha0 has shape {alpha.shape}; expected ({m},).")
        scale = max(1.0, float(np.abs(alpha).max(initial=0.0)))
        if np.any(alpha < 0) or np.any(alpha > C):
            raise ValueError(f"alpha0 must lie in [0, C={C:g}].")
        if self.fit_intercept and abs(float(alpha @ y)) > 1e-9 * scale * m:
            raise ValueError(f"alpha0 must satisfy yᵀα = 0; got {float(alpha @ y):g}.")
        support = np.flatnonzero(alpha > 0)
        G = -np.ones(m)
        if support.size:
            K = columns.kernel(columns.X, columns.X[support])
            columns.n_evals += K.size
            G += y * (K @ (alpha[support] * y[support]))
        return alpha, G

    def decision_function(self, X: object) -> np.ndarray:
        """f(x) = Σ_i α_i y_i k(x_i, x) + b over the support vectors.

        Positive values vote for ``classes_[1]``.
        """
        X = self._check_X(X)
        if self.support_.size == 0:
            return np.full(X.shape[0], self.intercept_)
        return (
            self.kernel_(X, self.support_vectors_) @ self.dual_coef_ + self.intercept_
        )


def _solve(
    columns: KernelColumns,
    y: np.ndarray,
    C: float,
    tol: float,
    alpha: np.ndarray,
    G: np.ndarray,
    max_iter: int,
    shrinking: bool,
) -> tuple[np.ndarray, np.ndarray, int, bool]:
    """SMO with second-order working-set selection (libsvm's ``Solver::Solve``).

    Works on an active set A (all points unless shrinking); the gradient of the
    inactive points is rebuilt from the support vectors before stopping.
    """
    m = y.shape[0]
    diag = columns.diag
    active = np.arange(m)
    n_iter = 0
    # Ḡ_t = C Σ_{α_j = C} Q_tj, kept for all t so that rebuilding the gradient of
    # shrunk variables needs only the free support vectors (libsvm's G_bar).
    at_C = alpha >= C
    G_bar = np.zeros(m)
    if shrinking and at_C.any():
        K = columns.kernel(columns.X, columns.X[at_C])
        columns.n_evals += K.size
        G_bar = y * (K @ (C * y[at_C]))
    shrink_every = min(m, 1000)
    hard = math.isinf(C)
    scale = math.sqrt(max(float(diag.max()), 0.0))
    while n_iter < max_iter:
        full = active.size == m
        ya, Ga, aa, da = y[active], G[active], alpha[active], diag[active]
        up = ((ya > 0) & (aa < C)) | ((ya < 0) & (aa > 0))
        low = ((ya < 0) & (aa < C)) | ((ya > 0) & (aa > 0))
        converged_here = False
        steps = 0
        F = -ya * Ga  # −y_t G_t, kept up to date
        while n_iter < max_iter:
            vu = np.where(up, F, -np.inf)
            ii = int(np.argmax(vu))
            gmax = vu[ii]
            gmin = np.min(np.where(low, F, np.inf))
            if gmax - gmin < tol:
                converged_here = True
                break
            i = active[ii]
            Ki = columns(i) if full else columns(i)[active]
            # Second order: maximize b_t²/a_t over t ∈ I_low with b_t > 0.
            b = gmax - F
            a = da - 2.0 * Ki
            a += diag[i]
            np.maximum(a, _TAU, out=a)
            gain = b * b
            gain /= a
            jj = int(np.argmax(np.where(low & (b > 0), gain, -np.inf)))
            j = active[jj]
            Kj = columns(j) if full else columns(j)[active]
            old_i, old_j = aa[ii], aa[jj]
            new_i, new_j = _pair_update(
                old_i,
                old_j,
                -ya[ii] * F[ii],
                -ya[jj] * F[jj],
                ya[ii],
                ya[jj],
                diag[i] + diag[j] - 2.0 * Ki[jj],
                C,
            )
            aa[ii], aa[jj] = new_i, new_j
            # G += y∘(y_i Δα_i K_i + y_j Δα_j K_j), so F = −y∘G loses the bracket.
            F -= (ya[ii] * (new_i - old_i)) * Ki
            F -= (ya[jj] * (new_j - old_j)) * Kj
            for t in (ii, jj):
                up[t] = (ya[t] > 0 and aa[t] < C) or (ya[t] < 0 and aa[t] > 0)
                low[t] = (ya[t] < 0 and aa[t] < C) or (ya[t] > 0 and aa[t] > 0)
                if shrinking and (aa[t] >= C) != at_C[active[t]]:
                    g = active[t]
                    at_C[g] = not at_C[g]
                    G_bar += (C if at_C[g] else -C) * y[g] * y * columns(g)
            n_iter += 1
            steps += 1
            if hard and n_iter % _CHECK_EVERY == 0:
                _check_hard_margin(aa, -ya * F, scale, n_iter)
            if shrinking and steps >= shrink_every:
                break
        Ga = -ya * F
        alpha[active], G[active] = aa, Ga
        if not converged_here:
            if n_iter >= max_iter:
                break
            # Shrink: drop bounded variables that cannot enter the next step.
            keep = _not_shrinkable(ya, Ga, aa, C, gmax_all=gmax, gmin_all=gmin)
            if not keep.all() and keep.sum() >= 2:
                active = active[keep]
            continue
        if full:
            return alpha, G, n_iter, True
        # Optimal on the active set: rebuild the full gradient, then check all.
        _rebuild_gradient(columns, y, alpha, G, G_bar, C, active)
        active = np.arange(m)
    return alpha, G, n_iter, False


def _solve_no_bias(
    columns: KernelColumns,
    y: np.ndarray,
    C: float,
    tol: float,
    alpha: np.ndarray,
    G: np.ndarray,
    max_iter: int,
) -> tuple[np.ndarray, np.ndarray, int, bool]:
    """Dual coordinate descent for the SVM without bias (box constraints only).

    Picks the coordinate with the largest projected-gradient violation and
    minimizes exactly along it: α_i ← clip(α_i − G_i / K_ii, 0, C). Stops when
    every violation is below ``tol``.
    """
    diag = np.maximum(columns.diag, _TAU)
    hard = math.isinf(C)
    scale = math.sqrt(max(float(columns.diag.max()), 0.0))
    for n_iter in range(max_iter):
        violation = np.where(
            alpha <= 0, np.minimum(G, 0.0), np.where(alpha >= C, np.maximum(G, 0.0), G)
        )
        i = int(np.argmax(np.abs(violation)))
        if abs(violation[i]) < tol:
            return alpha, G, n_iter, True
        new = min(max(alpha[i] - G[i] / diag[i], 0.0), C)
        G += (new - alpha[i]) * y[i] * y * columns(i)
        alpha[i] = new
        if hard and (n_iter + 1) % _CHECK_EVERY == 0:
            _check_hard_margin(alpha, G, scale, n_iter + 1)
    return alpha, G, max_iter, False


def _check_hard_margin(
    alpha: np.ndarray, G: np.ndarray, scale: float, n_iter: int
) -> None:
    """Raise when the iterates prove that no usable hard margin exists.

    With yᵀα = 0, the weights α/(Σα/2) are convex combinations of each class,
    whose feature-space points lie 2‖w‖/Σα apart (‖w‖² = αᵀQα = αᵀ(G + e)).
    The hard-margin SVM's margin is half the distance between the classes'
    convex hulls, so it is at most ‖w‖/Σα. (Points outside the active set have
    α = 0 under a hard margin, so the active ones suffice.)
    """
    total = float(alpha.sum())
    if total <= 0.0:
        return
    wnorm = math.sqrt(max(float(alpha @ (G + 1.0)), 0.0))
    bound = wnorm / total
    if bound < _MIN_MARGIN * max(scale, 1e-300):
        raise NotSeparableError(
            "The classes are not separable in the kernel's feature space: after "
            f"{n_iter} SMO steps the hard-margin (C=inf) margin is at most "
            f"{bound:.2g}, below {_MIN_MARGIN:g} of the feature-space scale "
            f"{scale:.3g}. Use a finite C (soft margin), or check for identical "
            "points with opposite labels."
        )


def _pair_update(
    ai: float,
    aj: float,
    Gi: float,
    Gj: float,
    yi: float,
    yj: float,
    quad: float,
    C: float,
) -> tuple[float, float]:
    """New (α_i, α_j) minimizing the dual along the pair, clipped to the box."""
    quad = quad if quad > 0 else _TAU
    if yi != yj:
        delta = (-Gi - Gj) / quad
        diff = ai - aj
        ai, aj = ai + delta, aj + delta
        if diff > 0:
            if aj < 0:
                aj, ai = 0.0, diff
        elif ai < 0:
            ai, aj = 0.0, -diff
        if diff > 0:
            if ai > C:
                ai, aj = C, C - diff
        elif aj > C:
            aj, ai = C, C + diff
    else:
        delta = (Gi - Gj) / quad
        total = ai + aj
        ai, aj = ai - delta, aj + delta
        if total > C:
            if ai > C:
                ai, aj = C, total - C
            if aj > C:
                aj, ai = C, total - C
        else:
            if aj < 0:
                aj, ai = 0.0, total
            if ai < 0:
                ai, aj = 0.0, total
    return ai, aj


def _not_shrinkable(
    y: np.ndarray,
    G: np.ndarray,
    alpha: np.ndarray,
    C: float,
    gmax_all: float,
    gmin_all: float,
) -> np.ndarray:
    """Variables to keep active (libsvm's ``be_shrunk`` negated).

    A variable at a bound is shrunk when its −y G lies beyond the current
    violating extremes in the direction it cannot move.
    """
    minus_yG = -y * G
    at_upper = alpha >= C
    at_lower = alpha <= 0
    shrink = np.zeros(y.shape[0], dtype=bool)
    pos, neg = y > 0, y < 0
    # At the upper bound: y=+1 can only decrease (in I_low only), y=−1 increase.
    shrink |= at_upper & pos & (minus_yG > gmax_all)
    shrink |= at_upper & neg & (minus_yG < gmin_all)
    # At the lower bound: y=+1 only in I_up, y=−1 only in I_low.
    shrink |= at_lower & pos & (minus_yG < gmin_all)
    shrink |= at_lower & neg & (minus_yG > gmax_all)
    return ~shrink


def _rebuild_gradient(
    columns: KernelColumns,
    y: np.ndarray,
    alpha: np.ndarray,
    G: np.ndarray,
    G_bar: np.ndarray,
    C: float,
    active: np.ndarray,
) -> None:
    """G = Ḡ − e + Σ_{free j} α_j Q_j for the inactive points."""
    inactive = np.setdiff1d(np.arange(y.shape[0]), active, assume_unique=True)
    if inactive.size == 0:
        return
    free = np.flatnonzero((alpha > 0) & (alpha < C))
    G[inactive] = G_bar[inactive] - 1.0
    if free.size:
        K = columns.kernel(columns.X[inactive], columns.X[free])
        columns.n_evals += K.size
        G[inactive] += y[inactive] * (K @ (alpha[free] * y[free]))


def _rho(alpha: np.ndarray, G: np.ndarray, y: np.ndarray, C: float) -> float:
    """ρ (b = −ρ): mean y_i G_i over free α_i, else the midpoint of its bounds."""
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


class Pegasos(ClassifierMixin, BaseEstimator):
    """Kernelized Pegasos, in the α-counter form of Huang 2017 (kernelized SVM).

    Minimizes P(w) = λ/2 ‖w‖² + (1/m) Σ_i max(0, 1 − y_i ⟨w, φ(x_i)⟩) (no bias).
    At step t = 1..T a point i_t is drawn uniformly at random; if
    y_i (1/(λt)) Σ_j α_j y_j k(x_i, x_j) < 1 then α_{i_t} ← α_{i_t} + 1. The
    output is w = (1/(λT)) Σ_j α_j y_j φ(x_j).

    Parameters
    ----------
    kernel : Kernel or None, default=None
        ``None`` means ``Gaussian(sigma=1.0)``.
    lam : float > 0, default=0.01
        λ, the regularization strength (the same minimizer as
        ``SVM(C=1/(λm), fit_intercept=False)``).
    n_iter : int >= 1, default=10_000
        T.
    record_at : sequence of int, optional
        Steps t after which P(w_t) is recorded in ``objective_``.
    random_state : int, Generator or None, default=0

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1.
    n_features_in_ : int
    alpha_ : ndarray of shape (m,)
        The counters α.
    objective_ : dict of int to float
        P(w_t) at the requested steps.
    primal_objective_ : float
        P(w_T).
    """

    _parameter_constraints = {
        "kernel": KERNEL,
        "lam": [Interval("float", 0.0, None)],
        "n_iter": [Interval("int", 1, None, closed="left")],
        "record_at": [InstanceOf((tuple, list, np.ndarray), "a sequence of int")],
        "random_state": RANDOM_STATE,
    }
    _fitted_attribute = "alpha_"

    def __init__(
        self,
        *,
        kernel: Kernel | None = None,
        lam: float = 0.01,
        n_iter: int = 10_000,
        record_at: Sequence[int] = (),
        random_state: int | np.random.Generator | None = 0,
    ) -> None:
        self.kernel = kernel
        self.lam = lam
        self.n_iter = n_iter
        self.record_at = record_at
        self.random_state = random_state

    def fit(self, X: object, y: object) -> Pegasos:
        """Run T steps of kernelized Pegasos on (X, y).

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Two class labels (see ``classes_``).

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        T = int(self.n_iter)
        kernel = self.kernel if self.kernel is not None else Gaussian()
        m, lam = X.shape[0], float(self.lam)
        columns = KernelColumns(kernel, X, 200 * 2**20)
        picks = check_random_state(self.random_state).integers(0, m, size=T)
        record = {int(t) for t in self.record_at if 1 <= int(t) <= T}
        alpha = np.zeros(m)
        s = np.zeros(m)  # Σ_j α_j y_j k(x_·, x_j)
        objective: dict[int, float] = {}
        for t in range(1, T + 1):
            i = picks[t - 1]
            if y[i] * s[i] / (lam * t) < 1.0:
                alpha[i] += 1.0
                s += y[i] * columns(i)
            if t in record:
                objective[t] = _pegasos_objective(alpha, s, y, lam, t)
        self.alpha_ = alpha
        self.objective_ = objective
        self.primal_objective_ = _pegasos_objective(alpha, s, y, lam, T)
        self.n_kernel_evals_ = columns.n_evals
        self.X_fit_, self.y_fit_, self.kernel_ = X, y, kernel
        self.scale_ = 1.0 / (lam * T)
        return self

    def decision_function(self, X: object) -> np.ndarray:
        """⟨w, φ(x)⟩ = (1/(λT)) Σ_j α_j y_j k(x_j, x); positive values vote for
        ``classes_[1]``."""
        X = self._check_X(X)
        support = np.flatnonzero(self.alpha_)
        K = self.kernel_(X, self.X_fit_[support])
        return self.scale_ * (K @ (self.alpha_[support] * self.y_fit_[support]))


def _pegasos_objective(
    alpha: np.ndarray, s: np.ndarray, y: np.ndarray, lam: float, t: int
) -> float:
    """P(w_t) for w_t = (1/(λt)) Σ α_j y_j φ(x_j), from s = K(αy) in O(m)."""
    scale = 1.0 / (lam * t)
    wnorm2 = scale * scale * float((alpha * y) @ s)
    hinge = np.maximum(0.0, 1.0 - y * scale * s).mean()
    return 0.5 * lam * wnorm2 + float(hinge)


def primal_objective(svm: SVM, X: object, y: object, lam: float) -> float:
    """P(w) = λ/2‖w‖² + mean hinge loss of a fitted SVM (the Pegasos objective)."""
    X = check_array(X)
    y = check_labels(y, X.shape[0])
    wnorm2 = 1.0 / svm.margin_**2 if math.isfinite(svm.margin_) else 0.0
    hinge = np.maximum(0.0, 1.0 - y * svm.decision_function(X)).mean()
    return 0.5 * lam * wnorm2 + float(hinge)
