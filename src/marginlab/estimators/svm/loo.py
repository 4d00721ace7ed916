"""Exact leave-one-out error of the SVM, by retraining without each point.

For the SVM the leave-one-out (LOO) error obeys (Huang 2017, §5.2)::

    LOO error ≤ #SV / l,

because removing a non-support vector (α_i = 0) leaves the solution unchanged
and such a point lies on or outside the margin, so it is classified correctly.
:func:`svm_loo` retrains for every point (``retrain="all"``, brute force: the
measurement of the bound) or uses that very fact to retrain only for the
support vectors (``retrain="support"``, fast, but the bound then holds by
construction). Each retrain is warm-started from the full solution
(``start="warm"``) or starts from α = 0 (``start="cold"``), and is solved by
the one SMO solver of :mod:`~.smo` on a Q-matrix that leaves the point out.

A warm start cannot serve as evidence for the bound: for a non-support vector
it *is* the full solution without its zero, which already meets the solver's
stopping test on the smaller problem, so the retrain takes no step and returns
the full model's answer. Measured, ``retrain="all"`` warm-started takes exactly
the steps of ``retrain="support"``. A cold start makes every retrain a real
solve.

The claims atlas runs :func:`svm_loo` (``retrain="all"``, warm-started) in the
page, as ``pipeline/site/assets/smo.js`` (its twin, a port step for step, which
``tests/js/smo.test.mjs`` checks against golden traces of the library). A
change of a step must be made in both, and the goldens written again:
``python tests/js/make_golden.py``.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from scipy.linalg.blas import daxpy as _daxpy

from ...core.contract.base import clone
from ...core.contract.exceptions import ConvergenceWarning
from ...core.contract.validation import check_array, check_labels, check_scalar
from .classifier import SVM
from .smo import GramQ, rho, solve

__all__ = ["SVMLOOResult", "loo_warm_start", "svm_loo"]


@dataclass(frozen=True)
class SVMLOOResult:
    """Result of :func:`svm_loo`.

    Attributes
    ----------
    loo_error : float
        n_errors / l.
    n_errors : int
        Points misclassified by the SVM trained without them.
    sv_bound : float
        #SV / l, the bound of Huang 2017 §5.2 (LOO error ≤ #SV / l).
    n_sv : int
        Support vectors of the SVM trained on all l points.
    mistakes : ndarray of bool of shape (l,)
        ``mistakes[i]``: the SVM trained without x_i misclassifies it.
    retrained : ndarray of int
        Points for which the SVM was retrained (every point, or the support
        vectors only).
    loo_decision : ndarray of shape (l,)
        f_{−i}(x_i), the decision value of the SVM trained without x_i (the
        full model's value for a point not retrained).
    n_iter : int
        SMO steps summed over the retrains.
    steps : ndarray of int
        SMO steps of each retrain, in the order of ``retrained``.
    model : SVM
        The SVM fitted on all l points.
    full_decision : ndarray of shape (l,)
        f(x_i) of the SVM fitted on all l points.
    """

    loo_error: float
    n_errors: int
    sv_bound: float
    n_sv: int
    mistakes: np.ndarray
    retrained: np.ndarray
    loo_decision: np.ndarray
    n_iter: int
    steps: np.ndarray
    model: SVM
    full_decision: np.ndarray


def _fill(amount: float, room: np.ndarray) -> np.ndarray:
    """Give ``amount`` to slots with capacities ``room``, in order, each to the full."""
    before = np.concatenate(([0.0], np.cumsum(room)[:-1]))
    return np.clip(amount - before, 0.0, room)


def loo_warm_start(
    alpha: np.ndarray,
    y: np.ndarray,
    C: float,
    i: int,
    k_i: np.ndarray,
    fit_intercept: bool = True,
) -> np.ndarray:
    """A feasible starting point for the SVM dual without point i.

    Setting α_i = 0 breaks yᵀα = 0 by y_i α_i. The other coordinates must
    change by Δ with Σ_{j≠i} y_j Δ_j = y_i α_i, within 0 ≤ α_j + Δ_j ≤ C:
    raise same-class α_j (y_j Δ_j = y_i Δ_j) or lower opposite-class α_j
    (y_j Δ_j = −y_i Δ_j) by α_i in total. The amount α_i is handed out

    1. to the same-class free support vectors (0 < α_j < C), nearest to x_i in
       the feature space first (largest k(x_i, x_j)), each up to C; they take
       over the role of the removed point;
    2. what is left (all of them at C, or none free) is taken off the
       opposite-class support vectors, nearest first, each down to 0. This
       always suffices: Σ_{y_j ≠ y_i} α_j = Σ_{y_j = y_i} α_j ≥ α_i.

    Values within 1e-12·C of 0 or C are then put exactly on the bound (the
    solver and the intercept tell free from bounded variables by exact
    comparison).

    Parameters
    ----------
    alpha : ndarray of shape (l,)
        A feasible α for all l points (0 ≤ α ≤ C, yᵀα = 0).
    y : ndarray of shape (l,)
        Labels in {−1, +1}.
    C : float
        Box constraint (may be inf).
    i : int
        The point left out.
    k_i : ndarray of shape (l,)
        k(x_i, x_j) for all j.
    fit_intercept : bool, default=True
        ``False``: there is no equality constraint; only α_i is set to 0.

    Returns
    -------
    start : ndarray of shape (l,)
        start[i] = 0 and Σ_j y_j start_j = 0 (up to rounding).
    """
    start = np.array(alpha, dtype=np.float64)
    amount = float(start[i])
    start[i] = 0.0
    if not fit_intercept or amount <= 0.0:
        return start
    same = y == y[i]
    same[i] = False
    free = np.flatnonzero(same & (start > 0.0) & (start < C))
    free = free[np.argsort(-k_i[free], kind="stable")]
    give = _fill(amount, C - start[free])
    start[free] += give
    rest = amount - float(give.sum())
    if rest > 0.0:
        other = np.flatnonzero((y != y[i]) & (start > 0.0))
        other = other[np.argsort(-k_i[other], kind="stable")]
        start[other] -= _fill(rest, start[other].copy())
    # Put values within rounding of a bound exactly on it: the solver and the
    # intercept tell free from bounded variables by exact comparison.
    eps = 1e-12 * (C if np.isfinite(C) else float(np.max(alpha)))
    start[start <= eps] = 0.0
    if np.isfinite(C):
        start[start >= C - eps] = C
    return start


def _clone(estimator: Any) -> Any:
    """A new unfitted estimator with the same hyper-parameters."""
    return clone(estimator)


def svm_loo(
    svm: SVM,
    X: object,
    y: object,
    *,
    retrain: Literal["all", "support"] = "support",
    start: Literal["warm", "cold"] = "warm",
    gram_bytes: int = 256 * 2**20,
) -> SVMLOOResult:
    """Exact leave-one-out error of an SVM by retraining without each point.

    The SVM is fitted once on all l points. For each point retrained, the SVM
    is trained on the l − 1 other points, warm-started from the full solution
    with α_i redistributed feasibly (``start="warm"``, see
    :func:`loo_warm_start`) or from α = 0 (``start="cold"``), and
    f_{−i}(x_i) is computed from the result:

        LOO error = (1/l) Σ_i 1[sign f_{−i}(x_i) ≠ y_i]

    (a decision value of exactly 0 predicts +1, as :meth:`SVM.predict`).

    ``retrain="all"`` retrains for every point: brute force. Warm-started, a
    non-support vector's start is the full α without its zero, which is
    already optimal for the smaller problem (the proof of the bound): the
    solver checks its KKT conditions and stops at once, so that retrain
    assumes what the bound says. Cold-started (``start="cold"``), every
    retrain solves the smaller problem from α = 0 and nothing about the bound
    is assumed: its result can contradict LOO ≤ #SV/l, and it is the one to
    measure the bound with. ``retrain="support"`` uses the proof instead: a
    non-support vector (α_i = 0) leaves the dual solution optimal when removed,
    so f_{−i} = f, and y_i f(x_i) ≥ 1 (up to the solver tolerance) makes it
    correct; only the support vectors are retrained, and
    LOO error = (1/l) Σ_{i∈SV} 1[sign f_{−i}(x_i) ≠ y_i] ≤ #SV / l holds by
    construction. Use it as a tool, not as evidence for the bound.

    When the l × l matrix Q = (y yᵀ) ∘ K fits in ``gram_bytes`` it is
    computed once and every retrain runs the SVM's SMO solver
    (:func:`marginlab.estimators.svm.smo.solve`, with the SVM's ``tol``, ``shrinking``
    and ``fit_intercept``) on a :class:`marginlab.estimators.svm.smo.GramQ` over the
    l − 1 other points: its columns are read from the rows of Q, so no
    (l − 1) × (l − 1) copy is made. The starting gradient G' = Qα' − e comes
    from the full one by the few coordinates that the redistribution changed,
    G' = G + Σ_k Δα_k Q_k. Otherwise each retrain is
    ``SVM.fit(X_{−i}, y_{−i}, alpha0=...)``.

    Parameters
    ----------
    svm : SVM
        An (unfitted) :class:`marginlab.SVM`; it is not modified, a copy
        with the same parameters is fitted.
    X : array-like of shape (l, n)
    y : array-like of shape (l,)
        Labels in {−1, +1}; each class needs at least 2 points (so that both
        classes remain when one point is left out).
    retrain : {"support", "all"}, default="support"
        Which points are left out and retrained for (see above).
    start : {"warm", "cold"}, default="warm"
        Where each retrain starts: the full solution with α_i handed to the
        others (fast), or α = 0 (every retrain a whole solve).
    gram_bytes : int > 0, default=256 MiB
        Memory allowed for the precomputed matrix Q (8 l² bytes).

    Returns
    -------
    SVMLOOResult

    Notes
    -----
    The LOO mistakes equal those of brute-force retraining up to the solver
    tolerance ``svm.tol``: a point whose decision value without it is within
    about ``tol`` of 0 can go either way.

    References
    ----------
    D. DeCoste and K. Wagstaff, "Alpha seeding for support vector machines",
    KDD 2000 (warm starts for leave-one-out).
    """
    if not isinstance(svm, SVM):
        raise TypeError(f"svm_loo needs a marginlab.SVM; got {svm!r}.")
    check_scalar(gram_bytes, "gram_bytes", "svm_loo", kind="int", low=1, closed="left")
    if retrain not in ("all", "support"):
        raise ValueError(
            "The 'retrain' parameter of svm_loo must be 'all' or 'support'. "
            f"Got {retrain!r}."
        )
    if start not in ("warm", "cold"):
        raise ValueError(
            f"The 'start' parameter of svm_loo must be 'warm' or 'cold'. Got {start!r}."
        )
    cold = start == "cold"
    X = check_array(X)
    y = check_labels(y, X.shape[0])
    m = X.shape[0]
    for label in (-1.0, 1.0):
        count = int(np.sum(y == label))
        if count < 2:
            raise ValueError(
                f"svm_loo needs at least 2 points of each class; class {label:+g} "
                f"has {count}."
            )
    model = _clone(svm).fit(X, y)
    alpha = model.alpha_
    C = float(model.C)
    kernel = model.kernel_
    with_bias = bool(model.fit_intercept)
    support = model.support_
    tol = float(model.tol)
    max_iter = model.max_iter if model.max_iter is not None else max(10**7, 100 * m)
    use_gram = 8 * m * m <= gram_bytes
    if use_gram:
        Q = kernel(X)  # K, made Q = (y yᵀ) ∘ K in place
        diag = np.ascontiguousarray(np.diagonal(Q))
        Q *= y[:, None]
        Q *= y[None, :]
        # y ∘ (f(x) − b) = Qα; einsum, not a BLAS matrix-vector product, which
        # on a busy machine can cost 20× more in threads.
        Q_alpha = np.einsum("jk,k->j", Q, alpha)
        G = Q_alpha - 1.0
        decision = y * Q_alpha + model.intercept_
    else:
        decision = model.decision_function(X)
    full_decision = decision.copy()
    n_iter = 0
    steps_of = []
    not_converged = 0
    everyone = np.arange(m)
    retrained = everyone if retrain == "all" else support
    for i in retrained.tolist():
        k_i = y[i] * y * Q[i] if use_gram else kernel(X[i : i + 1], X)[0]
        alpha0 = np.zeros(m) if cold else loo_warm_start(alpha, y, C, i, k_i, with_bias)
        keep = everyone != i
        if use_gram:
            if cold:
                G_start = np.full(m, -1.0)  # G = Qα − e at α = 0
            else:
                # G' = G + Σ_k Δα_k Q_k, one daxpy per moved row (a small
                # matrix-vector product here would wake BLAS threads per
                # retrain).
                delta = alpha0 - alpha
                shift = np.zeros(m)
                for k in np.flatnonzero(delta).tolist():
                    shift = _daxpy(Q[k], shift, a=float(delta[k]))
                G_start = G + shift
            y_sub = y[keep]
            result = solve(
                GramQ(Q, diag, everyone[keep]),
                y_sub,
                C,
                tol,
                alpha0[keep],
                G_start[keep],
                max_iter=max_iter,
                shrinking=model.shrinking,
                bias=with_bias,
            )
            a = result.alpha
            b = -rho(a, result.G, y_sub, C) if with_bias else 0.0
            decision[i] = float(k_i[keep] @ (a * y_sub)) + b
            steps, ok = result.n_iter, result.converged
        else:
            sub = _clone(svm)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                sub.fit(X[keep], y[keep], alpha0=None if cold else alpha0[keep])
            steps, ok = sub.n_iter_, sub.converged_
            decision[i] = float(sub.decision_function(X[i : i + 1])[0])
        n_iter += int(steps)
        steps_of.append(int(steps))
        not_converged += not ok
    if not_converged:
        warnings.warn(
            f"svm_loo: {not_converged} of {retrained.size} retrains reached "
            f"max_iter={max_iter} before converging; their LOO predictions may "
            "be off.",
            ConvergenceWarning,
            stacklevel=2,
        )
    mistakes = np.where(decision >= 0.0, 1.0, -1.0) != y
    n_errors = int(mistakes.sum())
    return SVMLOOResult(
        loo_error=n_errors / m,
        n_errors=n_errors,
        sv_bound=support.size / m,
        n_sv=int(support.size),
        mistakes=mistakes,
        retrained=retrained.copy(),
        loo_decision=decision,
        n_iter=n_iter,
        steps=np.asarray(steps_of, dtype=np.int64),
        model=model,
        full_decision=full_decision,
    )
