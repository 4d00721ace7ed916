"""S2 (Shewchuk, Lecture 14, §14.3, the "lassoridge" picture): the L1 diamond
and the RSS ellipses.

The isocontours of ‖w‖₁ are cross-polytopes (a diamond in 2-D); the
constrained solution argmin{RSS(w) : ‖w‖₁ ≤ t} sits where an RSS ellipse first
touches the diamond, often at a tip, where one weight is zero. The circle
‖w‖₂ ≤ t of ridge has no tips. :func:`contour_tables` draws both on a
generated 2-feature problem and solves both constrained problems exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.optimize import brentq

from ...core.contract.validation import check_random_state, check_scalar
from ...estimators.selection import (
    lasso_path,
    ridge_path,
)


def _rss(G: np.ndarray, c: np.ndarray, yy: float, W: np.ndarray) -> np.ndarray:
    """RSS(w) = ‖y_c − X_c w‖² = y_cᵀy_c − 2wᵀc + wᵀGw for the rows of W.

    G = X_cᵀX_c and c = X_cᵀy_c; clipped at 0 against rounding.
    """
    W = np.atleast_2d(W)
    value = yy - 2.0 * (W @ c) + np.einsum("ij,jk,ik->i", W, G, W)
    return np.maximum(value, 0.0)


def constrained_lasso_2d(X: np.ndarray, y: np.ndarray, t: float) -> np.ndarray:
    """argmin RSS(w) subject to |w1| + |w2| ≤ t, exactly, for two features.

    RSS(w) = ‖y_c − X_c w‖² (intercept profiled out by centering). If the
    least-squares solution β̂ has ‖β̂‖₁ ≤ t it is the answer. Otherwise the
    minimizer of the convex RSS over the diamond lies on its boundary, the
    four edges from vertex a to vertex b: along w(s) = a + s(b − a) the RSS
    is a parabola in s with minimizer s* = ⟨y_c − X_c a, X_c(b − a)⟩ /
    ‖X_c(b − a)‖², clipped to [0, 1]; the best of the four edges wins. A
    clipped s* is a tip of the diamond, where one weight is exactly 0.0.

    Parameters
    ----------
    X : ndarray of shape (m, 2)
    y : ndarray of shape (m,)
    t : float > 0

    Returns
    -------
    w : ndarray of shape (2,)
    """
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError("constrained_lasso_2d: X must have exactly two columns.")
    t = float(check_scalar(t, "t", "constrained_lasso_2d", low=0.0))
    Xc = X - X.mean(axis=0)
    yc = np.asarray(y, dtype=np.float64) - float(np.mean(y))
    beta = np.linalg.lstsq(Xc, yc, rcond=None)[0]
    if np.abs(beta).sum() <= t:
        return beta
    tips = [np.array(v) for v in ((t, 0.0), (0.0, t), (-t, 0.0), (0.0, -t))]
    best: tuple[float, np.ndarray] | None = None
    for a, b in zip(tips, tips[1:] + tips[:1], strict=True):
        direction = Xc @ (b - a)
        residual = yc - Xc @ a
        s = float(residual @ direction) / float(direction @ direction)
        s = min(max(s, 0.0), 1.0)
        w = b.copy() if s == 1.0 else (a.copy() if s == 0.0 else a + s * (b - a))
        rss = float(np.sum((yc - Xc @ w) ** 2))
        if best is None or rss < best[0]:
            best = (rss, w)
    assert best is not None
    return best[1]


def constrained_ridge(
    X: np.ndarray, y: np.ndarray, t: float
) -> tuple[np.ndarray, float]:
    """argmin RSS(w) subject to ‖w‖₂ ≤ t, and its ridge penalty λ.

    If ‖β̂‖₂ ≤ t the answer is β̂ (λ = 0). Otherwise it is the ridge solution
    w(λ) = (X_cᵀX_c + λI)⁻¹X_cᵀy_c whose norm equals t: ‖w(λ)‖₂ decreases
    from ‖β̂‖₂ to 0 as λ grows and ‖w(λ)‖₂ ≤ ‖X_cᵀy_c‖₂ / λ, so the root lies
    in (0, ‖X_cᵀy_c‖₂ / t] and is found by Brent's method (to 1e-14 relative).

    Parameters
    ----------
    X : ndarray of shape (m, d)
    y : ndarray of shape (m,)
    t : float > 0
        The radius of the ball.

    Returns
    -------
    w : ndarray of shape (n_features,)
    lam : float
        λ in ‖y − b − Xw‖² + λ‖w‖².
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    t = float(check_scalar(t, "t", "constrained_ridge", low=0.0))
    beta = ridge_path(X, y, [0.0])[:, 0]
    if np.linalg.norm(beta) <= t:
        return beta, 0.0
    c = (X - X.mean(axis=0)).T @ (y - y.mean())
    upper = float(np.linalg.norm(c)) / t

    def excess(lam: float) -> float:
        return float(np.linalg.norm(ridge_path(X, y, [lam])[:, 0])) - t

    lam = float(brentq(excess, 0.0, upper, xtol=1e-15 * upper, rtol=1e-14))
    return ridge_path(X, y, [lam])[:, 0], lam


def contour_tables(
    seed: int,
    *,
    n_samples: int = 100,
    rho: float = 0.5,
    coef: Sequence[float] = (2.0, 0.3),
    noise: float = 1.0,
    budget: float = 1.0,
    grid_points: int = 201,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """S2: RSS contours, the L1 diamond and L2 circle of radius t, both solutions.

    Data: x ~ N(0, [[1, ρ], [ρ, 1]]), y = ⟨w_true, x⟩ + ε, ε ~ N(0, noise²),
    ``n_samples`` points from ``numpy.random.default_rng(seed)``. RSS(w) =
    ‖y_c − X_c w‖² (the intercept profiled out), a quadratic whose level
    sets are ellipses centred at the least-squares β̂. The Lasso solution is
    argmin{RSS : ‖w‖₁ ≤ t} (:func:`constrained_lasso_2d`, exact); its penalty
    in the library's scaling ½m⁻¹‖·‖² + λ‖w‖₁ is λ = ‖X_cᵀ(y_c − X_c w)‖∞/m
    (the KKT condition), and :func:`~marginlab.lasso_path` at
    that λ is run as a check. The ridge solution is argmin{RSS : ‖w‖₂ ≤ t}
    (:func:`constrained_ridge`), checked against
    :func:`~marginlab.ridge_path` at its λ.

    Parameters
    ----------
    seed : int
    n_samples : int, default=100
    rho : float in (−1, 1), default=0.5
        Correlation of the two features (tilts the ellipses).
    coef : pair of float, default=(2.0, 0.3)
        w_true. With the defaults the Lasso solution is the tip (t, 0) of
        the diamond and the ridge solution has two non-zero weights.
    noise : float ≥ 0, default=1.0
    budget : float > 0, default=1.0
        t, the radius of both balls.
    grid_points : int, default=201
        Grid points per axis for the contours.

    Returns
    -------
    contours : DataFrame
        ``w1, w2, rss`` on a ``grid_points`` × ``grid_points`` grid (w1
        varying fastest) covering the origin, β̂ and both balls.
    balls : DataFrame
        ``shape`` ("l1" or "l2"), ``w1, w2``: closed boundary polygons of
        ‖w‖₁ = t (the five points of the diamond) and ‖w‖₂ = t.
    solutions : DataFrame
        ``method`` ("least_squares", "lasso", "ridge"), ``w1, w2, rss,
        l1_norm, l2_norm``, ``n_zero`` (coordinates exactly 0.0), ``lam``
        (the equivalent penalty; NaN for least squares), ``path_check``
        (max |w − path solution at lam|), ``budget, rho, n_samples, seed``.
    """
    m = int(check_scalar(n_samples, "n_samples", "contour_tables", kind="int", low=3))
    rho = float(check_scalar(rho, "rho", "contour_tables", low=-1.0, high=1.0))
    t = float(check_scalar(budget, "budget", "contour_tables", low=0.0))
    g = int(
        check_scalar(grid_points, "grid_points", "contour_tables", kind="int", low=2)
    )
    true = np.asarray(coef, dtype=np.float64)
    if true.shape != (2,):
        raise ValueError("contour_tables: coef must hold two numbers.")
    rng = check_random_state(seed)
    cov = np.array([[1.0, rho], [rho, 1.0]])
    X = rng.multivariate_normal(np.zeros(2), cov, size=m, method="cholesky")
    y = X @ true + noise * rng.standard_normal(m)
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    G, c, yy = Xc.T @ Xc, Xc.T @ yc, float(yc @ yc)

    beta = np.linalg.solve(G, c)
    w_lasso = constrained_lasso_2d(X, y, t)
    lam_lasso = float(np.max(np.abs(c - G @ w_lasso))) / m
    path_lasso = lasso_path(X, y, [lam_lasso], tol=1e-14, max_iter=100_000)[1][:, 0]
    w_ridge, lam_ridge = constrained_ridge(X, y, t)
    path_ridge = ridge_path(X, y, [lam_ridge])[:, 0]
    rows = []
    for method, w, lam, check in (
        ("least_squares", beta, math.nan, math.nan),
        ("lasso", w_lasso, lam_lasso, float(np.max(np.abs(w_lasso - path_lasso)))),
        ("ridge", w_ridge, lam_ridge, float(np.max(np.abs(w_ridge - path_ridge)))),
    ):
        rows.append(
            {
                "method": method,
                "w1": float(w[0]),
                "w2": float(w[1]),
                "rss": float(_rss(G, c, yy, w)[0]),
                "l1_norm": float(np.abs(w).sum()),
                "l2_norm": float(np.linalg.norm(w)),
                "n_zero": int(np.count_nonzero(w == 0.0)),
                "lam": lam,
                "path_check": check,
                "budget": t,
                "rho": rho,
                "n_samples": m,
                "seed": seed,
            }
        )
    solutions = pd.DataFrame(rows)

    span = np.vstack([beta, [t, t], [-t, -t], [0.0, 0.0]])
    low, high = span.min(axis=0), span.max(axis=0)
    pad = 0.25 * float((high - low).max())
    a1 = np.linspace(low[0] - pad, high[0] + pad, g)
    a2 = np.linspace(low[1] - pad, high[1] + pad, g)
    W1, W2 = np.meshgrid(a1, a2)
    W = np.column_stack([W1.ravel(), W2.ravel()])
    contours = pd.DataFrame({"w1": W[:, 0], "w2": W[:, 1], "rss": _rss(G, c, yy, W)})

    theta = np.linspace(0.0, 2.0 * np.pi, 361)
    diamond = np.array([[t, 0.0], [0.0, t], [-t, 0.0], [0.0, -t], [t, 0.0]])
    balls = pd.concat(
        [
            pd.DataFrame({"shape": "l1", "w1": diamond[:, 0], "w2": diamond[:, 1]}),
            pd.DataFrame(
                {"shape": "l2", "w1": t * np.cos(theta), "w2": t * np.sin(theta)}
            ),
        ],
        ignore_index=True,
    )
    return contours, balls, solutions
