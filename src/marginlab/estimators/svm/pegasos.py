"""Kernelized Pegasos: stochastic sub-gradient descent on the SVM's primal objective.

P(w) = λ/2 ‖w‖² + (1/m) Σ_i max(0, 1 − y_i ⟨w, φ(x_i)⟩), with step 1/(λt)
(Shalev-Shwartz et al. 2011; Huang 2017, 'Pegasos'). :func:`primal_objective`
evaluates the same objective for a fitted :class:`~.classifier.SVM`, so that
the two can be compared (K13).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ...core.contract.base import (
    RANDOM_STATE,
    BaseEstimator,
    ClassifierMixin,
    InstanceOf,
    Interval,
)
from ...core.contract.validation import check_array, check_labels, check_random_state
from ...core.kernels import KERNEL, Gaussian, Kernel
from .classifier import SVM
from .smo import KernelQ


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
        columns = KernelQ(kernel, X, np.ones(m), 200 * 2**20)
        picks = check_random_state(self.random_state).integers(0, m, size=T)
        record = {int(t) for t in self.record_at if 1 <= int(t) <= T}
        alpha = np.zeros(m)
        s = np.zeros(m)  # Σ_j α_j y_j k(x_·, x_j)
        objective: dict[int, float] = {}
        for t in range(1, T + 1):
            i = picks[t - 1]
            if y[i] * s[i] / (lam * t) < 1.0:
                alpha[i] += 1.0
                s += y[i] * columns.get_Q(i, m)
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
