"""The empirical Rademacher complexity of a finite class and of its convex hull
(claim B23).

For a sample S = (x_1, …, x_m), a finite class H = {h_1, …, h_N} given by its
predictions H_ik = h_k(x_i), and sign vectors σ ∈ {−1, +1}^m::

    R̂_S(H) = E_σ [ sup_{h ∈ H} (1/m) Σ_i σ_i h(x_i) ].

Mohri, Boosting, 'Rademacher Complexity of Convex Hulls', defines ::

    conv(H) = { Σ_k μ_k h_k : μ_k ≥ 0, Σ_k μ_k ≤ 1 }

and proves R̂_S(conv(H)) = R̂_S(H): for a fixed σ the inner supremum is that
of the linear function μ ↦ Σ_k μ_k c_k, c_k = (1/m) Σ_i σ_i h_k(x_i), over a
polytope, attained at a vertex. With Σ_k μ_k = 1 (the convex hull proper) the
vertices are the h_k and the sup is max_k c_k. With the slide's Σ_k μ_k ≤ 1
the origin μ = 0 is a vertex too and the sup is max(0, max_k c_k): the two
agree only when max_k c_k ≥ 0 for every σ — e.g. when H is closed under
negation or holds both constants ±1, as the stumps do — and not for a class
such as a single function h, where R̂_S({h}) = 0 but the hull's is
E_σ[max(0, c)] > 0.

:func:`finite_class_sup` computes the supremum over H (a maximum over its
columns); :func:`convex_hull_sup` solves the linear program over the hull with
``scipy.optimize.linprog`` (HiGHS), without assuming the vertex, so that the
two are independent computations of the two sides of the identity.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from scipy.optimize import linprog

from ..core.contract.validation import check_array

__all__ = ["convex_hull_sup", "correlations", "finite_class_sup"]

#: HiGHS tolerances of the hull LP (as for the LPs of :mod:`.margins`).
_HIGHS = {
    "primal_feasibility_tolerance": 1e-10,
    "dual_feasibility_tolerance": 1e-10,
}

Total = Literal["equal", "at_most"]


def correlations(H: object, sigma: object) -> np.ndarray:
    """c_dk = (1/m) Σ_i σ_di H_ik for every sign vector σ_d and column k.

    Parameters
    ----------
    H : array-like of shape (m, N)
        H_ik = h_k(x_i).
    sigma : array-like of shape (K, m) or (m,), entries ±1

    Returns
    -------
    ndarray of shape (K, N)

    Examples
    --------
    >>> correlations([[1.0, -1.0], [1.0, 1.0]], [1, -1]).tolist()
    [[0.0, -1.0]]
    """
    H = check_array(H, name="H")
    s = np.atleast_2d(np.asarray(sigma, dtype=np.float64))
    if s.ndim != 2 or s.shape[1] != H.shape[0]:
        raise ValueError(
            f"sigma must have {H.shape[0]} columns (one per row of H); got shape "
            f"{np.shape(sigma)}."
        )
    if not np.isin(s, (-1.0, 1.0)).all():
        raise ValueError("sigma must hold only -1 and +1.")
    return s @ H / H.shape[0]


def finite_class_sup(H: object, sigma: object) -> np.ndarray:
    """sup_{h ∈ H} (1/m) Σ_i σ_i h(x_i) = max_k c_k, for each σ.

    Examples
    --------
    >>> finite_class_sup([[1.0, -1.0], [1.0, 1.0]], [[1, -1], [1, 1]]).tolist()
    [0.0, 1.0]
    """
    return correlations(H, sigma).max(axis=1)


def convex_hull_sup(H: object, sigma: object, *, total: Total = "equal") -> np.ndarray:
    """sup over the hull of H of (1/m) Σ_i σ_i f(x_i), by linear programming.

    For each σ, the LP max_μ Σ_k μ_k c_k subject to μ ≥ 0 and Σ_k μ_k = 1
    (``total="equal"``: the convex hull) or Σ_k μ_k ≤ 1 (``"at_most"``: the
    hull of the slides, which contains 0). The value returned is Σ_k μ_k c_k
    for the solver's μ (HiGHS, feasibility tolerances 1e-10).

    Parameters
    ----------
    H : array-like of shape (m, N)
    sigma : array-like of shape (K, m) or (m,), entries ±1
    total : {"equal", "at_most"}, default="equal"

    Returns
    -------
    ndarray of shape (K,)

    Raises
    ------
    RuntimeError
        When an LP fails.

    Examples
    --------
    >>> H = [[1.0], [1.0]]  # one function, h = +1 on both points
    >>> convex_hull_sup(H, [[-1, -1]]).tolist(), convex_hull_sup(
    ...     H, [[-1, -1]], total="at_most").tolist()
    ([-1.0], [0.0])
    """
    if total not in ("equal", "at_most"):
        raise ValueError(f"total must be 'equal' or 'at_most'; got {total!r}.")
    C = correlations(H, sigma)
    N = C.shape[1]
    ones = np.ones((1, N))
    out = np.empty(C.shape[0])
    for d, c in enumerate(C):
        constraint = (
            {"A_eq": ones, "b_eq": [1.0]}
            if total == "equal"
            else {"A_ub": ones, "b_ub": [1.0]}
        )
        res = linprog(
            -c, bounds=(0.0, None), method="highs", options=_HIGHS, **constraint
        )
        if res.status != 0:
            raise RuntimeError(f"the convex-hull LP failed: {res.message}")
        out[d] = float(c @ res.x)
    return out
