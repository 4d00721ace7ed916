"""Claim S6: where the RSS isosurface touches the 3-D cross-polytope.

Shewchuk, Lecture 14, §14.3 'Lasso': "in 3D, if the red isosurface touches a
sharp corner of the cross-polytope, two of the three weights get set to zero.
If it touches a sharp edge of the cross-polytope, one weight gets set to
zero. If it touches a flat side of the cross-polytope, no weight is zero."

:func:`l1_ball_tables` draws many seeded least-squares problems with three
correlated features and, for a range of radii t < ‖β̂‖₁, locates the
constrained minimizer argmin{RSS(w) : ‖w‖₁ ≤ t} on the ball face by face
(:func:`marginlab.theory.cross_polytope.constrained_least_squares`: barycentric
coordinates over each face's vertices, never the coordinates of w). It then
solves the Lagrangian Lasso at the matching penalty λ with coordinate descent
(:func:`marginlab.lasso_path`) and counts that solution's exact
zeros. That a point in the relative interior of a corner, edge or facet has
2, 1 or 0 zero coordinates is the definition of those faces, so the
agreement is a check of the two solvers; what the data say is how often the
isosurface touches each kind of face as the ball shrinks.

"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.contract.validation import check_random_state, check_scalar
from ...estimators.selection import lasso_path
from ...theory.cross_polytope import FACE_NAMES, constrained_least_squares


def random_problem(
    rng: np.random.Generator, n_samples: int, noise: float
) -> tuple[np.ndarray, np.ndarray]:
    """One least-squares problem with three correlated features.

    The features are x = Lz, z ~ N(0, I₃), with L the Cholesky factor of the
    correlation matrix of AAᵀ + I (A with N(0, 1) entries: a random
    correlation); y = ⟨w, x⟩ + ε with w ~ N(0, I₃) and ε ~ N(0, noise²).
    """
    A = rng.standard_normal((3, 3))
    cov = A @ A.T + np.eye(3)
    scale = np.sqrt(np.diag(cov))
    L = np.linalg.cholesky(cov / np.outer(scale, scale))
    X = rng.standard_normal((n_samples, 3)) @ L.T
    w = rng.standard_normal(3)
    return X, X @ w + noise * rng.standard_normal(n_samples)


def l1_ball_tables(
    *,
    n_problems: int = 200,
    n_samples: int = 50,
    fractions: Sequence[float] = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9),
    noise: float = 1.0,
    seed: int = 33,
    tol: float = 1e-14,
    max_iter: int = 100_000,
) -> pd.DataFrame:
    """S6: the face of the L1 ball each constrained solution lies on.

    For each of ``n_problems`` problems (:func:`random_problem`, all from
    ``numpy.random.default_rng(seed)``) and each fraction f, the radius is
    t = f‖β̂‖₁ (β̂ the least-squares solution, so the constraint is active),
    and:

    - the constrained minimizer w* and the face F(S, s) in whose relative
      interior it lies (corner |S| = 1, edge |S| = 2, facet |S| = 3), from
      barycentric coordinates;
    - the penalty that makes w* the Lasso solution, λ = ‖X_cᵀ(y_c − X_c w*)‖∞/m
      in ½m⁻¹‖y_c − X_c w‖² + λ‖w‖₁, and the KKT residual of w* on its face,
      max_{j ∈ S} |g_j − λ s_j| / λ with g = X_cᵀ(y_c − X_c w*)/m (0 when the
      face's sign pattern is the subgradient: the normal cone of the face
      contains −∇RSS);
    - the inactive slack min_{j ∉ S} (λ − |g_j|)/λ (how far the solution is
      from touching a smaller face; 1 when S is everything);
    - the Lasso solution w_cd at λ by coordinate descent (duality gap ≤
      ``tol``·‖y_c‖²/m), its number of exactly-zero weights, and
      max_j |w*_j − w_cd_j|.

    Parameters
    ----------
    n_problems : int ≥ 1
    n_samples : int ≥ 5
        Points per problem.
    fractions : sequence of float in (0, 1)
        t / ‖β̂‖₁.
    noise : float ≥ 0
    seed : int
    tol, max_iter
        Of the coordinate descent.

    Returns
    -------
    DataFrame
        One row per problem and fraction: ``problem, fraction, t, beta_l1,
        face`` ("corner", "edge", "facet"), ``face_dim`` (0, 1, 2),
        ``support`` and ``signs`` (as text, 1-based features), ``w1, w2, w3``
        (w*), ``n_candidates``, ``lam, kkt_residual, inactive_slack``,
        ``cd_zeros``, ``cd_diff``, ``n_samples``, ``seed``.
    """
    owner = "l1_ball_tables"
    count = int(
        check_scalar(n_problems, "n_problems", owner, kind="int", low=1, closed="left")
    )
    m = int(
        check_scalar(n_samples, "n_samples", owner, kind="int", low=5, closed="left")
    )
    noise = float(check_scalar(noise, "noise", owner, low=0.0, closed="left"))
    grid = [
        float(check_scalar(f, "fractions", owner, low=0.0, high=1.0)) for f in fractions
    ]
    if not grid:
        raise ValueError(f"{owner}: fractions must not be empty.")
    rng = check_random_state(seed)
    rows = []
    for problem in range(count):
        X, y = random_problem(rng, m, noise)
        Xc, yc = X - X.mean(axis=0), y - y.mean()
        beta = np.linalg.lstsq(Xc, yc, rcond=None)[0]
        beta_l1 = float(np.abs(beta).sum())
        for f in grid:
            t = f * beta_l1
            sol = constrained_least_squares(X, y, t)
            face = sol.face
            assert face is not None  # t < ‖β̂‖₁
            w = sol.w
            g = Xc.T @ (yc - Xc @ w) / m
            lam = float(np.max(np.abs(g)))
            S = list(face.support)
            s = np.asarray(face.signs, dtype=np.float64)
            residual = float(np.max(np.abs(g[S] - lam * s))) / lam
            rest = [j for j in range(3) if j not in S]
            slack = float(np.min((lam - np.abs(g[rest])) / lam)) if rest else 1.0
            w_cd = lasso_path(X, y, [lam], tol=tol, max_iter=max_iter)[1][:, 0]
            rows.append(
                {
                    "problem": problem,
                    "fraction": f,
                    "t": t,
                    "beta_l1": beta_l1,
                    "face": FACE_NAMES[len(S)],
                    "face_dim": face.dimension,
                    "support": "+".join(f"x{j + 1}" for j in S),
                    "signs": "".join("+" if v > 0 else "-" for v in face.signs),
                    "w1": float(w[0]),
                    "w2": float(w[1]),
                    "w3": float(w[2]),
                    "n_candidates": sol.n_candidates,
                    "lam": lam,
                    "kkt_residual": residual,
                    "inactive_slack": slack,
                    "cd_zeros": int(np.count_nonzero(w_cd == 0.0)),
                    "cd_diff": float(np.max(np.abs(w - w_cd))),
                    "n_samples": m,
                    "seed": seed,
                }
            )
    return pd.DataFrame(rows)
