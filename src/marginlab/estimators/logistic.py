"""Kernel logistic regression by gradient ascent, as Shewchuk's Lecture 14 has it.

With targets t_i = (y_i + 1)/2 ∈ {0, 1}, scores f = Ka (+ b) and the logistic
s(u) = 1/(1 + e^{−u}):

* batch gradient ascent: a ← a + ε(t − s(Ka) − λa);
* stochastic gradient ascent, one point i at a time:
  a_i ← a_i + ε(t_i − s((Ka)_i) − λa_i), and Ka updated in O(m).

The hypothesis is h(z) = s(Σ_j a_j k(x_j, z)): with the Gaussian kernel, a sum
of Gaussian bumps centred at the samples, weighted by the dual weights a_j.
λ ≥ 0 is an L2 penalty on w = Σ a_j φ(x_j): the updates are gradient ascent in
w on J = ℓ − (λ/2)‖w‖², with ℓ = −Σ log(1 + e^{−y_i f_i}) the log-likelihood and
‖w‖² = aᵀKa.
"""

from __future__ import annotations

import warnings
from typing import Literal

import numpy as np

from ..core.contract.base import (
    RANDOM_STATE,
    BaseEstimator,
    Boolean,
    ClassifierMixin,
    Interval,
    Options,
)
from ..core.contract.exceptions import ConvergenceWarning
from ..core.contract.validation import check_random_state
from ..core.kernels import KERNEL, Gaussian, Kernel
from .perceptron import UpdateCallback, update_scores


def sigmoid(u: np.ndarray) -> np.ndarray:
    """Logistic function 1/(1 + e^{−u}), without overflow for any u."""
    u = np.asarray(u, dtype=float)
    out = np.empty_like(u)
    pos = u >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-u[pos]))
    e = np.exp(u[~pos])
    out[~pos] = e / (1.0 + e)
    return out


def log_likelihood(f: np.ndarray, y: np.ndarray) -> float:
    """ℓ = Σ log s(y_i f_i) = −Σ log(1 + e^{−y_i f_i}), computed stably."""
    return float(-np.logaddexp(0.0, -y * f).sum())


class KernelLogisticRegression(ClassifierMixin, BaseEstimator):
    """Kernel logistic regression fitted by batch or stochastic gradient ascent.

    Parameters
    ----------
    kernel : Kernel or None, default=None
        ``None`` means ``Gaussian(sigma=1.0)``.
    method : {"batch", "stochastic"}, default="batch"
    step : float > 0, default=0.1
        ε. Batch ascent increases J every epoch when ε is small enough
        (ε < 2/(λ_max(K)/4 + λ) suffices).
    lam : float >= 0, default=0.0
        λ, the strength of the L2 penalty (λ/2)‖w‖².
    fit_intercept : bool, default=False
        Add an unpenalized bias b (b ← b + ε Σ(t − s)); the lecture has none.
    max_epochs : int >= 1, default=1000
        An epoch is one batch step, or one pass over the points.
    tol : float >= 0, default=1e-8
        Stop at the first epoch after which max_i |t_i − s(f_i) − λa_i| < tol:
        the dual gradient vanishes at the optimum (stationarity).
    shuffle : bool, default=True
        Stochastic ascent visits the points in a new seeded order every epoch.
    random_state : int, Generator or None, default=0

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1 (the targets t = 0 and t = 1).
    n_features_in_ : int
    dual_coef_ : ndarray of shape (m,)
        a.
    intercept_ : float
    history_ : dict of ndarrays
        ``log_likelihood`` and ``objective`` (J) after each epoch.
    n_epochs_ : int
    converged_ : bool
    """

    _parameter_constraints = {
        "kernel": KERNEL,
        "method": [Options(("batch", "stochastic"))],
        "step": [Interval("float", 0.0, None)],
        "lam": [Interval("float", 0.0, None, closed="left")],
        "fit_intercept": [Boolean()],
        "max_epochs": [Interval("int", 1, None, closed="left")],
        "tol": [Interval("float", 0.0, None, closed="left")],
        "shuffle": [Boolean()],
        "random_state": RANDOM_STATE,
    }
    _fitted_attribute = "dual_coef_"

    def __init__(
        self,
        *,
        kernel: Kernel | None = None,
        method: Literal["batch", "stochastic"] = "batch",
        step: float = 0.1,
        lam: float = 0.0,
        fit_intercept: bool = False,
        max_epochs: int = 1000,
        tol: float = 1e-8,
        shuffle: bool = True,
        random_state: int | np.random.Generator | None = 0,
    ) -> None:
        self.kernel = kernel
        self.method = method
        self.step = step
        self.lam = lam
        self.fit_intercept = fit_intercept
        self.max_epochs = max_epochs
        self.tol = tol
        self.shuffle = shuffle
        self.random_state = random_state

    def fit(
        self, X: object, y: object, callback: UpdateCallback | None = None
    ) -> KernelLogisticRegression:
        """Gradient ascent on J for at most ``max_epochs`` epochs.

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Two class labels (see ``classes_``).
        callback : callable, optional
            Called after every update as ``callback(i, a, b, f)``: the index of
            the weight a stochastic step changed (−1 after a batch step, which
            changes them all), the dual weights a, the intercept b and the kept
            scores f = Ka + b (the live arrays: copy them to keep them, and do
            not change them). For monitoring (claim K18).

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        kernel = self.kernel if self.kernel is not None else Gaussian()
        K = kernel(X)
        t = (y + 1.0) / 2.0
        m, eps, lam = X.shape[0], float(self.step), float(self.lam)
        a = np.zeros(m)
        f = np.zeros(m)  # Ka + b, kept up to date
        b = 0.0
        rng = check_random_state(self.random_state)

        def objective() -> tuple[float, float]:
            ll = log_likelihood(f, y)
            return ll, ll - 0.5 * lam * float(a @ (f - b))

        lls, objs, gradient = [], [], np.inf
        self.converged_ = False
        for _ in range(self.max_epochs):
            if self.method == "batch":
                residual = t - sigmoid(f)
                delta = eps * (residual - lam * a)
                a += delta
                f += K @ delta
                if self.fit_intercept:
                    db = eps * residual.sum()
                    b += db
                    f += db
                if callback is not None:
                    callback(-1, a, b, f)
            else:
                order = rng.permutation(m) if self.shuffle else range(m)
                for i in order:
                    residual = t[i] - sigmoid(f[i : i + 1])[0]
                    delta = eps * (residual - lam * a[i])
                    a[i] += delta
                    update_scores(f, K, i, delta)
                    if self.fit_intercept:
                        b += eps * residual
                        f += eps * residual
                    if callback is not None:
                        callback(int(i), a, b, f)
            ll, obj = objective()
            lls.append(ll)
            objs.append(obj)
            gradient = float(np.abs(t - sigmoid(f) - lam * a).max())
            if gradient < self.tol:
                self.converged_ = True
                break
        self.history_ = {
            "log_likelihood": np.asarray(lls),
            "objective": np.asarray(objs),
        }
        self.n_epochs_ = len(lls)
        if not self.converged_:
            warnings.warn(
                f"KernelLogisticRegression ({self.method}) did not converge in "
                f"{self.max_epochs} epochs: max |t - s(f) - λa| = {gradient:.3g} "
                f"> tol = {self.tol:g}.",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.dual_coef_, self.intercept_ = a, b
        self.X_fit_, self.kernel_ = X, kernel
        return self

    def decision_function(self, X: object) -> np.ndarray:
        """f(z) = Σ_j a_j k(x_j, z) + b, the log-odds of ``classes_[1]``."""
        X = self._check_X(X)
        return self.kernel_(X, self.X_fit_) @ self.dual_coef_ + self.intercept_

    def predict_proba(self, X: object) -> np.ndarray:
        """Class probabilities: column 1 is h(z) = s(f(z)), column 0 is 1 − h(z).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, 2)
            Columns in the order of ``classes_`` (scikit-learn's layout).
        """
        h = sigmoid(self.decision_function(X))
        return np.column_stack([1.0 - h, h])
