"""Kernel ridge regression: regularized least squares with any kernel.

Ridge regression, ‖y − Φw‖² + λ‖w‖² (Shewchuk, Lecture 14, §14.3, recalls it
beside the Lasso), kernelized as the lecture kernelizes the perceptron and
logistic regression: by the representer theorem w = Φᵀa, so the objective is
‖y − Ka‖² + λ aᵀKa, minimized by

    a = (K + λI)⁻¹ y,        f(z) = Σ_j a_j k(x_j, z).

On labels y ∈ {−1, +1} it is the least-squares classifier sign f (claim K19
compares its Gaussian- and polynomial-kernel hypotheses). The solution is
exact (one Cholesky factorization), so a hypothesis depends on the kernel and
λ only, never on a solver's stopping rule.
"""

from __future__ import annotations

import numpy as np
from scipy import linalg

from ..core.contract.base import BaseEstimator, Interval, RegressorMixin
from ..core.kernels import KERNEL, Gaussian, Kernel


class KernelRidge(RegressorMixin, BaseEstimator):
    """Kernel ridge regression, a = (K + λI)⁻¹ y.

    Parameters
    ----------
    kernel : Kernel or None, default=None
        ``None`` means ``Gaussian(sigma=1.0)``.
    lam : float > 0, default=1.0
        λ in ‖y − Ka‖² + λ aᵀKa, i.e. ‖y − Φw‖² + λ‖w‖² (scikit-learn's
        ``KernelRidge(alpha=λ)``, without an intercept).

    Attributes
    ----------
    dual_coef_ : ndarray of shape (m,)
        a.
    X_fit_ : ndarray of shape (m, n)
    kernel_ : Kernel
    n_features_in_ : int

    Examples
    --------
    >>> from marginlab import Linear
    >>> model = KernelRidge(kernel=Linear(), lam=1.0).fit([[1.0], [2.0]], [1.0, 2.0])
    >>> round(float(model.predict([[3.0]])[0]), 6)  # w = 5/6 for ‖y − xw‖² + w²
    2.5
    """

    _parameter_constraints = {
        "kernel": KERNEL,
        "lam": [Interval("float", 0.0, None)],
    }
    _fitted_attribute = "dual_coef_"

    def __init__(self, *, kernel: Kernel | None = None, lam: float = 1.0) -> None:
        self.kernel = kernel
        self.lam = lam

    def fit(self, X: object, y: object) -> KernelRidge:
        """Solve (K + λI) a = y; return self.

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Real targets (labels ±1 for the least-squares classifier).

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        kernel = self.kernel if self.kernel is not None else Gaussian()
        K = kernel(X)
        K[np.diag_indices_from(K)] += float(self.lam)
        self.dual_coef_ = linalg.solve(K, y, assume_a="pos")
        self.X_fit_, self.kernel_ = X, kernel
        return self

    def predict(self, X: object) -> np.ndarray:
        """f(z) = Σ_j a_j k(x_j, z) for every row of X."""
        X = self._check_X(X)
        return self.kernel_(X, self.X_fit_) @ self.dual_coef_
