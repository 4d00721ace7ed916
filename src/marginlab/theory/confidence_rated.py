"""The weight α_t of a confidence-rated base classifier (claim B22).

At round t AdaBoost has a distribution D over the m training points and a
base classifier h; write u_i = y_i h(x_i) for its margins. The new
distribution is D(i) exp(−α u_i) / Z(α), with the normalizer ::

    Z(α) = Σ_i D(i) exp(−α u_i),

and the training error of the final vote is at most Π_t Z_t (Mohri,
Boosting, 'Bound on Empirical Error'). Z is convex in α; it has a finite
minimizer exactly when some u_i > 0 and some u_i < 0 carry weight.

* For h with values in {−1, +1}, Z(α) = (1 − ε) e^{−α} + ε e^{α} with ε the
  weighted error, minimized by α = ½ ln((1 − ε)/ε) at Z = 2√(ε(1 − ε)) (the
  slides' α_t and Z_t).
* For h with values in [−1, 1] the slides say only that α_t "can be similarly
  chosen to minimize Z_t" (Mohri, Boosting, the notes after the bound): no
  closed form. With the weighted edge r = Σ_i D(i) u_i ∈ [−1, 1] (r = 1 − 2ε
  for ±1 values), convexity of exp gives, for u ∈ [−1, 1],
  e^{−αu} ≤ ((1 + u)/2) e^{−α} + ((1 − u)/2) e^{α}, hence ::

      Z(α) ≤ ((1 + r)/2) e^{−α} + ((1 − r)/2) e^{α},

  an upper bound minimized by α_r = ½ ln((1 + r)/(1 − r)) at the value
  √(1 − r²) (Schapire and Singer 1999, §3.1). α_r is the ±1 formula written
  with r; it minimizes the bound, and Z itself only when every |u_i| = 1.

:func:`minimizing_alpha` finds the minimizer of Z numerically (Brent's method,
``scipy.optimize.minimize_scalar``), without the closed form, so that the
two can be compared.

References
----------
R. E. Schapire and Y. Singer. Improved boosting algorithms using
confidence-rated predictions. *Machine Learning* 37(3):297–336, 1999.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import logsumexp

__all__ = [
    "closed_form_alpha",
    "edge",
    "minimizing_alpha",
    "normalizer",
    "normalizer_bound",
]


def _check(weights: object, margins: object) -> tuple[np.ndarray, np.ndarray]:
    """D as a distribution and u as finite margins of the same length."""
    D = np.asarray(weights, dtype=np.float64).ravel()
    u = np.asarray(margins, dtype=np.float64).ravel()
    if D.shape != u.shape or D.size == 0:
        raise ValueError(
            f"weights and margins must be non-empty and of the same length; got "
            f"{D.size} and {u.size}."
        )
    if not (np.isfinite(D).all() and np.isfinite(u).all()):
        raise ValueError("weights and margins must be finite.")
    if (D < 0).any() or not math.isclose(D.sum(), 1.0, rel_tol=1e-9):
        raise ValueError("weights must be a distribution (non-negative, sum 1).")
    return D, u


def normalizer(weights: object, margins: object, alpha: float) -> float:
    """Z(α) = Σ_i D(i) exp(−α u_i), the normalizer of AdaBoost's update.

    Computed as exp(logsumexp(−α u, b=D)): the sum is formed in log space, so
    no term overflows before the weights scale it.

    Parameters
    ----------
    weights : array-like of shape (m,)
        D, a distribution over the training points.
    margins : array-like of shape (m,)
        u_i = y_i h(x_i).
    alpha : float

    Returns
    -------
    float

    Examples
    --------
    >>> round(normalizer([0.75, 0.25], [1.0, -1.0], 0.5 * math.log(3.0)), 12)
    0.866025403784
    """
    D, u = _check(weights, margins)
    return float(np.exp(logsumexp(-float(alpha) * u, b=D)))


def edge(weights: object, margins: object) -> float:
    """r = Σ_i D(i) u_i ∈ [−1, 1] for margins in [−1, 1] (1 − 2ε for ±1 values).

    Examples
    --------
    >>> edge([0.5, 0.25, 0.25], [1.0, 0.5, -1.0])
    0.375
    """
    D, u = _check(weights, margins)
    return float(D @ u)


def closed_form_alpha(weights: object, margins: object) -> float:
    """α_r = ½ ln((1 + r)/(1 − r)), r the edge: the slides' α_t for ±1 values.

    For u_i ∈ {−1, +1} this is ½ ln((1 − ε)/ε) and minimizes Z exactly; for
    u_i ∈ [−1, 1] it minimizes the upper bound ((1 + r)/2) e^{−α} +
    ((1 − r)/2) e^{α} of Z (see the module docstring).

    Raises
    ------
    ValueError
        When |r| = 1 (every weighted margin 1, or every one −1): no finite α.

    Examples
    --------
    >>> round(closed_form_alpha([0.75, 0.25], [1.0, -1.0]), 12)  # ½ ln 3
    0.549306144334
    """
    r = edge(weights, margins)
    if not -1.0 < r < 1.0:
        raise ValueError(f"the edge r = {r} must lie in (-1, 1) for a finite alpha.")
    return 0.5 * math.log((1.0 + r) / (1.0 - r))


def normalizer_bound(r: float) -> float:
    """√(1 − r²): the minimum over α of the upper bound of Z for the edge r.

    Z(α_r) ≤ √(1 − r²) for margins in [−1, 1], with equality for ±1 margins
    (where it is the slides' 2√(ε(1 − ε))).

    Examples
    --------
    >>> round(normalizer_bound(0.5), 12)
    0.866025403784
    """
    if not -1.0 <= r <= 1.0:
        raise ValueError(f"the edge r must lie in [-1, 1]; got {r}.")
    return math.sqrt(1.0 - r * r)


def minimizing_alpha(weights: object, margins: object) -> float:
    """The α minimizing Z(α) = Σ_i D(i) exp(−α u_i), found numerically.

    Brent's method (``scipy.optimize.minimize_scalar``) on the convex Z; it
    does not use the closed form. The minimizer is found to about 1e-8
    relative (the limit of locating a minimum from function values), where Z
    is flat to second order.

    Parameters
    ----------
    weights : array-like of shape (m,)
        D, a distribution.
    margins : array-like of shape (m,)
        u_i = y_i h(x_i).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        When no margin with weight is negative, or none positive: Z is then
        monotone and has no minimizer.
    RuntimeError
        When the minimization does not converge.

    Examples
    --------
    >>> round(minimizing_alpha([0.75, 0.25], [1.0, -1.0]), 6)  # ½ ln 3
    0.549306
    """
    D, u = _check(weights, margins)
    weighted = u[D > 0]
    if not ((weighted > 0).any() and (weighted < 0).any()):
        raise ValueError(
            "Z(alpha) has no minimizer: the weighted margins must include both signs."
        )
    result = minimize_scalar(lambda a: normalizer(D, u, a), method="brent")
    if not result.success:
        raise RuntimeError(f"minimizing Z(alpha) failed: {result.message}")
    return float(result.x)
