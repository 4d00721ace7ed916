"""Many verdicts at once: the p-value a row's interval implies, and the
corrections of Holm and of Benjamini and Hochberg.

Each empirical row of the claims is read from its own 95 % interval: *held*
when the whole interval satisfies the relation, *did not hold* when none of it
does. Each such verdict is a one-sided test at level α = 2.5 %, so among N rows
about α·N verdicts may be wrong by chance alone even when every interval has
its nominal coverage. A multiplicity-controlled reading keeps a verdict only
when its p-value survives a correction over all N rows:

- Holm (1979), step-down: sort p_(1) ≤ … ≤ p_(N); the adjusted value is
  p̃_(i) = max_{j ≤ i} min(1, (N − j + 1) p_(j)). Keeping p̃ ≤ α bounds the
  probability of *any* wrong verdict among the N by α (family-wise error).
- Benjamini and Hochberg (1995), step-up: p̃_(i) = min_{j ≥ i} min(1, N p_(j) / j).
  Keeping p̃ ≤ α bounds the expected *share* of wrong verdicts among those kept
  by α (false discovery rate; for independent or positively dependent tests).

Benjamini–Hochberg is scipy's (``scipy.stats.false_discovery_control``); scipy
has no Holm adjustment (statsmodels has one, a dependency this one function
would not earn), so :func:`holm` is written here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .intervals import LEVEL

#: One-sided level of a row's verdict: a 95 % two-sided interval decides a
#: verdict when the bound lies outside it on one side.
ALPHA = (1 - LEVEL) / 2


def interval_p_value(
    measured: float, ci_low: float, ci_high: float, bound: float, level: float = LEVEL
) -> float:
    """The one-sided p-value that a row's interval implies against its bound.

    The half of the interval on the bound's side is read as z_{1 − α/2}
    standard errors (α = 1 − ``level``): with h = m − ℓ when the bound b < m
    and h = u − m otherwise,

        p = 1 − Φ(z_{1 − α/2} · |m − b| / h),

    so that p < α/2 exactly when the interval excludes the bound, which is
    when the row's verdict is decided. Away from that level the value is a
    normal approximation: close for score intervals of proportions (Wilson,
    Newcombe), smaller than the exact value for an interval built on a t
    distribution with few degrees of freedom. A bound on the interval's edge
    gives p = α/2; a bound equal to the measured value gives 1/2; an interval
    of zero width on the bound's side gives 0.

    Examples
    --------
    >>> round(interval_p_value(0.1, 0.05, 0.15, 0.05), 3)
    0.025
    >>> interval_p_value(0.1, 0.05, 0.15, 0.1)
    0.5
    """
    values = (measured, ci_low, ci_high, bound)
    if any(math.isnan(v) for v in values):
        raise ValueError(f"need finite numbers; got {values}.")
    if not ci_low <= measured <= ci_high:
        raise ValueError(
            f"measured {measured} lies outside its interval [{ci_low}, {ci_high}]."
        )
    distance = abs(measured - bound)
    if distance == 0:
        return 0.5
    half = measured - ci_low if bound < measured else ci_high - measured
    if half == 0:
        return 0.0
    from scipy import stats  # imported where used: most jobs never need it

    z = stats.norm.ppf(1 - (1 - level) / 2) * distance / half
    return float(stats.norm.sf(z))


def resolving_factor(
    measured: float, ci_low: float, ci_high: float, bound: float
) -> float:
    """How many times as many points would resolve a row at its observed effect.

    An interval's half-width shrinks like 1/√n. With d = |m − b| the distance
    of the measured value from the bound and h the half of the interval on the
    bound's side (as in :func:`interval_p_value`), the interval would just
    exclude the bound at (h/d)² times the points, if the estimate and the
    spread per point stayed as observed: the sample size at which a new study
    of the same effect has about even odds of resolving it. ``inf`` when the
    effect is 0; below 1 when the row is already resolved.

    Examples
    --------
    >>> resolving_factor(0.01, -0.02, 0.04, 0.0)
    9.0
    """
    distance = abs(measured - bound)
    if distance == 0:
        return math.inf
    half = measured - ci_low if bound < measured else ci_high - measured
    return (half / distance) ** 2


def _sorted(p: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    values = np.asarray(p, dtype=float)
    bad = np.isnan(values) | (values < 0) | (values > 1)
    if values.ndim != 1 or np.any(bad):
        raise ValueError("p-values must be a 1-D sequence of numbers in [0, 1].")
    order = np.argsort(values, kind="stable")
    return values, order


def holm(p: Sequence[float]) -> np.ndarray:
    """Holm's step-down adjusted p-values, in the order given.

    p̃_(i) = max_{j ≤ i} min(1, (N − j + 1) p_(j)) over the sorted values.

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03]).round(3).tolist()
    [0.03, 0.06, 0.06]
    """
    values, order = _sorted(p)
    n = len(values)
    scaled = (n - np.arange(n)) * values[order]
    adjusted = np.empty(n)
    adjusted[order] = np.minimum(1.0, np.maximum.accumulate(scaled))
    return adjusted


def benjamini_hochberg(p: Sequence[float]) -> np.ndarray:
    """Benjamini and Hochberg's step-up adjusted p-values, in the order given.

    p̃_(i) = min_{j ≥ i} min(1, N p_(j) / j) over the sorted values. Computed
    by scipy (``scipy.stats.false_discovery_control(p, method="bh")``).

    Examples
    --------
    >>> benjamini_hochberg([0.01, 0.04, 0.03]).round(3).tolist()
    [0.03, 0.04, 0.04]
    """
    from scipy import stats

    values, _ = _sorted(p)
    return stats.false_discovery_control(values, method="bh")


@dataclass(frozen=True)
class GridRegret:
    """The regret of one setting against the best of a grid, and its interval.

    With δ_g the mean over the same n points of (loss of the chosen setting −
    loss of another setting g) — a difference of error rates, or of squared
    errors — the regret is

        θ = max(0, max_g δ_g),

    the chosen setting's excess over the best setting of the grid (0 when it
    is itself the best). The best setting is not known: picking it as the one
    of smallest loss on the very points the comparison uses would make its
    loss look smaller than it is. The interval therefore compares the choice
    with **every** other setting: the paired interval [l_g, u_g] of δ_g at
    level 1 − (1 − ``level``)/k for each of the k other settings (Bonferroni),
    so that with probability at least ``level`` all k intervals hold
    together, and then

        max(0, max_g l_g)  ≤  θ  ≤  max(0, max_g u_g).

    Attributes
    ----------
    value : float
        θ̂ = max(0, max_g δ̂_g).
    low, high : float
        The simultaneous interval of θ above.
    comparisons : int
        k, the number of other settings.
    level_each : float
        The level of each of the k paired intervals, 1 − (1 − level)/k.
    closest : int or None
        Index (into the settings compared) of the setting whose interval
        gives ``high``: the one the choice could trail by most; None for
        k = 0.
    """

    value: float
    low: float
    high: float
    comparisons: int
    level_each: float
    closest: int | None

    def fields(self) -> dict[str, float]:
        """θ̂ and its interval as a claim row's ``measured``, ``ci_low`` and
        ``ci_high``."""
        return {"measured": self.value, "ci_low": self.low, "ci_high": self.high}


def grid_regret(
    chosen: np.ndarray,
    others: Sequence[np.ndarray],
    difference: Callable[[np.ndarray, np.ndarray, float], Any],
    level: float = LEVEL,
) -> GridRegret:
    """The regret of a chosen setting against the best of a grid, with a
    simultaneous interval (see :class:`GridRegret`).

    Parameters
    ----------
    chosen : ndarray of shape (n,)
        The chosen setting's losses on the n points (mistakes as booleans, or
        squared errors).
    others : sequence of ndarray of shape (n,)
        The losses of every other setting of the grid on the same points.
    difference : callable
        ``difference(chosen, other, level)`` → the paired interval of the mean
        of chosen − other at that level, an object whose ``fields()`` gives
        ``measured``, ``ci_low`` and ``ci_high``:
        :func:`~marginlab.theory.intervals.paired_difference` for mistakes,
        :func:`~marginlab.theory.intervals.paired_mean_difference` for
        squared errors.
    level : float, default=0.95
        Simultaneous level of the k intervals.

    Returns
    -------
    GridRegret

    Examples
    --------
    >>> from marginlab.theory.intervals import paired_difference
    >>> r = grid_regret(
    ...     np.array([1, 1, 0, 0]), [np.array([1, 0, 0, 0])], paired_difference
    ... )
    >>> (r.value, r.comparisons, r.low == 0.0, r.high > r.value)
    (0.25, 1, True, True)
    """
    k = len(others)
    if k == 0:
        return GridRegret(0.0, 0.0, 0.0, 0, level, None)
    each = 1.0 - (1.0 - level) / k
    diffs = [difference(chosen, other, each).fields() for other in others]
    highs = [d["ci_high"] for d in diffs]
    return GridRegret(
        value=max(0.0, max(d["measured"] for d in diffs)),
        low=max(0.0, max(d["ci_low"] for d in diffs)),
        high=max(0.0, max(highs)),
        comparisons=k,
        level_each=each,
        closest=int(np.argmax(highs)),
    )
