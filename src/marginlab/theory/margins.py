"""L1 margins, the maximum-margin LP and the boosting game (claims B7, B8, B15, B19).

For base classifiers h_1, …, h_N and weights α ≥ 0, the L1 margin of
f = Σ_j α_j h_j at a labelled point is y f(x) / ‖α‖₁ ∈ [−1, 1]. With the
margin matrix M_ij = y_i h_j(x_i) of shape (m, N):

* the maximum L1 margin is the LP ::

      ρ* = max_{α ≥ 0, ‖α‖₁ = 1} min_i (Mα)_i

  (:func:`max_margin`);
* the value of the zero-sum game in which one player picks a training point
  (a distribution d) and the other a base classifier is ::

      min_{d ∈ Δ_m} max_j (dᵀM)_j = min_d max_j Σ_i d_i y_i h_j(x_i)

  (:func:`game_value`). Σ_i d_i y_i h_j(x_i) = 1 − 2 ε_j(d) is *twice* the
  edge γ_j(d) = ½ − ε_j(d) of Mohri, Boosting, so the game value is 2γ*, where
  γ* is the best edge the class guarantees under every distribution. By von
  Neumann's minimax theorem (LP duality) 2γ* = ρ*: the weak-learning
  condition γ* > 0 holds iff the data are separable with a positive L1
  margin.

For weights of either sign (B19; Mohri, Boosting, 'SVM vs AdaBoost'), the
L1 margin |α·h(x)|/‖α‖₁ of f = α·h is the ℓ∞ distance from h(x) to the
hyperplane {u : α·u = 0}, as the SVM's |w·Φ(x)|/‖w‖₂ is the ℓ2 distance
(the distance in a norm is |α·u|/‖α‖_* with ‖·‖_* the dual norm).
:func:`hyperplane_distance` finds both distances by direct minimization over
the hyperplane, without that formula; :func:`signed_max_margin` maximizes the
L1 margin over signed α (an LP); the L2 margin is the SVM's
(:func:`marginlab.estimators.svm.l2_max_margin`, the hard-margin linear SVM
without intercept).

Both LPs are solved with ``scipy.optimize.linprog(method="highs")`` at tight
tolerances; each function returns the value its returned vector actually
achieves (min_i (Mα)_i, resp. max_j (dᵀM)_j), so ``game_value(M)[0] −
max_margin(M)[0]`` is ≥ 0 up to rounding by weak duality and measures how
far the two solutions are from optimal.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.optimize import linprog

from ..core.contract.validation import check_array, check_labels

__all__ = [
    "distinct_stumps",
    "distinct_trees",
    "game_value",
    "hyperplane_distance",
    "l1_margins",
    "margin_matrix",
    "max_margin",
    "norm_margin",
    "signed_max_margin",
]

_HIGHS = {
    "primal_feasibility_tolerance": 1e-10,
    "dual_feasibility_tolerance": 1e-10,
}


def l1_margins(predictions: object, alphas: object, y: object) -> np.ndarray:
    """y_i Σ_t α_t h_t(x_i) / ‖α‖₁ for every training point.

    Parameters
    ----------
    predictions : array-like of shape (m, T)
        h_t(x_i) (column t holds one base classifier).
    alphas : array-like of shape (T,)
        The weights α_t (not all zero).
    y : array-like of shape (m,)
        Labels in {−1, +1}.

    Returns
    -------
    ndarray of shape (m,), values in [−1, 1] when |h_t| ≤ 1

    Examples
    --------
    >>> l1_margins([[1, 1], [1, -1]], [3.0, 1.0], [1, 1]).tolist()
    [1.0, 0.5]
    """
    H = np.asarray(predictions, dtype=np.float64)
    if H.ndim == 1:
        H = H[:, None]
    a = np.asarray(alphas, dtype=np.float64).ravel()
    if H.ndim != 2 or H.shape[1] != a.shape[0]:
        raise ValueError(
            f"predictions must have shape (m, T) with T = len(alphas) = "
            f"{a.shape[0]}; got shape {H.shape}."
        )
    if not (np.isfinite(H).all() and np.isfinite(a).all()):
        raise ValueError("predictions and alphas must be finite.")
    norm = float(np.abs(a).sum())
    if norm == 0.0:
        raise ValueError("alphas are all zero: the L1 margin is undefined.")
    yy = check_labels(y, H.shape[0])
    return yy * (H @ a) / norm


def margin_matrix(predictions: object, y: object) -> np.ndarray:
    """M_ij = y_i h_j(x_i), the payoff matrix of the boosting game.

    Parameters
    ----------
    predictions : array-like of shape (m, N)
        H[i, j] = h_j(x_i).
    y : array-like of shape (m,)
        Labels in {−1, +1}.

    Returns
    -------
    ndarray of shape (m, N)
    """
    H = check_array(predictions, name="predictions")
    return check_labels(y, H.shape[0])[:, None] * H


def _check_M(M: object) -> np.ndarray:
    """M as a finite 2-D float array."""
    return check_array(M, name="M")


def _solve(
    c: np.ndarray,
    A_ub: np.ndarray,
    A_eq: np.ndarray,
    bounds: list[tuple[float | None, float | None]],
    what: str,
) -> np.ndarray:
    """Solve min cᵀx s.t. A_ub x ≤ 0, A_eq x = 1 with HiGHS; raise on failure."""
    res = linprog(
        c,
        A_ub=A_ub,
        b_ub=np.zeros(A_ub.shape[0]),
        A_eq=A_eq,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
        options=_HIGHS,
    )
    if res.status != 0:
        raise RuntimeError(f"The {what} LP failed: {res.message}")
    return res.x


def _simplex_point(x: np.ndarray) -> np.ndarray:
    """Clip the solver's tiny negative entries and renormalize onto the simplex."""
    x = np.clip(x, 0.0, None)
    return x / x.sum()


def max_margin(M: object) -> tuple[float, np.ndarray]:
    """The maximum L1 margin ρ* = max_{α ≥ 0, ‖α‖₁ = 1} min_i (Mα)_i.

    Solves the LP  max ρ  s.t.  Mα ≥ ρ 1,  1ᵀα = 1,  α ≥ 0  (Mohri, Boosting,
    'Linear Programming Problem').

    Parameters
    ----------
    M : array-like of shape (m, N)
        M_ij = y_i h_j(x_i) (:func:`margin_matrix`).

    Returns
    -------
    rho : float
        min_i (M α)_i for the returned α (= ρ* up to the solver tolerance).
    weights : ndarray of shape (N,)
        α on the simplex.

    Examples
    --------
    >>> M = [[1, 1, -1], [1, -1, 1], [-1, 1, 1]]
    >>> rho, weights = max_margin(M)
    >>> round(rho, 9), weights.round(9).tolist()
    (0.333333333, [0.333333333, 0.333333333, 0.333333333])
    """
    M = _check_M(M)
    m, N = M.shape
    c = np.zeros(N + 1)
    c[-1] = -1.0  # maximize ρ
    A_ub = np.hstack([-M, np.ones((m, 1))])  # ρ − (Mα)_i ≤ 0
    A_eq = np.concatenate([np.ones(N), [0.0]])[None, :]
    bounds = [(0.0, None)] * N + [(-1.0 - np.abs(M).max(), None)]
    x = _solve(c, A_ub, A_eq, bounds, "max-margin")
    alpha = _simplex_point(x[:N])
    return float((M @ alpha).min()), alpha


def game_value(M: object) -> tuple[float, np.ndarray]:
    """The game value min_{d ∈ Δ_m} max_j (dᵀM)_j = 2γ* and the minimizing d.

    Solves the LP  min v  s.t.  Mᵀd ≤ v 1,  1ᵀd = 1,  d ≥ 0, the dual of
    :func:`max_margin`, so the value equals ρ* (von Neumann).

    Parameters
    ----------
    M : array-like of shape (m, N)
        M_ij = y_i h_j(x_i).

    Returns
    -------
    value : float
        max_j (dᵀM)_j for the returned d: the largest "edge"
        Σ_i d_i y_i h_j(x_i) = 1 − 2ε_j(d) = 2γ_j(d) any base classifier
        achieves under d (twice the γ-edge of Mohri, Boosting).
    d : ndarray of shape (m,)
        The hardest distribution over the training points.

    Examples
    --------
    >>> value, d = game_value([[1, -1], [-1, 1]])  # matching pennies
    >>> round(value, 12), d.tolist()
    (0.0, [0.5, 0.5])
    """
    M = _check_M(M)
    m, N = M.shape
    c = np.zeros(m + 1)
    c[-1] = 1.0  # minimize v
    A_ub = np.hstack([M.T, -np.ones((N, 1))])  # (Mᵀd)_j − v ≤ 0
    A_eq = np.concatenate([np.ones(m), [0.0]])[None, :]
    bounds = [(0.0, None)] * m + [(None, 1.0 + np.abs(M).max())]
    x = _solve(c, A_ub, A_eq, bounds, "game-value")
    d = _simplex_point(x[:m])
    return float((d @ M).max()), d


def distinct_stumps(
    X: object, *, return_stumps: bool = False
) -> np.ndarray | tuple[np.ndarray, pd.DataFrame]:
    """Predictions on X of every distinct decision stump, both polarities.

    A stump is h(x) = s if x_j > θ else −s. Per feature, the thresholds are
    the midpoints between consecutive distinct values, plus the constant
    stumps h ≡ ±1 (θ = −∞, listed once, on feature 0). Columns with the same
    predictions on X are kept once (the first in the order: constants, then
    feature 0, 1, …, thresholds increasing, polarity +1 before −1). Every
    stump AdaBoost can pick with :class:`marginlab.Stumps` on X
    labels X like one of these columns.

    Parameters
    ----------
    X : array-like of shape (m, n)
    return_stumps : bool, default=False
        Also return the stumps as a table.

    Returns
    -------
    H : ndarray of shape (m, K)
        H[i, k] = h_k(x_i) ∈ {−1.0, +1.0}; for one feature with v distinct
        values K = 2v.
    stumps : pandas.DataFrame, optional
        Columns ``feature, threshold, polarity``, one row per column of H.
    """
    X = check_array(X)
    m, n = X.shape
    cols = [np.ones(m), -np.ones(m)]
    rows = [(0, -np.inf, 1), (0, -np.inf, -1)]
    for j in range(n):
        values = np.unique(X[:, j])
        thresholds = 0.5 * values[:-1] + 0.5 * values[1:]
        thresholds = np.where(thresholds < values[1:], thresholds, values[:-1])
        above = np.where(X[:, j][:, None] > thresholds[None, :], 1.0, -1.0)
        for k, theta in enumerate(thresholds):
            cols.extend([above[:, k], -above[:, k]])
            rows.extend([(j, float(theta), 1), (j, float(theta), -1)])
    H = np.column_stack(cols)
    _, first = np.unique(H, axis=1, return_index=True)
    keep = np.sort(first)
    H = np.ascontiguousarray(H[:, keep])
    if not return_stumps:
        return H
    table = pd.DataFrame(
        [rows[k] for k in keep], columns=["feature", "threshold", "polarity"]
    )
    return H, table


def _thresholds(column: np.ndarray, max_thresholds: int | None) -> np.ndarray:
    """Midpoints between consecutive distinct values (at most ``max_thresholds``,
    at evenly spaced ranks, when there are more)."""
    values = np.unique(column)
    thresholds = 0.5 * values[:-1] + 0.5 * values[1:]
    thresholds = np.where(thresholds < values[1:], thresholds, values[:-1])
    if max_thresholds is not None and thresholds.size > max_thresholds:
        ranks = np.linspace(0, thresholds.size - 1, max_thresholds)
        thresholds = thresholds[np.unique(np.round(ranks).astype(np.intp))]
    return thresholds


def _unique_columns(H: np.ndarray) -> np.ndarray:
    """The distinct columns of H, each kept once, in order of first appearance."""
    _, first = np.unique(H, axis=1, return_index=True)
    return np.ascontiguousarray(H[:, np.sort(first)])


def distinct_trees(X: object, *, max_thresholds: int | None = None) -> np.ndarray:
    """Predictions on X of every distinct depth-2 decision tree.

    A depth-2 tree splits the points on x_j > θ at its root, then each side on
    its own split x_k > θ' (or not at all), and labels its (up to) four leaves
    ±1. On the training set its predictions are therefore, on each side of the
    root split, a stump restricted to that side (including the constants):
    the class is every pair (stump on the left part, stump on the right part)
    over every root split, and contains every stump and both constants.
    Thresholds are the midpoints between consecutive distinct values of each
    feature, as in :func:`distinct_stumps`; with ``max_thresholds``, at most
    that many per feature, at evenly spaced ranks (a sub-family, for data with
    many distinct values). Columns with the same predictions are kept once.

    Parameters
    ----------
    X : array-like of shape (m, n)
    max_thresholds : int or None, default=None
        At most this many thresholds per feature (``None``: all of them).

    Returns
    -------
    H : ndarray of shape (m, K)
        H[i, k] = h_k(x_i) ∈ {−1.0, +1.0}. With v_j distinct values of
        feature j there are S = Σ_j (v_j − 1) splits, and K ≤ 2 + S·(2S + 2)²
        before duplicates are dropped.

    Examples
    --------
    On the four XOR points every one of the 2⁴ labellings is a depth-2 tree:

    >>> X = [[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]]
    >>> distinct_trees(X).shape
    (4, 16)
    """
    X = check_array(X)
    m, n = X.shape
    if max_thresholds is not None and int(max_thresholds) < 1:
        raise ValueError(
            f"max_thresholds of distinct_trees must be None or an integer >= 1; "
            f"got {max_thresholds!r}."
        )
    splits = [
        X[:, j] > theta
        for j in range(n)
        for theta in _thresholds(X[:, j], max_thresholds)
    ]
    # Stumps on the whole set, as ±1 columns: both constants, then each split
    # in both polarities.
    stumps = [np.ones(m), -np.ones(m)]
    for right in splits:
        side = np.where(right, 1.0, -1.0)
        stumps += [side, -side]
    S = np.column_stack(stumps)
    columns = [np.array([[1.0], [-1.0]]).repeat(m, axis=1).T]  # the constants
    for right in splits:
        left_part = _unique_columns(S[~right])
        right_part = _unique_columns(S[right])
        trees = np.empty((m, left_part.shape[1], right_part.shape[1]))
        trees[~right] = left_part[:, :, None]
        trees[right] = right_part[:, None, :]
        columns.append(trees.reshape(m, -1))
    return _unique_columns(np.hstack(columns))


# --- B19: L1 against L2 margins --------------------------------------------


def norm_margin(predictions: object, weights: object, y: object, p: float) -> float:
    """The p-norm margin of f = w·h over a sample: min_i y_i w·h(x_i) / ‖w‖_p.

    p = 1 gives the L1 (boosting) margin of Mohri, Boosting, 'L1-Geometric
    Margin'; p = 2 the geometric margin of the SVM. The weights may have
    either sign.

    Parameters
    ----------
    predictions : array-like of shape (m, N)
        H[i, j] = h_j(x_i).
    weights : array-like of shape (N,)
        w, not all zero.
    y : array-like of shape (m,)
        Labels in {−1, +1}.
    p : {1, 2, inf}
        The norm of w that normalizes the margin.

    Returns
    -------
    float

    Examples
    --------
    >>> norm_margin([[1.0, 1.0], [1.0, -1.0]], [3.0, 1.0], [1, 1], 1)
    0.5
    """
    H = check_array(predictions, name="predictions")
    w = np.asarray(weights, dtype=np.float64).ravel()
    if w.shape != (H.shape[1],) or not np.isfinite(w).all():
        raise ValueError(
            f"weights must be {H.shape[1]} finite numbers; got shape {w.shape}."
        )
    if p not in (1, 2, np.inf):
        raise ValueError(f"p must be 1, 2 or inf; got {p!r}.")
    norm = float(np.linalg.norm(w, ord=p))
    if norm == 0.0:
        raise ValueError("weights are all zero: the margin is undefined.")
    yy = check_labels(y, H.shape[0])
    return float((yy * (H @ w)).min() / norm)


def hyperplane_distance(point: object, normal: object, norm: str) -> float:
    """Distance from u0 to the hyperplane {u : a·u = 0}, by direct minimization.

    min_{u : a·u = 0} ‖u − u0‖, found without the closed form |a·u0|/‖a‖_*
    (‖·‖_* the dual norm), so that the closed form can be tested against it:

    - ``norm="inf"``: the LP  min s  s.t.  −s ≤ u_j − u0_j ≤ s,  a·u = 0
      (HiGHS, tolerances 1e-10), whose optimal value is returned;
    - ``norm="2"``: the shortest step δ that reaches the hyperplane,
      a·(u0 + δ) = 0, as the minimum-norm least-squares solution of that one
      equation (LAPACK ``gelsd``, an SVD): ‖δ‖₂.

    Parameters
    ----------
    point : array-like of shape (N,)
        u0.
    normal : array-like of shape (N,)
        a, not zero.
    norm : {"inf", "2"}

    Returns
    -------
    float

    Examples
    --------
    >>> round(hyperplane_distance([1.0, 1.0], [1.0, 1.0], "inf"), 9)
    1.0
    >>> round(hyperplane_distance([1.0, 1.0], [1.0, 1.0], "2"), 9)
    1.414213562
    """
    from scipy import sparse

    u0 = np.asarray(point, dtype=np.float64).ravel()
    a = np.asarray(normal, dtype=np.float64).ravel()
    if u0.shape != a.shape or not (np.isfinite(u0).all() and np.isfinite(a).all()):
        raise ValueError("point and normal must be finite vectors of one length.")
    if not np.any(a):
        raise ValueError("normal is zero: it defines no hyperplane.")
    N = a.size
    if norm == "2":
        # The shortest step δ with a·(u0 + δ) = 0: minimum-norm least squares.
        step = np.linalg.lstsq(a[None, :], [-float(a @ u0)], rcond=None)[0]
        return float(np.linalg.norm(step))
    if norm != "inf":
        raise ValueError(f"norm must be 'inf' or '2'; got {norm!r}.")
    # Variables (u_1..u_N, s): minimize s.
    c = np.zeros(N + 1)
    c[-1] = 1.0
    eye = sparse.identity(N, format="csr")
    ones = sparse.csr_matrix(np.ones((N, 1)))
    A_ub = sparse.vstack(
        [sparse.hstack([eye, -ones]), sparse.hstack([-eye, -ones])], format="csr"
    )
    b_ub = np.concatenate([u0, -u0])
    res = linprog(
        c,
        A_ub=A_ub,
        b_ub=b_ub,
        A_eq=np.concatenate([a, [0.0]])[None, :],
        b_eq=[0.0],
        bounds=[(None, None)] * N + [(0.0, None)],
        method="highs",
        options=_HIGHS,
    )
    if res.status != 0:
        raise RuntimeError(f"The distance LP failed: {res.message}")
    return float(res.fun)


def signed_max_margin(predictions: object, y: object) -> tuple[float, np.ndarray]:
    """The maximum L1 margin over weights of either sign.

    max_{α ≠ 0} min_i y_i α·h(x_i) / ‖α‖₁, solved as :func:`max_margin` on
    [M, −M] (M_ij = y_i h_j(x_i)): α = α⁺ − α⁻ with α⁺, α⁻ ≥ 0 on the
    simplex. This is the LP of Mohri, Boosting, 'Linear Programming Problem'
    over the class H ∪ (−H); α ≥ 0 over a class closed under negation is the
    same problem.

    Parameters
    ----------
    predictions : array-like of shape (m, N)
    y : array-like of shape (m,)

    Returns
    -------
    rho : float
        The L1 margin :func:`norm_margin` of the returned α.
    alpha : ndarray of shape (N,)
        ‖α‖₁ = 1 (α⁺ and α⁻ never overlap at the optimum).

    Examples
    --------
    >>> rho, alpha = signed_max_margin([[1.0, -1.0], [-1.0, -1.0]], [1, 1])
    >>> round(rho, 9), alpha.round(9).tolist()
    (1.0, [0.0, -1.0])
    """
    M = margin_matrix(predictions, y)
    N = M.shape[1]
    _, weights = max_margin(np.hstack([M, -M]))
    alpha = weights[:N] - weights[N:]
    alpha = alpha / np.abs(alpha).sum()
    return norm_margin(M, alpha, np.ones(M.shape[0]), 1), alpha
