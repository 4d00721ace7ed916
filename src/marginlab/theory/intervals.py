"""Confidence intervals of error rates, proportions and their differences, and
of a ratio of repeated timings.

Claim rows and figures both use them, so they live below both.

An empirical claim about error rates is read from an interval, not from a
point estimate: a difference of two or three test points is noise. The rows
that use these intervals read *held* when the whole interval satisfies the
claim, *did not hold* when none of it does, and *not resolved* otherwise
(:meth:`marginlab.experiments._shared.rows.ClaimRow.verdict`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: Two-sided confidence level of every interval of the claims.
LEVEL = 0.95


def clopper_pearson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Exact (Clopper–Pearson) interval of a proportion p from k successes in n.

    [B(α/2; k, n − k + 1), B(1 − α/2; k + 1, n − k)], with B(q; a, b) the
    q-quantile of the Beta(a, b) distribution, α = 1 − ``level``, and the
    ends 0 when k = 0 and 1 when k = n. Its coverage is at least ``level``
    for every p. Computed by scipy
    (``scipy.stats.binomtest(k, n).proportion_ci(level, method="exact")``).

    Examples
    --------
    >>> lo, hi = clopper_pearson(0, 10)
    >>> (lo, round(hi, 4))
    (0.0, 0.3085)
    """
    return _proportion_ci(k, n, level, "exact")


def wilson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Wilson score interval of a proportion: the p with |p̂ − p| ≤ z √(p(1−p)/n).

    (p̂ + z²/2n ± z √(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n), z the
    (1 + level)/2 normal quantile. Computed by scipy
    (``scipy.stats.binomtest(k, n).proportion_ci(level, method="wilson")``).

    Examples
    --------
    >>> tuple(round(end, 4) for end in wilson(5, 10))
    (0.2366, 0.7634)
    """
    return _proportion_ci(k, n, level, "wilson")


def _proportion_ci(k: int, n: int, level: float, method: str) -> tuple[float, float]:
    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n and n >= 1; got k = {k}, n = {n}.")
    from scipy import stats  # imported where used: most jobs never need it

    ci = stats.binomtest(int(k), int(n)).proportion_ci(level, method=method)
    # The ends are exactly 0 at k = 0 and 1 at k = n (rounding aside).
    lo = 0.0 if k == 0 else max(0.0, float(ci.low))
    hi = 1.0 if k == n else min(1.0, float(ci.high))
    return lo, hi


def difference_interval(
    k1: int, n1: int, k2: int, n2: int, level: float = LEVEL
) -> tuple[float, float]:
    """Interval of p1 − p2 from two independent samples (Newcombe's method 10).

    With (l_i, u_i) the Wilson intervals of p̂_i = k_i/n_i,

        δ̂ − √((p̂1 − l1)² + (u2 − p̂2)²)  ≤  p1 − p2  ≤  δ̂ + √((u1 − p̂1)² + (p̂2 − l2)²),

    δ̂ = p̂1 − p̂2 (R. G. Newcombe, "Interval estimation for the difference
    between independent proportions", Statistics in Medicine 17, 1998).
    Applied to two error rates on the *same* test points it ignores their
    positive correlation, which widens the interval: conservative.

    Examples
    --------
    >>> lo, hi = difference_interval(30, 100, 10, 100)
    >>> lo > 0
    True
    """
    l1, u1 = wilson(k1, n1, level)
    l2, u2 = wilson(k2, n2, level)
    p1, p2 = k1 / n1, k2 / n2
    d = p1 - p2
    return (
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def count(rate: float, n: int) -> int:
    """The number of points k behind a rate k/n read back from a table."""
    k = round(float(rate) * n)
    if abs(k - float(rate) * n) > 1e-6 * max(1, n):
        raise ValueError(f"rate {rate!r} is not a multiple of 1/{n}.")
    return int(k)


@dataclass(frozen=True)
class RateDifference:
    """The difference of two rates k1/n1 − k2/n2 and its interval.

    Attributes
    ----------
    k1, n1, k2, n2 : int
    low, high : float
        Newcombe's interval (:func:`difference_interval`).
    """

    k1: int
    n1: int
    k2: int
    n2: int
    low: float
    high: float

    @property
    def value(self) -> float:
        """k1/n1 − k2/n2."""
        return self.k1 / self.n1 - self.k2 / self.n2

    def fields(self) -> dict[str, float]:
        """The difference and its interval as a claim row's ``measured``,
        ``ci_low`` and ``ci_high``."""
        return {"measured": self.value, "ci_low": self.low, "ci_high": self.high}

    def __str__(self) -> str:
        return (
            f"{self.k1}/{self.n1} - {self.k2}/{self.n2}, 95 % interval "
            f"[{self.low:.3g}, {self.high:.3g}]"
        )


def rate_difference(
    rate1: float, n1: int, rate2: float, n2: int | None = None, level: float = LEVEL
) -> RateDifference:
    """Two rates read back from a table (each a multiple of 1/n, see
    :func:`count`), their difference and its interval; ``n2`` defaults to
    ``n1`` (two rates on the same points).

    Examples
    --------
    >>> d = rate_difference(0.3, 100, 0.1)
    >>> (d.k1, d.k2, round(d.value, 2), d.low > 0)
    (30, 10, 0.2, True)
    """
    n2 = n1 if n2 is None else n2
    k1, k2 = count(rate1, n1), count(rate2, n2)
    return RateDifference(k1, n1, k2, n2, *difference_interval(k1, n1, k2, n2, level))


def paired_difference_interval(
    n11: int, n12: int, n21: int, n22: int, level: float = LEVEL
) -> tuple[float, float]:
    """Interval of p1 − p2 from paired data (Newcombe's method 10 for pairs).

    On n points, each classified by two methods, n11 counts the points both
    get wrong, n12 those only the first gets wrong, n21 those only the second
    gets wrong and n22 those neither does; p̂1 = (n11 + n12)/n and
    p̂2 = (n11 + n21)/n are the two error rates and δ̂ = (n12 − n21)/n their
    difference. With (l_i, u_i) the Wilson intervals of p̂_i,

        δ̂ − √((p̂1 − l1)² − 2φ(p̂1 − l1)(u2 − p̂2) + (u2 − p̂2)²)  ≤  p1 − p2
        ≤  δ̂ + √((p̂2 − l2)² − 2φ(p̂2 − l2)(u1 − p̂1) + (u1 − p̂1)²),

    φ the correlation of the two rates over the points, estimated from
    A = n11 n22 − n12 n21 as (A − n/2)/√D when A > n/2, 0 when
    0 ≤ A ≤ n/2 and A/√D when A < 0, D the product of the four margins (0
    when a margin is 0). R. G. Newcombe, "Improved confidence intervals for
    the difference between binomial proportions based on paired data",
    Statistics in Medicine 17, 2635–2650 (1998); as given by Fagerland,
    Lydersen and Laake, *Statistical Analysis of Contingency Tables* (2017),
    chapter 8. Two rates on the same points are positively correlated, so
    this interval is narrower than the independent one
    (:func:`difference_interval`) when their mistakes overlap.

    Examples
    --------
    >>> lo, hi = paired_difference_interval(59, 6, 16, 80)  # Cavo et al. 2012
    >>> round(6 / 161 - 16 / 161, 4), round(lo, 4), round(hi, 4)
    (-0.0621, -0.1186, -0.0046)
    """
    counts = (n11, n12, n21, n22)
    if any(int(c) != c or c < 0 for c in counts) or sum(counts) < 1:
        raise ValueError(f"need four non-negative counts, not all 0; got {counts}.")
    n = n11 + n12 + n21 + n22
    k1, k2 = n11 + n12, n11 + n21
    l1, u1 = wilson(k1, n, level)
    l2, u2 = wilson(k2, n, level)
    p1, p2 = k1 / n, k2 / n
    margins = (n11 + n12) * (n21 + n22) * (n11 + n21) * (n12 + n22)
    a = n11 * n22 - n12 * n21
    if margins == 0 or 0 <= a <= n / 2:
        phi = 0.0
    else:
        phi = (a - n / 2 if a > n / 2 else a) / math.sqrt(margins)
    d = p1 - p2
    below = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    above = (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2
    return d - math.sqrt(max(below, 0.0)), d + math.sqrt(max(above, 0.0))


@dataclass(frozen=True)
class PairedDifference:
    """The difference of two error rates on the same n points, and its
    paired interval (:func:`paired_difference_interval`).

    Attributes
    ----------
    both, first_only, second_only, neither : int
        The points both methods get wrong, only the first, only the second,
        neither (McNemar's discordant counts are ``first_only`` and
        ``second_only``).
    low, high : float
    """

    both: int
    first_only: int
    second_only: int
    neither: int
    low: float
    high: float

    @property
    def n(self) -> int:
        return self.both + self.first_only + self.second_only + self.neither

    @property
    def value(self) -> float:
        """p̂1 − p̂2 = (first_only − second_only)/n."""
        return (self.first_only - self.second_only) / self.n

    @property
    def resolving_n(self) -> float:
        """The number of test points n at which the difference seen, δ, would
        resolve if the fraction d of discordant points stayed: the half-width
        1.96 √(d/n) of the interval falls below |δ| when n > 1.96² d / δ²
        (infinite for δ = 0)."""
        if self.value == 0:
            return math.inf
        discordant = (self.first_only + self.second_only) / self.n
        return 1.96**2 * discordant / self.value**2

    def fields(self) -> dict[str, float]:
        """The difference and its interval as a claim row's ``measured``,
        ``ci_low`` and ``ci_high``, and ``resolving_factor``: how many times
        as many points would resolve it, :attr:`resolving_n` / n (McNemar's
        normal approximation; stretching the score interval of a few
        discordant points would overstate it)."""
        return {
            "measured": self.value,
            "ci_low": self.low,
            "ci_high": self.high,
            "resolving_factor": self.resolving_n / self.n,
        }

    def __str__(self) -> str:
        k1, k2 = self.both + self.first_only, self.both + self.second_only
        return (
            f"{k1}/{self.n} - {k2}/{self.n} on the same points ({self.first_only} "
            f"vs {self.second_only} discordant), paired 95 % interval "
            f"[{self.low:.3g}, {self.high:.3g}]"
        )


def paired_difference(
    wrong1: object, wrong2: object, level: float = LEVEL
) -> PairedDifference:
    """The paired difference of two methods' error rates from their mistakes
    on the same points (two boolean arrays, one entry per point).

    Examples
    --------
    >>> d = paired_difference([1, 1, 0, 0, 1], [1, 0, 0, 0, 0])
    >>> (d.both, d.first_only, d.second_only, d.neither, d.value)
    (1, 2, 0, 2, 0.4)
    """
    w1 = np.asarray(wrong1, dtype=bool).ravel()
    w2 = np.asarray(wrong2, dtype=bool).ravel()
    if w1.shape != w2.shape or w1.size == 0:
        raise ValueError(
            f"need the mistakes of both methods on the same points; got "
            f"{w1.size} and {w2.size}."
        )
    counts = (
        int(np.sum(w1 & w2)),
        int(np.sum(w1 & ~w2)),
        int(np.sum(~w1 & w2)),
        int(np.sum(~w1 & ~w2)),
    )
    return PairedDifference(*counts, *paired_difference_interval(*counts, level))


@dataclass(frozen=True)
class MeanInterval:
    """The mean of n values and its Student-t interval.

    Attributes
    ----------
    n : int
    mean, low, high : float
    """

    n: int
    mean: float
    low: float
    high: float

    def fields(self) -> dict[str, float]:
        """The mean and its interval as a claim row's ``measured``,
        ``ci_low`` and ``ci_high``."""
        return {"measured": self.mean, "ci_low": self.low, "ci_high": self.high}

    def __str__(self) -> str:
        return (
            f"mean {self.mean:.4g} over {self.n}, 95 % interval "
            f"[{self.low:.4g}, {self.high:.4g}]"
        )


def mean_interval(values: object, level: float = LEVEL) -> MeanInterval:
    """Student-t interval of the mean of n values: x̄ ± t_{n−1} s / √n.

    s is the sample standard deviation (ddof 1) and t_{n−1} the (1 + level)/2
    quantile of Student's t with n − 1 degrees of freedom. Applied to the
    differences of two models' losses on the same test points it is the
    paired t interval of the difference of their mean losses (the two losses
    of a point are correlated; the differences of distinct points are taken
    as independent). All values equal give the point interval [x̄, x̄].

    Examples
    --------
    >>> r = mean_interval([1.0, 2.0, 3.0])
    >>> (r.mean, round(r.low, 4), round(r.high, 4))
    (2.0, -0.4841, 4.4841)
    """
    x = np.asarray(values, dtype=np.float64).ravel()
    n = x.size
    if n < 2 or not np.isfinite(x).all():
        raise ValueError(f"need at least two finite values; got {n}.")
    mean = float(x.mean())
    from scipy import stats

    half = (
        float(stats.t.ppf(0.5 + level / 2, n - 1)) * float(x.std(ddof=1)) / math.sqrt(n)
    )
    return MeanInterval(n, mean, mean - half, mean + half)


def corrected_resampled_interval(
    values: object, test_train_ratio: float, level: float = LEVEL
) -> MeanInterval:
    """The corrected resampled t-interval of a mean over R random splits.

    With x_1, …, x_R a statistic (e.g. the difference of two test errors)
    measured on R random splits of the same data into n_train training and
    n_test test points, the splits share points, so the x_r are positively
    correlated and s²/R underestimates the variance of x̄. Nadeau and Bengio
    (2003) correct it to

        x̄ ± t_{R−1} √((1/R + n_test/n_train) s²),

    s the sample standard deviation (ddof 1) and t_{R−1} the (1 + level)/2
    quantile of Student's t with R − 1 degrees of freedom. C. Nadeau and
    Y. Bengio, "Inference for the generalization error", Machine Learning
    52, 239–281 (2003); the form of Bouckaert and Frank (2004).

    Parameters
    ----------
    values : array-like of shape (R,)
        R ≥ 2 finite values, one per split.
    test_train_ratio : float > 0
        n_test / n_train (1 for halves).
    level : float

    Examples
    --------
    >>> r = corrected_resampled_interval([1.0, 2.0, 3.0], 1.0)
    >>> (r.mean, round(r.high - r.mean, 4))
    (2.0, 4.9683)
    """
    x = np.asarray(values, dtype=np.float64).ravel()
    R = x.size
    if R < 2 or not np.isfinite(x).all():
        raise ValueError(f"need at least two finite values; got {R}.")
    if not test_train_ratio > 0:
        raise ValueError(f"need n_test / n_train > 0; got {test_train_ratio}.")
    from scipy.special import stdtrit

    mean = float(x.mean())
    half = float(stdtrit(R - 1, 0.5 + level / 2)) * math.sqrt(
        (1.0 / R + test_train_ratio) * float(x.var(ddof=1))
    )
    return MeanInterval(R, mean, mean - half, mean + half)


def paired_mean_difference(a: object, b: object, level: float = LEVEL) -> MeanInterval:
    """The mean of a − b over the same points, with its paired t interval
    (:func:`mean_interval` of the per-point differences).

    Examples
    --------
    >>> paired_mean_difference([2.0, 3.0, 4.0], [1.0, 2.0, 3.0]).mean
    1.0
    """
    return mean_interval(np.asarray(a, dtype=float) - np.asarray(b, dtype=float), level)


def ratio_interval(
    ratios: Sequence[float], level: float = LEVEL
) -> tuple[float, float, float]:
    """Geometric mean of repeated ratios r_1 … r_k and its Student-t interval.

    With u_i = log r_i (ratios of two timings taken side by side, k ≥ 2):
    exp(ū) and exp(ū ± t_{k−1} s/√k), s the sample standard deviation of the
    u_i and t_{k−1} the (1 + level)/2 quantile of Student's t with k − 1
    degrees of freedom. It treats the repeats as independent draws of the
    machine's conditions; an interval across 1 means the two timings are not
    told apart. NaN ends with fewer than two ratios.

    Returns
    -------
    ratio, low, high : float

    Examples
    --------
    >>> r, lo, hi = ratio_interval([2.0, 2.0, 2.0])
    >>> (round(r, 12), round(lo, 12), round(hi, 12))
    (2.0, 2.0, 2.0)
    """
    r = np.asarray(ratios, dtype=float)
    if r.size == 0 or not np.all(np.isfinite(r) & (r > 0)):
        raise ValueError("ratio_interval needs positive, finite ratios.")
    u = np.log(r)
    if u.size < 2:
        return math.exp(float(u.mean())), math.nan, math.nan
    m = mean_interval(u, level)
    return math.exp(m.mean), math.exp(m.low), math.exp(m.high)
