"""Least squares on the L1 ball, face by face (Shewchuk, Lecture 14, §14.3).

The ball B_t = {w ∈ R^d : ‖w‖₁ ≤ t} is the cross-polytope: the convex hull of
the 2d points ±t e_j. Its proper faces are the simplices
F(S, s) = conv{t s_j e_j : j ∈ S} for a non-empty support S ⊆ {1..d} and signs
s ∈ {−1, +1}^S: |S| = 1 gives the 2d corners, |S| = 2 the edges, |S| = d the
facets (in 3-D: 6 corners, 12 edges, 8 triangular facets).

:func:`constrained_least_squares` minimizes RSS(w) = ‖y_c − X_c w‖² over B_t
without looking at coordinates: on every face it writes w = Vᵀλ with λ the
barycentric coordinates over the face's vertices (the rows of V) and solves
the equality-constrained quadratic program

    min_λ  λᵀ(V G Vᵀ)λ − 2 (V c)ᵀλ   s.t.  1ᵀλ = 1

(G = X_cᵀX_c, c = X_cᵀy_c) by its KKT linear system. When every λ_k > 0
the minimizer lies in the relative interior of the face and, RSS being
convex, is the minimum of RSS over the face; corners are always candidates.
The boundary's minimizer lies in the relative interior of exactly one face,
so the candidate of least RSS is the solution, and its face — a corner, an
edge or a facet — says where the RSS isosurface touches the ball.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ..core.contract.validation import check_scalar, check_X_y

__all__ = [
    "FACE_NAMES",
    "Face",
    "LocatedSolution",
    "constrained_least_squares",
    "faces",
]

#: Names of the faces of the 3-D cross-polytope by the size of their support.
FACE_NAMES = {1: "corner", 2: "edge", 3: "facet"}

#: Largest d accepted: the cross-polytope has 3^d − 1 proper faces.
MAX_FEATURES = 8


@dataclass(frozen=True)
class Face:
    """A face F(S, s) of the cross-polytope: support S and signs s."""

    support: tuple[int, ...]
    signs: tuple[int, ...]

    @property
    def dimension(self) -> int:
        """|S| − 1: 0 for a corner, 1 for an edge, ..."""
        return len(self.support) - 1

    def vertices(self, d: int, t: float) -> np.ndarray:
        """The |S| vertices t s_j e_j as rows of shape (|S|, d)."""
        V = np.zeros((len(self.support), d))
        V[np.arange(len(self.support)), list(self.support)] = t * np.asarray(
            self.signs, dtype=np.float64
        )
        return V


def faces(d: int) -> list[Face]:
    """Every proper face of the cross-polytope in R^d (3^d − 1 of them), by
    increasing dimension, then support and signs in lexicographic order."""
    d = int(
        check_scalar(
            d, "d", "faces", kind="int", low=1, high=MAX_FEATURES, closed="both"
        )
    )
    out = []
    for size in range(1, d + 1):
        for support in itertools.combinations(range(d), size):
            for signs in itertools.product((1, -1), repeat=size):
                out.append(Face(support, signs))
    return out


@dataclass(frozen=True)
class LocatedSolution:
    """Result of :func:`constrained_least_squares`.

    Attributes
    ----------
    w : ndarray of shape (d,)
        argmin RSS(w) s.t. ‖w‖₁ ≤ t.
    face : Face or None
        The face in whose relative interior w lies; ``None`` when the
        least-squares solution β̂ is inside the ball (‖β̂‖₁ < t).
    barycentric : ndarray
        w's barycentric coordinates over the face's vertices (all > 0).
    rss : float
    n_candidates : int
        Faces whose restricted minimizer lies in their relative interior.
    """

    w: np.ndarray
    face: Face | None
    barycentric: np.ndarray
    rss: float
    n_candidates: int


def constrained_least_squares(X: object, y: object, t: float) -> LocatedSolution:
    """argmin ‖y_c − X_c w‖² subject to ‖w‖₁ ≤ t, and the face it lies on.

    The intercept is profiled out by centering X and y. If the least-squares
    β̂ has ‖β̂‖₁ < t it is the answer (no face). Otherwise the minimizer lies
    on the boundary and is found face by face as in the module docstring.

    Parameters
    ----------
    X : array-like of shape (m, d)
        d ≤ 8, X_c of full column rank (so that RSS is strictly convex).
    y : array-like of shape (m,)
    t : float > 0

    Returns
    -------
    LocatedSolution

    Examples
    --------
    >>> X = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
    >>> sol = constrained_least_squares(X, [3.0, 1.0, 0.0, 0.0], 1.0)
    >>> sol.face.support, sol.face.signs, sol.w.round(9).tolist()
    ((0,), (1,), [1.0, 0.0, 0.0])
    """
    X, y = check_X_y(X, y)
    t = float(check_scalar(t, "t", "constrained_least_squares", low=0.0))
    d = X.shape[1]
    Xc = X - X.mean(axis=0)
    yc = y - y.mean()
    G, c, yy = Xc.T @ Xc, Xc.T @ yc, float(yc @ yc)
    if np.linalg.matrix_rank(G) < d:
        raise ValueError(
            "constrained_least_squares: X_c has not full column rank; the "
            "minimizer need not be unique."
        )

    def rss(w: np.ndarray) -> float:
        return max(yy - 2.0 * float(c @ w) + float(w @ G @ w), 0.0)

    beta = np.linalg.solve(G, c)
    if np.abs(beta).sum() < t:
        return LocatedSolution(beta, None, np.empty(0), rss(beta), 0)
    best: tuple[float, np.ndarray, Face, np.ndarray] | None = None
    n_candidates = 0
    for face in faces(d):
        V = face.vertices(d, t)
        k = V.shape[0]
        if k == 1:
            lam = np.ones(1)
        else:
            A = V @ G @ V.T
            system = np.zeros((k + 1, k + 1))
            system[:k, :k] = 2.0 * A
            system[:k, k] = 1.0
            system[k, :k] = 1.0
            rhs = np.concatenate([2.0 * (V @ c), [1.0]])
            lam = np.linalg.solve(system, rhs)[:k]
            if np.any(lam <= 0.0):
                continue
        n_candidates += 1
        w = V.T @ lam
        value = rss(w)
        if best is None or value < best[0]:
            best = (value, w, face, lam)
    assert best is not None  # the corners are always candidates
    value, w, face, lam = best
    return LocatedSolution(w, face, lam, value, n_candidates)
