"""Subset selection, the Lasso path and the L1 diamond: claims S1–S4 (Shewchuk,
Lecture 14).

* **S1** (§14.3). The Lasso, ½m⁻¹‖y − b − Xw‖² + λ‖w‖₁ (intercept b
  unpenalized), sets weights *exactly* to zero, more of them as λ grows;
  ridge, ‖y − b − Xw‖² + λ‖w‖², shrinks every weight but zeroes none.
  :func:`lasso_ridge_tables` computes both paths on the diabetes data.
* **S2** (§14.3, the "lassoridge" picture). The isocontours of ‖w‖₁ are
  cross-polytopes (a diamond in 2-D); the constrained solution
  argmin{RSS(w) : ‖w‖₁ ≤ t} sits where an RSS ellipse first touches the
  diamond, often at a tip, where one weight is zero. The circle ‖w‖₂ ≤ t of
  ridge has no tips. :func:`contour_tables` draws both on a generated 2-feature
  problem and solves both constrained problems exactly.
* **S3** (§14.2). Best subset selection trains 2^d − 1 models, forward and
  backward stepwise O(d²), and forward stepwise "won't find the best
  2-feature model if neither of those features yields the best 1-feature
  model". :func:`subset_tables` runs all methods on a dataset and on one
  built so that this happens (:func:`~kernelboost.datasets.make_forward_trap`).
* **S4** (§14.2). Backward elimination by z-scores z_i = w_i / (σ̂ √v_i)
  removes, at each step, the feature of smallest |z_i|; :func:`subset_tables`
  recomputes every step's z-scores independently of the library
  (:func:`design_z_scores`, with an explicit intercept column).

Every function is deterministic: generated data depend only on their seeds,
and the cross-validation folds only on ``seed``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.optimize import brentq

from .._validation import check_random_state, check_scalar
from ..datasets import Dataset
from ..selection import (
    SelectionResult,
    backward_model_count,
    backward_stepwise,
    best_subset,
    forward_model_count,
    forward_stepwise,
    lasso_alpha_max,
    lasso_path,
    ridge_path,
)

__all__ = [
    "METHODS",
    "constrained_lasso_2d",
    "constrained_ridge",
    "contour_tables",
    "design_z_scores",
    "lasso_ridge_tables",
    "standardize",
    "subset_tables",
]


# --- S1: the Lasso and ridge paths --------------------------------------------


def standardize(X: np.ndarray) -> np.ndarray:
    """Center every column and scale it to unit variance: (x_j − x̄_j) / s_j.

    s_j is the population standard deviation (ddof 0); a constant column is
    only centered. The lecture advises normalizing features before the Lasso
    or ridge, so that one λ penalizes every weight on the same scale.
    """
    X = np.asarray(X, dtype=np.float64)
    centered = X - X.mean(axis=0)
    scale = X.std(axis=0)
    return centered / np.where(scale > 0.0, scale, 1.0)


def lasso_ridge_tables(
    data: Dataset,
    *,
    n_alphas: int = 200,
    eps: float = 1e-3,
    ridge_lams: Sequence[float] = tuple(np.geomspace(1e-2, 1e6, 33).tolist()),
    tol: float = 1e-10,
    max_iter: int = 100_000,
    name: str = "diabetes",
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """S1: the Lasso path and the ridge path, and their exact-zero counts.

    The features are standardized first (:func:`standardize`, zero mean and
    unit variance); the target is left as it is. The Lasso path
    (:func:`kernelboost.selection.lasso_path`) minimizes, for each λ,

        ½m⁻¹ ‖y − b − Xw‖² + λ‖w‖₁      (b unpenalized),

    on ``n_alphas`` values from α_max = ‖X_cᵀy_c‖∞ / m (where w = 0 first
    becomes optimal) down to ``eps``·α_max, evenly spaced in log scale, each
    solved to a duality gap ≤ ``tol``·‖y_c‖²/m. Coordinate descent
    soft-thresholds, S(u, t) = sign(u) max(|u| − t, 0), so a zero weight is
    exactly 0.0, not merely small. The ridge path
    (:func:`kernelboost.selection.ridge_path`) minimizes
    ‖y − b − Xw‖² + λ‖w‖² (no 1/m; its λ is on its own scale) at each of
    ``ridge_lams``: w(λ) = V diag(s/(s² + λ)) Uᵀy_c, zero only by accident.

    Parameters
    ----------
    data : Dataset
        A regression dataset.
    n_alphas : int, default=200
    eps : float in (0, 1), default=1e-3
    ridge_lams : sequence of float > 0
        Default: 33 values from 10⁻² to 10⁶, evenly spaced in log scale.
    tol : float, default=1e-10
    max_iter : int, default=100000
    name : str, default="diabetes"
        Written in the ``dataset`` column of ``zeros``.

    Returns
    -------
    weights : DataFrame
        ``method`` ("lasso" or "ridge"), ``alpha`` (that method's λ),
        ``feature``, ``weight``: one row per λ and feature, λ decreasing.
    zeros : DataFrame
        ``dataset, method, alpha, n_zero`` (weights exactly 0.0),
        ``n_features``, ``alpha_max`` (the Lasso's α_max, on every row),
        ``n_samples``.
    """
    if data.task != "regression":
        raise ValueError("lasso_ridge_tables: needs a regression dataset.")
    X = standardize(data.X)
    y = data.y
    names = list(data.feature_names)
    alphas, coefs = lasso_path(
        X, y, n_alphas=n_alphas, eps=eps, tol=tol, max_iter=max_iter
    )
    lams = np.sort(np.asarray(ridge_lams, dtype=np.float64))[::-1]
    if lams.size == 0 or np.any(lams <= 0.0):
        raise ValueError("lasso_ridge_tables: ridge_lams must be positive numbers.")
    ridge_coefs = ridge_path(X, y, lams)
    alpha_max = lasso_alpha_max(X, y)
    weights, zeros = [], []
    for method, grid, W in (("lasso", alphas, coefs), ("ridge", lams, ridge_coefs)):
        for k, lam in enumerate(grid):
            weights += [
                {
                    "method": method,
                    "alpha": float(lam),
                    "feature": name,
                    "weight": float(W[j, k]),
                }
                for j, name in enumerate(names)
            ]
            zeros.append(
                {
                    "dataset": name,
                    "method": method,
                    "alpha": float(lam),
                    "n_zero": int(np.count_nonzero(W[:, k] == 0.0)),
                    "n_features": len(names),
                    "alpha_max": alpha_max,
                    "n_samples": data.n_samples,
                }
            )
    return pd.DataFrame(weights), pd.DataFrame(zeros)


# --- S2: RSS ellipses, the diamond and the circle ------------------------------


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
    (the KKT condition), and :func:`~kernelboost.selection.lasso_path` at
    that λ is run as a check. The ridge solution is argmin{RSS : ‖w‖₂ ≤ t}
    (:func:`constrained_ridge`), checked against
    :func:`~kernelboost.selection.ridge_path` at its λ.

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


# --- S3, S4: subset selection ----------------------------------------------------

#: Selection methods of :func:`subset_tables`, with the formula of the number of
#: models each trains over d features (full path, down to one feature).
METHODS: dict[str, str] = {
    "best_subset": "2^d - 1",
    "forward": "d(d+1)/2",
    "backward_cv": "d(d+1)/2",
    "backward_zscore": "d",
}


def _formula_value(method: str, d: int) -> int:
    """The closed forms of :data:`METHODS`, written out independently of the
    library's :func:`~kernelboost.selection.forward_model_count` and
    :func:`~kernelboost.selection.backward_model_count` (which are compared)."""
    return {
        "best_subset": 2**d - 1,
        "forward": d * (d + 1) // 2,
        "backward_cv": d * (d + 1) // 2,
        "backward_zscore": d,
    }[method]


def design_z_scores(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """z_i = w_i / (σ̂ √v_i) from the design A = [1, X] with an intercept column.

    w = (AᵀA)⁻¹Aᵀy, σ̂² = ‖y − Aw‖² / (m − d − 1), v_i the diagonal entry of
    (AᵀA)⁻¹ belonging to feature i (Shewchuk, Lecture 14, §14.2). Written
    independently of :func:`kernelboost.selection.z_scores`, which centers X
    instead.

    Parameters
    ----------
    X : ndarray of shape (m, d)
        m > d + 1 and [1, X] of full column rank.
    y : ndarray of shape (m,)

    Returns
    -------
    z : ndarray of shape (d,)
    """
    X = np.asarray(X, dtype=np.float64)
    m, d = X.shape
    A = np.column_stack([np.ones(m), X])
    inverse = np.linalg.inv(A.T @ A)
    w = inverse @ (A.T @ y)
    sigma = math.sqrt(float(np.sum((y - A @ w) ** 2)) / (m - d - 1))
    return w[1:] / (sigma * np.sqrt(np.diagonal(inverse)[1:]))


def _label(names: Sequence[str], features: Sequence[int]) -> str:
    return "+".join(names[j] for j in features)


def _run(
    name: str, role: str, data: Dataset, n_splits: int, seed: int
) -> tuple[list[dict], list[dict], list[dict], list[dict]]:
    """The four methods on one dataset: rows of the four tables of
    :func:`subset_tables` (path, subsets, counts, zscores), in that order."""
    X, y = data.X, data.y
    names = list(data.feature_names)
    d = X.shape[1]
    runs: dict[str, SelectionResult] = {}
    library_counts = {
        "best_subset": 2**d - 1,
        "forward": forward_model_count(d),
        "backward_cv": backward_model_count(d, 1, "cv"),
        "backward_zscore": backward_model_count(d, 1, "zscore"),
    }
    for method, run in (
        ("best_subset", lambda: best_subset(X, y, n_splits, seed)),
        ("forward", lambda: forward_stepwise(X, y, n_splits, seed)),
        ("backward_cv", lambda: backward_stepwise(X, y, n_splits, seed)),
        (
            "backward_zscore",
            lambda: backward_stepwise(X, y, n_splits, seed, criterion="zscore"),
        ),
    ):
        runs[method] = run()

    paths, counts = [], []
    for method, result in runs.items():
        for row in result.path.itertuples(index=False):
            record = row._asdict()
            changed = record.get("added", record.get("removed", -1))
            paths.append(
                {
                    "dataset": name,
                    "method": method,
                    "step": int(record.get("step", record["size"])),
                    "size": int(record["size"]),
                    "features": _label(names, record["features"]),
                    "changed": names[int(changed)] if int(changed) >= 0 else "",
                    "cv_mse": float(record["cv_mse"]),
                    "n_models": int(record["n_models"]),
                    "best": tuple(record["features"]) == result.best_features,
                }
            )
        counts.append(
            {
                "dataset": name,
                "role": role,
                "method": method,
                "n_samples": data.n_samples,
                "d": d,
                "n_models": result.n_models,
                "formula": METHODS[method],
                "formula_value": _formula_value(method, d),
                "library_count": library_counts[method],
                "n_splits": n_splits,
                "seed": seed,
            }
        )
    subsets = [
        {
            "dataset": name,
            "size": int(r.size),
            "features": _label(names, r.features),
            "cv_mse": float(r.cv_mse),
        }
        for r in runs["best_subset"].models.itertuples(index=False)
    ]
    zrows = []
    current = list(range(d))
    for row in runs["backward_zscore"].path.itertuples(index=False):
        if row.step == 0:
            continue
        z = design_z_scores(X[:, current], y)
        for j, value in zip(current, z, strict=True):
            zrows.append(
                {
                    "dataset": name,
                    "step": int(row.step),
                    "size": len(current),
                    "feature": names[j],
                    "z": float(value),
                    "abs_z": float(abs(value)),
                    "removed": j == int(row.removed),
                }
            )
        current.remove(int(row.removed))
    return paths, subsets, counts, zrows


def subset_tables(
    data: Dataset,
    trap: Dataset,
    *,
    n_splits: int = 5,
    seed: int = 0,
    name: str = "diabetes",
    trap_name: str = "forward_trap",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """S3, S4: best subset, forward and backward stepwise on two datasets.

    Runs, on ``data`` and on ``trap`` (data of
    :func:`~kernelboost.datasets.make_forward_trap`, where forward stepwise
    misses the best pair), the four methods of :data:`METHODS`, each scoring a
    feature subset by the K-fold CV mean squared error of least squares with
    an intercept, on the same folds (``n_splits``, ``seed``):

    - best subset: all 2^d − 1 non-empty subsets;
    - forward stepwise (full path): d + (d − 1) + … + 1 = d(d + 1)/2 models;
    - backward stepwise by CV (down to one feature): the full model, then
      d + (d − 1) + … + 2 removals tried, 1 + d(d + 1)/2 − 1 = d(d + 1)/2;
    - backward stepwise by z-score: the full model and one model per step,
      1 + (d − 1) = d.

    For backward by z-score, the z-scores z_i = w_i / (σ̂ √v_i) of the
    remaining features at every step are recomputed with
    :func:`design_z_scores` (independently of the library's rule).

    Parameters
    ----------
    data : Dataset
        Regression data; d ≤ 20 (best subset trains 2^d − 1 models).
    trap : Dataset
        Regression data built so that forward stepwise misses the best pair
        (:func:`~kernelboost.datasets.make_forward_trap`).
    n_splits : int, default=5
    seed : int, default=0
        Seeds the folds.
    name : str, default="diabetes"
        Written in the ``dataset`` column for ``data``.
    trap_name : str, default="forward_trap"
        Written in the ``dataset`` column for ``trap``.

    Returns
    -------
    path : DataFrame
        ``dataset, method, step, size, features`` (names joined by "+"),
        ``changed`` (the feature added or removed at that step, "" at the
        start of backward), ``cv_mse``, ``n_models`` (trained so far),
        ``best`` (the path model of smallest CV error). Best subset has one
        row per size: the best model of that size.
    subsets : DataFrame
        ``dataset, size, features, cv_mse``: every model best subset trained.
    counts : DataFrame
        ``dataset``, ``role`` (``"data"`` or ``"trap"``: which argument it
        came from), ``method, n_samples, d, n_models`` (trained),
        ``formula, formula_value, library_count`` (the library's count
        functions), ``n_splits, seed``.
    zscores : DataFrame
        ``dataset, step, size`` (features before the removal), ``feature, z,
        abs_z, removed``: every remaining feature's z-score at each step of
        backward elimination by z-score.
    """
    for argument, dataset in (("data", data), ("trap", trap)):
        if dataset.task != "regression":
            raise ValueError(f"subset_tables: {argument!r} must be regression data.")
    tables: list[list[dict]] = [[], [], [], []]
    for label, role, dataset in ((name, "data", data), (trap_name, "trap", trap)):
        rows = _run(label, role, dataset, n_splits, seed)
        for table, part in zip(tables, rows, strict=True):
            table.extend(part)
    path, subsets, counts, zscores = (pd.DataFrame(rows) for rows in tables)
    return path, subsets, counts, zscores
