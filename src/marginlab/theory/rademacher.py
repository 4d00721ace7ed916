"""The empirical Rademacher complexity of decision stumps (claim B16).

For a sample S = (x_1, …, x_m) and a class H of functions into {−1, +1}
(Mohri, Boosting, 'Rademacher Complexity of Convex Hulls')::

    R̂_S(H) = E_σ [ sup_{h ∈ H} (1/m) Σ_i σ_i h(x_i) ],

σ_1, …, σ_m independent uniform signs. By the slide's theorem,
R̂_S(conv(H)) = R̂_S(H): the normalized AdaBoost combination f/‖α‖₁ lies in
conv(H), and its complexity is that of the stumps.

H is the class of all decision stumps on ℝ^N, both polarities: h(x) = s if
x_j > θ else −s, s ∈ {−1, +1}, θ ∈ [−∞, ∞) (θ = −∞: the constants ±1).
On S only finitely many of them differ, and the supremum is exact: in the
order of feature j, the stump that predicts −s on the first k points and s
on the others has Σ_i σ_i h(x_i) = s (Σ σ − 2 S_k), S_k the sum of the first
k signs, so ::

    sup_h Σ_i σ_i h(x_i) = max_j max_k |Σ_i σ_i − 2 S_k^{(j)}|,

over k = 0 (the constants) and the ends k of the runs of equal values of
x_j (a threshold cannot separate equal values). One cumulative sum per
feature: O(N m) per draw after one O(N m log m) presort.

Because H contains both polarities of every stump, the supremum is ≥ 0 and
at most 1, and it changes by at most 2/m when one σ_i changes sign.
"""

from __future__ import annotations

import math

import numpy as np

from ..core.contract.validation import check_array, check_random_state, check_scalar

__all__ = [
    "monte_carlo_deviation",
    "stump_rademacher_draws",
    "stump_rademacher_sup",
    "stump_vc_dimension_bound",
]


def _presort(X: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per feature: the sorting order and the split positions k (the number
    of points before each valid threshold, one per run of equal values)."""
    out = []
    for j in range(X.shape[1]):
        order = np.argsort(X[:, j], kind="stable")
        xs = X[order, j]
        ends = np.flatnonzero(xs[:-1] != xs[1:]) + 1  # k points lie below θ
        out.append((order, ends))
    return out


def _sups(sorted_features: list[tuple[np.ndarray, np.ndarray]], sigma: np.ndarray):
    m = sigma.shape[1]
    total = sigma.sum(axis=1)
    best = np.abs(total)  # the constant stumps ±1
    for order, ends in sorted_features:
        if ends.size == 0:
            continue
        S = np.cumsum(sigma[:, order], axis=1)[:, ends - 1]
        np.maximum(best, np.abs(total[:, None] - 2.0 * S).max(axis=1), out=best)
    return best / m


def stump_rademacher_sup(X: object, sigma: object) -> np.ndarray:
    """sup over all stumps of (1/m) Σ_i σ_i h(x_i), exactly, for each σ.

    Parameters
    ----------
    X : array-like of shape (m, N)
    sigma : array-like of shape (m,) or (K, m), entries ±1
        One sign vector, or K of them (one per row).

    Returns
    -------
    ndarray of shape (K,) (a 0-d array for one σ)
        Values in [0, 1].

    Examples
    --------
    >>> float(stump_rademacher_sup([[0.0], [1.0], [2.0]], [1, -1, -1]))
    1.0
    >>> float(stump_rademacher_sup([[0.0], [1.0], [2.0]], [1, -1, 1]))
    0.3333333333333333
    """
    X = check_array(X)
    s = np.asarray(sigma, dtype=np.float64)
    one = s.ndim == 1
    s = np.atleast_2d(s)
    if s.ndim != 2 or s.shape[1] != X.shape[0]:
        raise ValueError(
            f"sigma of stump_rademacher_sup must have {X.shape[0]} columns (one "
            f"per point of X); got shape {np.shape(sigma)}."
        )
    if not np.isin(s, (-1.0, 1.0)).all():
        raise ValueError("sigma of stump_rademacher_sup must hold only -1 and +1.")
    out = _sups(_presort(X), s)
    return out[0, ...] if one else out


def stump_rademacher_draws(
    X: object, n_draws: int, seed: int | np.random.Generator | None = 0
) -> np.ndarray:
    """Exact sups of :func:`stump_rademacher_sup` for ``n_draws`` random σ.

    Their mean is a Monte Carlo estimate of R̂_S(H) for the stumps H; see
    :func:`monte_carlo_deviation` for its error.

    Parameters
    ----------
    X : array-like of shape (m, N)
    n_draws : int ≥ 1
        K, the number of independent sign vectors σ.
    seed : int, Generator or None, default=0

    Returns
    -------
    ndarray of shape (K,)
    """
    X = check_array(X)
    n_draws = check_scalar(
        n_draws, "n_draws", "stump_rademacher_draws", kind="int", low=1, closed="left"
    )
    rng = check_random_state(seed)
    features = _presort(X)
    m = X.shape[0]
    batch = max(1, 2_000_000 // max(1, m))  # about 16 MB of signs at a time
    out = np.empty(n_draws)
    for start in range(0, n_draws, batch):
        k = min(batch, n_draws - start)
        sigma = rng.choice(np.array([-1.0, 1.0]), size=(k, m))
        out[start : start + k] = _sups(features, sigma)
    return out


def monte_carlo_deviation(m: int, n_draws: int, delta: float) -> float:
    """√(2 ln(1/δ) / (m K)): with probability ≥ 1 − δ over the K draws,
    R̂_S(H) ≤ (mean of the K sups) + this.

    The mean of K sups is a function of the K·m independent signs, each of
    which changes it by at most 2/(m K); McDiarmid's inequality gives
    P[R̂_S(H) − mean ≥ t] ≤ exp(−2t² / (K m (2/(m K))²)) = exp(−t² m K / 2).

    Parameters
    ----------
    m : int ≥ 1
        Sample size.
    n_draws : int ≥ 1
        K.
    delta : float in (0, 1)

    Returns
    -------
    float

    Examples
    --------
    >>> round(monte_carlo_deviation(100, 200, 0.01), 6)
    0.02146
    """
    m = check_scalar(m, "m", "monte_carlo_deviation", kind="int", low=1, closed="left")
    K = check_scalar(
        n_draws, "n_draws", "monte_carlo_deviation", kind="int", low=1, closed="left"
    )
    delta = check_scalar(delta, "delta", "monte_carlo_deviation", low=0.0, high=1.0)
    return math.sqrt(2.0 * math.log(1.0 / delta) / (m * K))


def stump_vc_dimension_bound(n_features: int) -> int:
    """An upper bound on the VC dimension of stumps on ℝ^N (both polarities).

    On d points the stumps produce at most 2 + 2N(d − 1) labelings (the two
    constants, and per feature d − 1 thresholds with two polarities). A
    shattered set needs 2^d of them, so the VC dimension is at most the
    largest d with 2^d ≤ 2 + 2N(d − 1). For N = 1 this is 2, the exact value.

    Parameters
    ----------
    n_features : int ≥ 1

    Returns
    -------
    int

    Examples
    --------
    >>> [stump_vc_dimension_bound(n) for n in (1, 2, 30)]
    [2, 3, 8]
    """
    N = check_scalar(
        n_features,
        "n_features",
        "stump_vc_dimension_bound",
        kind="int",
        low=1,
        closed="left",
    )
    d = 1
    while 2 ** (d + 1) <= 2 + 2 * N * d:
        d += 1
    return d
