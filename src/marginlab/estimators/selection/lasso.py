"""The Lasso: ½m⁻¹‖y − Xw − b‖² + λ‖w‖₁ with an unpenalized intercept (the
scaling of scikit-learn's ``Lasso(alpha=λ)`` and ``lasso_path``), by cyclic
coordinate descent with a warm-started path, its duality gap, and λ by
cross-validation.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.linalg.blas import daxpy as _daxpy

from ...core.contract.base import BaseEstimator, Interval, RegressorMixin
from ...core.contract.exceptions import ConvergenceWarning
from ...core.contract.validation import check_scalar, check_X_y
from ..model_selection import _kfold


def lasso_alpha_max(X: object, y: object) -> float:
    """α_max = max_j |X_cᵀ y_c|_j / m, the smallest λ at which w = 0 is optimal.

    The subgradient condition of ½m⁻¹‖y_c − X_c w‖² + λ‖w‖₁ at w = 0 is
    |X_cᵀ y_c|_j / m ≤ λ for every j.
    """
    X, y = check_X_y(X, y)
    Xc = X - X.mean(axis=0)
    return float(np.max(np.abs(Xc.T @ (y - y.mean())))) / X.shape[0]


def _alpha_grid(alpha_max: float, n_alphas: int, eps: float) -> np.ndarray:
    if alpha_max <= np.finfo(float).resolution:
        return np.full(n_alphas, np.finfo(float).resolution)
    return np.geomspace(alpha_max, alpha_max * eps, num=n_alphas)


def _duality_gap(
    w: np.ndarray, q: np.ndarray, c: np.ndarray, ynorm2: float, lam: float
) -> float:
    """Duality gap of P(w) = ½m⁻¹‖r‖² + λ‖w‖₁ from q = X_cᵀr/m and c = X_cᵀy_c/m.

    ‖r‖²/m = ‖y_c‖²/m − ⟨w, c⟩ − ⟨w, q⟩; the dual point θ = s·r/m with
    s = min(1, λ/‖q‖∞) is feasible (‖X_cᵀθ‖∞ ≤ λ) and
    gap = ½‖r‖²/m (1 + s²) + λ‖w‖₁ − s·⟨r, y_c⟩/m (scikit-learn's formula
    divided by m).
    """
    r2 = max(ynorm2 - float(w @ c) - float(w @ q), 0.0)
    qmax = float(np.max(np.abs(q))) if q.size else 0.0
    s = lam / qmax if qmax > lam else 1.0
    ry = ynorm2 - float(w @ c)
    return 0.5 * r2 * (1.0 + s * s) + lam * float(np.abs(w).sum()) - s * ry


def lasso_path(
    X: object,
    y: object,
    alphas: object | None = None,
    *,
    n_alphas: int = 100,
    eps: float = 1e-3,
    tol: float = 1e-4,
    max_iter: int = 1000,
    return_intercept: bool = False,
    return_n_iter: bool = False,
) -> tuple[np.ndarray, ...]:
    """Lasso path by cyclic coordinate descent with warm starts.

    For each λ of a decreasing grid, minimizes

        P(w) = ½m⁻¹ ‖y_c − X_c w‖² + λ‖w‖₁

    (X and y centered, so the intercept b = ȳ − ⟨w, x̄⟩ is unpenalized; the
    scaling of scikit-learn's ``lasso_path``, so λ here is its ``alpha``),
    starting from the solution at the previous λ.

    Coordinate descent works on the Gram matrix H = X_cᵀX_c / m and keeps
    the residual correlations q = X_cᵀ(y_c − X_c w)/m = c − Hw, with
    c = X_cᵀy_c/m ("covariance updates"): the exact minimizer along w_j is

        w_j ← S(w_j + q_j / H_jj, λ / H_jj),   S(u, t) = sign(u) max(|u| − t, 0),

    and a change δ of w_j updates q ← q − δ H[:, j]. Sweeps run over the
    active set (non-zero weights and features violating |q_j| ≤ λ); when a
    sweep's largest change is below ``tol`` times the largest weight, the
    KKT conditions |q_j| ≤ λ of the other features are checked (violators
    join the active set) and the duality gap is computed (see
    :func:`_duality_gap`). A λ is done when

        gap ≤ tol · ‖y_c‖² / m

    (scikit-learn's criterion). When a sweep leaves the support and signs s
    of w unchanged, the point they determine, w_A = H_AA⁻¹(c_A − λ s_A) on the
    support A, is tried and accepted if its signs are s_A, |q_j| ≤ λ holds
    off A and its gap meets the criterion: then it is the exact minimizer.
    This ends the sweeps early where coordinate descent creeps (correlated
    features, m ≈ d); the stopping rule is unchanged.

    The grid runs from α_max = ‖X_cᵀy_c‖∞ / m,
    where w = 0, down to eps·α_max, evenly spaced in log scale.

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    alphas : sequence of float > 0, optional
        The λ values (sorted into decreasing order). Default: ``n_alphas``
        values from α_max down to ``eps``·α_max.
    n_alphas : int, default=100
    eps : float in (0, 1), default=1e-3
    tol : float > 0, default=1e-4
    max_iter : int, default=1000
        Cap on sweeps per λ; reaching it raises a
        :class:`~marginlab.ConvergenceWarning`.
    return_intercept : bool, default=False
    return_n_iter : bool, default=False
        Also return the number of sweeps at each λ (scikit-learn's
        ``lasso_path`` has the same switch).

    Returns
    -------
    alphas : ndarray of shape (n_alphas,)
        Decreasing.
    coefs : ndarray of shape (d, n_alphas)
        coefs[:, k] is the minimizer at alphas[k].
    intercepts : ndarray of shape (n_alphas,)
        Only with ``return_intercept=True``.
    n_iters : ndarray of int of shape (n_alphas,)
        Only with ``return_n_iter=True`` (after ``intercepts`` when both are
        asked for): the coordinate-descent sweeps over the active set run at
        alphas[k], from the warm start the previous λ left, 1 to ``max_iter``
        (``max_iter`` where it warned). A sweep that ends with the exact
        point on the support (see above) counts as one.

    References
    ----------
    J. Friedman, T. Hastie and R. Tibshirani, "Regularization paths for
    generalized linear models via coordinate descent", J. Stat. Softw. 33(1),
    2010.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0]])
    >>> alphas, coefs = lasso_path(X, [0.0, 1.0, 2.0, 3.0], n_alphas=3)
    >>> coefs.shape, bool(np.all(coefs[:, 0] == 0))
    ((2, 3), True)
    """
    X, y = check_X_y(X, y)
    n_alphas = int(
        check_scalar(
            n_alphas, "n_alphas", "lasso_path", kind="int", low=1, closed="left"
        )
    )
    eps = float(check_scalar(eps, "eps", "lasso_path", low=0.0, high=1.0))
    tol = float(check_scalar(tol, "tol", "lasso_path", low=0.0))
    max_iter = int(
        check_scalar(
            max_iter, "max_iter", "lasso_path", kind="int", low=1, closed="left"
        )
    )
    m, d = X.shape
    x_mean, y_mean = X.mean(axis=0), float(y.mean())
    Xc = X - x_mean
    yc = y - y_mean
    H = (Xc.T @ Xc) / m
    c = (Xc.T @ yc) / m
    ynorm2 = float(yc @ yc) / m
    if alphas is None:
        grid = _alpha_grid(float(np.max(np.abs(c))), n_alphas, eps)
    else:
        grid = np.asarray(alphas, dtype=np.float64).ravel()
        if grid.size == 0:
            raise ValueError("lasso_path: alphas is empty.")
        for a in grid:
            check_scalar(float(a), "alphas", "lasso_path", low=0.0)
        grid = np.sort(grid)[::-1]
    coefs = np.zeros((d, grid.size))
    w = np.zeros(d)
    q = c.copy()
    threshold = tol * ynorm2
    rows = list(H)
    h_diag = np.diagonal(H).tolist()
    not_converged = []
    n_iters = np.zeros(grid.size, dtype=np.intp)
    for k, lam in enumerate(grid):
        converged, n_iters[k] = _lasso_cd(
            H, rows, h_diag, c, ynorm2, float(lam), w, q, tol, threshold, max_iter
        )
        if not converged:
            not_converged.append(float(lam))
        coefs[:, k] = w
    if not_converged:
        warnings.warn(
            f"lasso_path: {len(not_converged)} of {grid.size} alphas reached "
            f"max_iter={max_iter} sweeps before the duality gap fell below "
            f"tol·‖y_c‖²/m = {threshold:.3g} (first: alpha={not_converged[0]:.4g}).",
            ConvergenceWarning,
            stacklevel=2,
        )
    out = (grid, coefs)
    if return_intercept:
        out += (y_mean - x_mean @ coefs,)
    if return_n_iter:
        out += (n_iters,)
    return out


def _lasso_cd(
    H: np.ndarray,
    rows: list[np.ndarray],
    h_diag: list[float],
    c: np.ndarray,
    ynorm2: float,
    lam: float,
    w: np.ndarray,
    q: np.ndarray,
    tol: float,
    threshold: float,
    max_iter: int,
) -> tuple[bool, int]:
    """Coordinate descent at one λ from the warm start (w, q); updates both in place.

    Returns whether the duality gap met the criterion, and the number of
    sweeps run (1 to ``max_iter``).

    ``rows[j]`` is H[j] (= H[:, j], H symmetric) and ``h_diag[j]`` is H_jj. The
    update q ← q − δ H[:, j] is one BLAS ``daxpy`` in place.

    Whenever a sweep leaves the support and the signs s of w unchanged, the
    point those signs determine is tried: on the support A the optimality
    conditions q_A = λ s_A are linear, w_A = H_AA⁻¹ (c_A − λ s_A). It is
    accepted only if its duality gap meets the same criterion, so it can
    only end the sweeps early (on ill-conditioned problems, where coordinate
    descent creeps), never change what counts as converged.
    """
    wl = w.tolist()
    active = set(np.flatnonzero(w).tolist())
    active.update(np.flatnonzero(np.abs(q) > lam).tolist())
    tried: set[tuple[tuple[int, ...], tuple[bool, ...]]] = set()
    for sweep in range(1, max_iter + 1):
        max_change = 0.0
        max_w = 0.0
        support_changed = False
        for j in sorted(active):
            hjj = h_diag[j]
            if hjj <= 0.0:  # a constant feature: its weight stays 0
                continue
            old = wl[j]
            u = old + float(q[j]) / hjj
            t = lam / hjj
            new = u - t if u > t else (u + t if u < -t else 0.0)
            if new != old:
                delta = new - old
                wl[j] = new
                _axpy(rows[j], q, a=-delta)
                if abs(delta) > max_change:
                    max_change = abs(delta)
                if (old > 0.0) != (new > 0.0) or (old < 0.0) != (new < 0.0):
                    support_changed = True
            if abs(new) > max_w:
                max_w = abs(new)
        if max_w == 0.0 or max_change <= tol * max_w:
            w[:] = wl
            grown = [
                j for j in np.flatnonzero(np.abs(q) > lam).tolist() if j not in active
            ]
            if grown:  # KKT violated outside the active set
                active.update(grown)
                continue
            if _duality_gap(w, q, c, ynorm2, lam) <= threshold:
                return True, sweep
        if not support_changed and max_w > 0.0:
            support = [j for j in sorted(active) if wl[j] != 0.0]
            key = (tuple(support), tuple(wl[j] > 0.0 for j in support))
            if key not in tried:
                tried.add(key)
                signs = np.where(np.array(key[1]), 1.0, -1.0)
                if _lasso_on_support(
                    H, c, ynorm2, lam, support, signs, w, q, threshold
                ):
                    return True, sweep
    w[:] = wl
    return False, max_iter


def _lasso_on_support(
    H: np.ndarray,
    c: np.ndarray,
    ynorm2: float,
    lam: float,
    support: list[int],
    signs: np.ndarray,
    w: np.ndarray,
    q: np.ndarray,
    threshold: float,
) -> bool:
    """Try w_A = H_AA⁻¹(c_A − λ s_A), 0 elsewhere; on success store it in (w, q).

    Succeeds when the signs of w_A are s_A, |q_j| ≤ λ off the support (then
    the point is the exact minimizer) and its duality gap is at most
    ``threshold`` (a check against rounding).
    """
    idx = np.array(support)
    try:
        w_support = np.linalg.solve(H[np.ix_(idx, idx)], c[idx] - lam * signs)
    except np.linalg.LinAlgError:
        return False
    if not np.all(np.isfinite(w_support)) or np.any(np.sign(w_support) != signs):
        return False
    candidate = np.zeros_like(w)
    candidate[idx] = w_support
    q_candidate = c - np.einsum("jk,k->j", H[:, idx], w_support)  # no BLAS threads
    outside = np.ones(w.shape[0], dtype=bool)
    outside[idx] = False
    slack = 1e-12 * max(lam, float(np.max(np.abs(c))))
    if np.any(np.abs(q_candidate[outside]) > lam + slack):
        return False  # another feature should be in the support
    if _duality_gap(candidate, q_candidate, c, ynorm2, lam) > threshold:
        return False
    w[:] = candidate
    q[:] = q_candidate
    return True


def _axpy(x: np.ndarray, y: np.ndarray, a: float) -> None:
    """y ← y + a·x in place (BLAS daxpy; y must be contiguous float64)."""
    out = _daxpy(x, y, a=a)
    if out is not y:  # pragma: no cover - f2py copies only non-contiguous input
        y[:] = out


class Lasso(RegressorMixin, BaseEstimator):
    """The Lasso as an estimator: one λ of :func:`lasso_path`.

    Parameters
    ----------
    lam : float > 0, default=1.0
        λ in ½m⁻¹‖y − Xw − b‖² + λ‖w‖₁ (scikit-learn's ``Lasso(alpha=λ)``;
        :func:`lasso_path` keeps scikit-learn's name ``alphas`` for its grid).
    tol : float > 0, default=1e-4
    max_iter : int ≥ 1, default=1000

    Attributes
    ----------
    coef_ : ndarray of shape (d,)
    intercept_ : float
    n_iter_ : int
        The coordinate-descent sweeps of the fit (1 to ``max_iter``;
        ``max_iter`` when it warned). The fit solves :func:`lasso_path` at
        the one λ = ``lam``, from w = 0: no other λ runs before it, so this
        is its count alone (``return_n_iter`` of :func:`lasso_path` gives
        the count at every λ of a path, each from the previous λ's warm
        start).
    n_features_in_ : int
    """

    _parameter_constraints = {
        "lam": [Interval("float", 0.0, None)],
        "tol": [Interval("float", 0.0, None)],
        "max_iter": [Interval("int", 1, None, closed="left")],
    }
    _fitted_attribute = "coef_"

    def __init__(
        self, *, lam: float = 1.0, tol: float = 1e-4, max_iter: int = 1000
    ) -> None:
        self.lam = lam
        self.tol = tol
        self.max_iter = max_iter

    def fit(self, X: object, y: object) -> Lasso:
        """Solve the Lasso at λ = ``lam`` on (X, y); return self."""
        self._validate_params()
        X, y = self._validate_data(X, y)
        _, coefs, intercepts, n_iters = lasso_path(
            X,
            y,
            [self.lam],
            tol=self.tol,
            max_iter=self.max_iter,
            return_intercept=True,
            return_n_iter=True,
        )
        self.coef_, self.intercept_ = coefs[:, 0], float(intercepts[0])
        self.n_iter_ = int(n_iters[0])
        return self

    def predict(self, X: object) -> np.ndarray:
        """b + ⟨w, x⟩ for every row of X."""
        return self._check_X(X) @ self.coef_ + self.intercept_


@dataclass(frozen=True)
class LassoCVResult:
    """Result of :func:`lasso_cv`.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per λ (decreasing): ``alpha``, ``cv_mse`` (mean over folds),
        ``cv_std`` (ddof 0), ``n_nonzero`` (non-zero weights of the fit on all
        data).
    alpha : float
        The λ of smallest CV error (ties: the larger λ, the sparser model).
    coef : ndarray of shape (d,)
        Weights at ``alpha``, fitted on all the data.
    intercept : float
    alphas : ndarray
    coefs : ndarray of shape (d, n_alphas)
        The path on all the data.
    """

    table: pd.DataFrame
    alpha: float
    coef: np.ndarray
    intercept: float
    alphas: np.ndarray
    coefs: np.ndarray


def lasso_cv(
    X: object,
    y: object,
    alphas: object | None = None,
    n_splits: int = 5,
    seed: int | np.random.Generator = 0,
    *,
    n_alphas: int = 100,
    eps: float = 1e-3,
    tol: float = 1e-4,
    max_iter: int = 1000,
) -> LassoCVResult:
    """Choose λ of the Lasso by K-fold cross-validation.

    The grid (default: from α_max of all the data down to eps·α_max) is
    shared by all folds; on each fold the path is computed on the training
    part (with its own centering) and the mean squared error measured on the
    test part. CV(λ) = (1/K) Σ_f MSE_f(λ).

    Parameters
    ----------
    X : array-like of shape (m, d)
    y : array-like of shape (m,)
    alphas : sequence of float > 0, optional
    n_splits : int, default=5
    seed : int or Generator, default=0
        Seeds the folds (:func:`marginlab.kfold_indices`,
        ``stratify=False``).
    n_alphas, eps, tol, max_iter
        As in :func:`lasso_path`.

    Returns
    -------
    LassoCVResult
    """
    X, y = check_X_y(X, y)
    folds = _kfold(y, n_splits, seed, False, "lasso_cv")
    kw = {"n_alphas": n_alphas, "eps": eps, "tol": tol, "max_iter": max_iter}
    grid, coefs, intercepts = lasso_path(X, y, alphas, return_intercept=True, **kw)
    errors = np.empty((len(folds), grid.size))
    for f, (train, test) in enumerate(folds):
        _, fc, fb = lasso_path(X[train], y[train], grid, return_intercept=True, **kw)
        pred = X[test] @ fc + fb
        errors[f] = np.mean((y[test][:, None] - pred) ** 2, axis=0)
    mean = errors.mean(axis=0)
    best = int(np.argmin(mean))  # first minimum: the largest λ
    table = pd.DataFrame(
        {
            "alpha": grid,
            "cv_mse": mean,
            "cv_std": errors.std(axis=0),
            "n_nonzero": np.count_nonzero(coefs, axis=0),
        }
    )
    return LassoCVResult(
        table=table,
        alpha=float(grid[best]),
        coef=coefs[:, best].copy(),
        intercept=float(intercepts[best]),
        alphas=grid,
        coefs=coefs,
    )
