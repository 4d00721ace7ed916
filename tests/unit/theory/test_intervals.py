"""Confidence intervals (marginlab.theory.intervals): Clopper–Pearson,
Wilson and Newcombe, mean and ratio intervals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from marginlab.theory.intervals import (
    clopper_pearson,
    corrected_resampled_interval,
    count,
    difference_interval,
    mean_interval,
    paired_difference,
    paired_difference_interval,
    ratio_interval,
    wilson,
)


def test_clopper_pearson_known_values() -> None:
    # k = 0: the upper end solves (1 − p)^n = α/2.
    assert clopper_pearson(0, 10) == (0.0, pytest.approx(1 - 0.025 ** (1 / 10)))
    assert clopper_pearson(10, 10) == (pytest.approx(0.025 ** (1 / 10)), 1.0)
    lo, hi = clopper_pearson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.1871, 0.8129)


def beta_quantile_ends(k: int, n: int, level: float) -> tuple[float, float]:
    """Clopper–Pearson from its formula, as the project computed it before it
    called scipy's binomtest: Beta quantiles, the ends 0 at k = 0 and 1 at n."""
    alpha = 1 - level
    lo = 0.0 if k == 0 else stats.beta.ppf(alpha / 2, k, n - k + 1)
    hi = 1.0 if k == n else stats.beta.ppf(1 - alpha / 2, k + 1, n - k)
    return lo, hi


def wilson_formula(k: int, n: int, level: float) -> tuple[float, float]:
    """Wilson's interval from its closed form, as the project computed it
    before it called scipy's binomtest."""
    z = stats.norm.ppf(0.5 + level / 2)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if k == 0 else centre - half), (1.0 if k == n else centre + half)


#: Counts from one point to the largest test sets of the claims, every k at
#: the small n, and the two ends.
COUNTS = [
    (k, n)
    for n in (1, 2, 3, 7, 10, 37, 200, 1995, 20_000)
    for k in sorted({*range(min(n, 10) + 1), n // 3, n // 2, n - 1, n})
]


@pytest.mark.parametrize("level", [0.95, 0.99, 0.5])
def test_scipys_intervals_are_the_formulas_the_project_used(level: float) -> None:
    """scipy's binomtest intervals against the formulas written out. Two
    numerical routes to one Beta quantile (or one quadratic's roots) agree to
    rounding: 1e-10 absolute (4.9e-13 was the largest difference seen)."""
    for k, n in COUNTS:
        for ours, formula in (
            (clopper_pearson(k, n, level), beta_quantile_ends(k, n, level)),
            (wilson(k, n, level), wilson_formula(k, n, level)),
        ):
            assert ours == pytest.approx(formula, abs=1e-10, rel=0), (k, n)
    # The ends are exact, not merely close.
    assert clopper_pearson(0, 37)[0] == 0.0
    assert clopper_pearson(37, 37)[1] == 1.0
    assert wilson(0, 37)[0] == 0.0
    assert wilson(37, 37)[1] == 1.0


def test_wilson_and_newcombe_reproduce_the_published_example() -> None:
    # Newcombe (1998), Table II example: 56/70 vs 48/80, difference 0.2 with
    # method 10 interval 0.0524 to 0.3339.
    lo, hi = difference_interval(56, 70, 48, 80)
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    # Newcombe (1998), "Two-sided confidence intervals for the single
    # proportion", Table I, method 3 (score, no continuity correction): the
    # four published examples, among them the ends k = 0 and k = 1.
    for (k, n), published in {
        (81, 263): (0.2553, 0.3662),
        (15, 148): (0.0624, 0.1605),
        (0, 20): (0.0, 0.1611),
        (1, 29): (0.0061, 0.1718),
    }.items():
        assert tuple(round(end, 4) for end in wilson(k, n)) == published


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 60), p=st.floats(0.01, 0.99))
def test_clopper_pearson_covers_at_least_the_level(n: int, p: float) -> None:
    # Exact coverage: the probability, over k ~ Bin(n, p), that p is inside.
    ks = np.arange(n + 1)
    inside = [lo <= p <= hi for lo, hi in (clopper_pearson(int(k), n) for k in ks)]
    assert stats.binom.pmf(ks, n, p)[inside].sum() >= 0.95 - 1e-9


@given(k=st.integers(0, 50), n=st.integers(1, 50))
def test_intervals_contain_the_estimate(k: int, n: int) -> None:
    k = min(k, n)
    for lo, hi in (clopper_pearson(k, n), wilson(k, n)):
        assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="0 <= k <= n"):
        clopper_pearson(3, 2)
    with pytest.raises(ValueError, match="multiple of 1/40"):
        count(0.333, 40)
    assert count(0.075, 40) == 3


def test_mean_interval_is_scipys_one_sample_t_interval() -> None:
    from marginlab.theory.intervals import mean_interval

    x = np.random.default_rng(3).normal(0.4, 2.0, 37)
    r = mean_interval(x)
    ci = stats.ttest_1samp(x, 0.0).confidence_interval(0.95)
    assert r.n == 37
    assert r.mean == pytest.approx(x.mean())
    assert (r.low, r.high) == (pytest.approx(ci.low), pytest.approx(ci.high))
    assert r.low < r.mean < r.high


def test_mean_interval_of_equal_values_is_a_point_and_needs_two_values() -> None:
    from marginlab.theory.intervals import mean_interval

    r = mean_interval([0.0, 0.0, 0.0])
    assert (r.low, r.mean, r.high) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="at least two"):
        mean_interval([1.0])
    with pytest.raises(ValueError, match="finite"):
        mean_interval([1.0, math.nan])


def test_ratio_interval_covers_the_true_ratio() -> None:
    """Student-t on log ratios: about 95 % coverage for log-normal noise."""
    rng = np.random.default_rng(3)
    hits = 0
    for _ in range(400):
        ratios = 2.0 * np.exp(0.3 * rng.standard_normal(5))
        r, lo, hi = ratio_interval(ratios)
        assert lo <= r <= hi
        hits += lo <= 2.0 <= hi
    assert 0.91 <= hits / 400 <= 0.99


def test_ratio_interval_edges() -> None:
    r, lo, hi = ratio_interval([3.0])
    assert r == pytest.approx(3.0)
    assert math.isnan(lo)
    assert math.isnan(hi)
    with pytest.raises(ValueError, match="positive"):
        ratio_interval([1.0, 0.0])


# Two error rates on the same points: the paired interval ---------------------
def test_paired_interval_reproduces_the_published_example() -> None:
    """Fagerland, Lydersen and Laake (2017), chapter 8: complete response
    before and after consolidation therapy (Cavo et al. 2012), the 2 × 2 table
    59, 6 / 16, 80; Newcombe's square-and-add interval of the difference of
    the two proportions is −0.0621 (−0.1186 to −0.0046)."""
    lo, hi = paired_difference_interval(59, 6, 16, 80)
    assert round(lo, 4) == -0.1186
    assert round(hi, 4) == -0.0046
    d = paired_difference(
        [1] * 59 + [1] * 6 + [0] * 96, [1] * 59 + [0] * 6 + [1] * 16 + [0] * 80
    )
    assert (d.both, d.first_only, d.second_only, d.neither) == (59, 6, 16, 80)
    assert round(d.value, 4) == -0.0621
    assert "6 vs 16 discordant" in str(d)


@settings(max_examples=60, deadline=None)
@given(counts=st.tuples(*[st.integers(0, 40)] * 4).filter(lambda c: sum(c) > 0))
def test_paired_interval_holds_the_estimate_and_mirrors(counts) -> None:
    n11, n12, n21, n22 = counts
    n = sum(counts)
    lo, hi = paired_difference_interval(n11, n12, n21, n22)
    d = (n12 - n21) / n
    assert -1 - 1e-12 <= lo <= d + 1e-12
    assert d - 1e-12 <= hi <= 1 + 1e-12
    # Swapping the two methods negates the interval.
    lo2, hi2 = paired_difference_interval(n11, n21, n12, n22)
    assert math.isclose(lo2, -hi, abs_tol=1e-12)
    assert math.isclose(hi2, -lo, abs_tol=1e-12)


def test_overlapping_mistakes_narrow_the_paired_interval() -> None:
    """Two methods that mostly err on the same points: the paired interval
    is narrower than Newcombe's for independent samples on the same rates."""
    lo, hi = paired_difference_interval(30, 10, 2, 58)
    ilo, ihi = difference_interval(40, 100, 32, 100)
    assert hi - lo < ihi - ilo
    assert lo > 0 > ilo  # the pairing resolves what independence cannot


def test_paired_difference_needs_the_same_points() -> None:
    with pytest.raises(ValueError, match="same points"):
        paired_difference([1, 0], [1, 0, 0])
    with pytest.raises(ValueError, match="non-negative counts"):
        paired_difference_interval(-1, 0, 0, 1)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.floats(-1, 1, allow_nan=False), min_size=2, max_size=30),
    st.floats(0.05, 4.0),
)
def test_corrected_resampled_interval_widens_the_t_interval(values, ratio) -> None:
    """Nadeau and Bengio's variance factor 1/R + n_test/n_train replaces the
    t-interval's 1/R: the half-width grows by √(1 + R·ratio), same centre."""
    plain = mean_interval(values)
    got = corrected_resampled_interval(values, ratio)
    R = len(values)
    assert got.mean == pytest.approx(plain.mean)
    assert got.high - got.mean == pytest.approx(
        (plain.high - plain.mean) * math.sqrt(1 + R * ratio), rel=1e-9, abs=1e-12
    )


def test_corrected_resampled_interval_worked_example() -> None:
    """Ten splits into halves, differences with mean 0.01 and s = 0.02:
    t_9 = 2.2622, half-width 2.2622·√(1.1·0.02²) = 0.04745."""
    x = 0.01 + 0.02 * np.array([1, -1] * 5) / math.sqrt(10 / 9)
    r = corrected_resampled_interval(x, 1.0)
    assert x.std(ddof=1) == pytest.approx(0.02)
    assert r.high - r.mean == pytest.approx(2.262157 * math.sqrt(1.1) * 0.02, rel=1e-6)


@pytest.mark.parametrize(
    ("values", "ratio"), [([1.0], 1.0), ([1.0, math.nan], 1.0), ([1.0, 2.0], 0.0)]
)
def test_corrected_resampled_interval_refuses(values, ratio) -> None:
    with pytest.raises(ValueError, match="need"):
        corrected_resampled_interval(values, ratio)


def test_resolving_n_is_where_the_half_width_meets_the_difference() -> None:
    """55 discordant points of 10 000 (27 vs 28), δ = −1e-4: n > 1.96² d/δ²."""
    d = paired_difference(
        [1] * 27 + [0] * 28 + [0] * 9945, [0] * 27 + [1] * 28 + [0] * 9945
    )
    assert d.resolving_n == pytest.approx(1.96**2 * 0.0055 / 1e-8)
    assert paired_difference([1, 0], [1, 0]).resolving_n == math.inf
