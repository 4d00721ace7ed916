"""Support vector machine solved by SMO, following libsvm's ``Solver``.

The dual problem (Huang 2017; Chang & Lin, LIBSVM)::

    minimize   ½ αᵀQα − eᵀα,   Q_ij = y_i y_j k(x_i, x_j)
    subject to 0 ≤ α_i ≤ C,  yᵀα = 0

is solved two coordinates at a time. The gradient G = Qα − e is maintained;
with I_up = {t : α_t < C, y_t = +1 or α_t > 0, y_t = −1} and I_low the mirror
set, the pair is i = argmax_{t∈I_up} −y_t G_t and, by the second-order rule,
j = argmin_{t∈I_low, −y_t G_t < −y_i G_i} −b_t²/a_t with
b_t = −y_i G_i + y_t G_t and a_t = K_ii + K_tt − 2K_it (a_t ≤ 0 replaced by
1e-12). SMO stops when m(α) − M(α) = max_{I_up} −y G − min_{I_low} −y G < tol.
Each step needs the two columns Q_i, Q_j, computed on demand for the active
rows and kept in a least-recently-used cache of bounded size
(:class:`~.smo.KernelQ`). Shrinking (Joachims; libsvm) drops bounded variables
that are unlikely to move from the selection, and the full gradient is rebuilt
before optimality is declared. The solver is :func:`~.smo.solve`, shared by
the SVM with and without bias and by the leave-one-out of :mod:`~.loo`.

``C = float("inf")`` is the hard-margin SVM.

The claims atlas runs :meth:`SVM.fit` in the page, as
``pipeline/site/assets/smo.js`` (its twin, a port step for step, which
``tests/js/smo.test.mjs`` checks against golden traces of the library). A
change of a step must be made in both, and the goldens written again:
``python tests/js/make_golden.py``.
"""

from __future__ import annotations

import math
import warnings
from functools import partial

import numpy as np

from ...core.contract.base import (
    BaseEstimator,
    Boolean,
    ClassifierMixin,
    Interval,
)
from ...core.contract.exceptions import ConvergenceWarning, NotSeparableError
from ...core.kernels import KERNEL, Gaussian, Kernel
from .smo import KernelQ, rho, solve

#: A hard margin below this fraction of the feature-space scale √max k(x, x)
#: counts as none: the classes are not separable (see ``_check_hard_margin``).
_MIN_MARGIN = 1e-6


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
        it raises a :class:`~marginlab.ConvergenceWarning`.

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
    >>> from marginlab import Linear
    >>> X = np.array([[0.0, 0.0], [1.0, 0.0], [3.0, 0.0], [4.0, 0.0]])
    >>> svm = SVM(kernel=Linear(), C=float("inf")).fit(X, [-1, -1, 1, 1])
    >>> round(svm.margin_, 6), svm.support_.tolist()
    (1.0, [1, 2])
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
        ValueError
            For labels of one class (as every classifier:
            :func:`~marginlab.core.contract.validation.check_two_classes`).
        NotSeparableError
            With ``C=inf`` on classes that are not separable.
        """
        self._validate_params()
        X, y = self._validate_data(X, y)  # refuses one class, as every classifier
        kernel = self.kernel if self.kernel is not None else Gaussian()
        C = float(self.C)
        m = X.shape[0]
        Q = KernelQ(kernel, X, y, self.cache_bytes)
        alpha, G = self._start(Q, X, y, C, alpha0)
        max_iter = self.max_iter if self.max_iter is not None else max(10**7, 100 * m)
        monitor = None
        if math.isinf(C):
            scale = math.sqrt(max(float(Q.get_QD().max()), 0.0))
            monitor = partial(_check_hard_margin, scale=scale)
        result = solve(
            Q,
            y,
            C,
            float(self.tol),
            alpha,
            G,
            max_iter=max_iter,
            shrinking=self.shrinking,
            bias=self.fit_intercept,
            monitor=monitor,
        )
        alpha, G, n_iter, converged = (
            result.alpha,
            result.G,
            result.n_iter,
            result.converged,
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
        self.intercept_ = -rho(alpha, G, y, C) if self.fit_intercept else 0.0
        wnorm2 = float(alpha @ (G + 1.0))  # αᵀQα = αᵀ(G + e)
        self.margin_ = 1.0 / math.sqrt(wnorm2) if wnorm2 > 0 else math.inf
        self.dual_objective_ = 0.5 * float(alpha @ (G - 1.0))
        self.n_iter_ = n_iter
        self.n_kernel_evals_ = Q.n_evals
        self.converged_ = converged
        self.kernel_ = kernel
        self.shape_fit_ = X.shape
        return self

    def _start(
        self, Q: KernelQ, X: np.ndarray, y: np.ndarray, C: float, alpha0: object | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """α at the start and its gradient G = Qα − e (from the support vectors)."""
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
            K = Q.kernel(X, X[support])
            Q.n_evals += K.size
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


def _check_hard_margin(
    alpha: np.ndarray, G: np.ndarray, n_iter: int, *, scale: float
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
