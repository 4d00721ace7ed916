"""Ridge regression: ‖y − Xw − b‖² + λ‖w‖² with an unpenalized intercept (the
scaling of scikit-learn's ``Ridge(alpha=λ)``), solved on centered data.
"""

from __future__ import annotations

import numpy as np

from ...core.contract.base import BaseEstimator, Interval, RegressorMixin
from ...core.contract.validation import check_scalar, check_X_y


def _check_lams(lams: object, owner: str, name: str = "lam") -> np.ndarray:
    values = np.atleast_1d(np.asarray(lams, dtype=np.float64))
    if values.ndim != 1 or values.size == 0:
        raise ValueError(f"{owner}: {name} must be a number or a 1-D list of numbers.")
    for v in values:
        check_scalar(float(v), name, owner, low=0.0, closed="left")
    return values


def ridge_path(X: object, y: object, lams: object) -> np.ndarray:
    """Ridge weights for several λ: minimize ‖y − Xw − b‖² + λ‖w‖² (b free).

    With the SVD X_c = U diag(s) Vᵀ, w(λ) = V diag(s / (s² + λ)) Uᵀ y_c; at
    λ = 0 directions with s ≈ 0 get weight 0 (the minimum-norm least-squares
    solution). The intercepts are b(λ) = ȳ − ⟨w(λ), x̄⟩.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    lams : float or sequence of float ≥ 0

    Returns
    -------
    coefs : ndarray of shape (d, n_lams)
    """
    X, y = check_X_y(X, y)
    lams = _check_lams(lams, "ridge_path")
    Xc = X - X.mean(axis=0)
    U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    uy = U.T @ (y - y.mean())
    cutoff = s.max(initial=0.0) * max(X.shape) * np.finfo(float).eps
    big = s > cutoff
    factors = np.zeros((s.size, lams.size))
    factors[big] = s[big, None] / (s[big, None] ** 2 + lams[None, :])
    return Vt.T @ (factors * uy[:, None])


def ridge(X: object, y: object, lam: float) -> tuple[np.ndarray, float]:
    """Ridge regression with an unpenalized intercept.

    Minimizes ‖y − Xw − b‖² + λ‖w‖² (Shewchuk, Lecture 14; scikit-learn's
    ``Ridge(alpha=λ)`` minimizes the same sum, without a 1/m factor):
    w = (X_cᵀX_c + λI)⁻¹ X_cᵀ y_c, b = ȳ − ⟨w, x̄⟩.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    lam : float ≥ 0
        λ; 0 gives (minimum-norm) least squares.

    Returns
    -------
    coef : ndarray of shape (d,)
    intercept : float
    """
    check_scalar(lam, "lam", "ridge", low=0.0, closed="left")
    X, y = check_X_y(X, y)
    coef = ridge_path(X, y, [float(lam)])[:, 0]
    return coef, float(y.mean() - X.mean(axis=0) @ coef)


class Ridge(RegressorMixin, BaseEstimator):
    """Ridge regression as an estimator (see :func:`ridge`).

    Parameters
    ----------
    lam : float ≥ 0, default=1.0
        λ in ‖y − Xw − b‖² + λ‖w‖² (scikit-learn's ``Ridge(alpha=λ)``).

    Attributes
    ----------
    coef_ : ndarray of shape (d,)
    intercept_ : float
    n_features_in_ : int
    """

    _parameter_constraints = {"lam": [Interval("float", 0.0, None, closed="left")]}
    _fitted_attribute = "coef_"

    def __init__(self, *, lam: float = 1.0) -> None:
        self.lam = lam

    def fit(self, X: object, y: object) -> Ridge:
        """Solve the ridge problem on (X, y); return self."""
        self._validate_params()
        X, y = self._validate_data(X, y)
        self.coef_, self.intercept_ = ridge(X, y, self.lam)
        return self

    def predict(self, X: object) -> np.ndarray:
        """b + ⟨w, x⟩ for every row of X."""
        return self._check_X(X) @ self.coef_ + self.intercept_
