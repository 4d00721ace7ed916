"""Holm's and Benjamini and Hochberg's corrections, and the p-value an interval
implies."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from marginlab.theory.multiplicity import (
    ALPHA,
    benjamini_hochberg,
    holm,
    interval_p_value,
)

#: The fifteen p-values of Benjamini and Hochberg (1995, section 4.3): at level
#: 0.05 their procedure rejects the four smallest, Bonferroni the three smallest.
BH_1995 = [
    0.0201, 0.7590, 0.0001, 0.3240, 0.0004, 0.0019, 0.0095, 0.6528,
    0.0278, 0.0298, 0.0344, 0.0459, 0.4262, 0.5719, 1.0,
]  # fmt: skip


def test_published_example_benjamini_hochberg_rejects_four() -> None:
    adjusted = benjamini_hochberg(BH_1995)
    rejected = sorted(p for p, a in zip(BH_1995, adjusted, strict=True) if a <= 0.05)
    assert rejected == [0.0001, 0.0004, 0.0019, 0.0095]


def step_up(p: list[float]) -> np.ndarray:
    """Benjamini and Hochberg's adjustment written out, as the project computed
    it before it called scipy: min over j ≥ i of min(1, N p_(j) / j)."""
    values = np.asarray(p, dtype=float)
    order = np.argsort(values, kind="stable")
    n = len(values)
    scaled = n * values[order] / np.arange(1, n + 1)
    adjusted = np.empty(n)
    adjusted[order] = np.minimum(1.0, np.minimum.accumulate(scaled[::-1])[::-1])
    return adjusted


@given(
    st.lists(
        st.floats(0, 1, allow_nan=False, allow_subnormal=False), min_size=1, max_size=40
    )
)
def test_scipys_benjamini_hochberg_is_the_step_up_the_project_used(p) -> None:
    """Equal to rounding (1e-12 relative: the same products and minima, in
    another order)."""
    np.testing.assert_allclose(benjamini_hochberg(p), step_up(p), rtol=1e-12, atol=0)


def test_published_example_holm_rejects_three() -> None:
    adjusted = holm(BH_1995)
    rejected = sorted(p for p, a in zip(BH_1995, adjusted, strict=True) if a <= 0.05)
    assert rejected == [0.0001, 0.0004, 0.0019]
    # (15 p_(1), 14 p_(2), 13 p_(3)) = (0.0015, 0.0056, 0.0247), then 12 · 0.0095.
    assert adjusted[2] == pytest.approx(0.0015)
    assert adjusted[5] == pytest.approx(0.0247)
    assert adjusted[6] == pytest.approx(0.114)


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_adjusted_values_are_ordered_bounded_and_holm_is_the_stricter(p) -> None:
    h, b = holm(p), benjamini_hochberg(p)
    p = np.asarray(p)
    assert np.all(h >= p - 1e-12)
    assert np.all(b >= p - 1e-12)
    assert np.all(h <= 1)
    assert np.all(b <= 1)
    assert np.all(h >= b - 1e-15)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(h[order]) >= 0)
    assert np.all(np.diff(b[order]) >= 0)


def test_one_value_is_its_own_adjustment() -> None:
    assert holm([0.03]).tolist() == [0.03]
    assert benjamini_hochberg([0.03]).tolist() == [0.03]


@pytest.mark.parametrize("bad", [[np.nan], [-0.1], [1.5], [[0.1, 0.2]]])
def test_bad_p_values_are_refused(bad) -> None:
    with pytest.raises(ValueError, match="p-values"):
        holm(bad)


@given(
    st.floats(-1, 1),
    st.floats(1e-6, 1),
    st.floats(1e-6, 1),
    st.floats(-2, 2),
)
def test_p_is_below_alpha_exactly_when_the_interval_excludes_the_bound(
    m, below, above, b
) -> None:
    lo, hi = m - below, m + above
    p = interval_p_value(m, lo, hi, b)
    excluded = b < lo - 1e-9 or b > hi + 1e-9
    inside = lo + 1e-9 < b < hi - 1e-9
    if excluded:
        assert p < ALPHA
    if inside:
        assert p > ALPHA


def test_p_value_edges() -> None:
    assert interval_p_value(0.2, 0.1, 0.3, 0.1) == pytest.approx(ALPHA)
    assert interval_p_value(0.2, 0.1, 0.3, 0.2) == 0.5
    assert interval_p_value(1.0, 0.7, 1.0, 1.1) == 0.0
    # Symmetric interval: 1.96 standard errors of 0.05 each side; 3 se away.
    se = 0.1 / 1.959963984540054
    assert interval_p_value(0.5, 0.4, 0.6, 0.5 - 3 * se) == pytest.approx(
        0.00135, abs=1e-5
    )


def test_p_value_refuses_a_measure_outside_its_interval() -> None:
    with pytest.raises(ValueError, match="outside"):
        interval_p_value(0.5, 0.6, 0.7, 0.0)
    with pytest.raises(ValueError, match="finite"):
        interval_p_value(np.nan, 0.6, 0.7, 0.0)


def test_resolving_factor_is_the_squared_ratio_of_half_width_to_effect() -> None:
    from marginlab.theory.multiplicity import resolving_factor

    assert resolving_factor(0.01, -0.02, 0.04, 0.0) == pytest.approx(9.0)
    assert resolving_factor(0.0, -0.05, 0.05, 0.0) == float("inf")
    # Already resolved: the interval excludes the bound, the factor is below 1.
    assert resolving_factor(0.2, 0.1, 0.3, 0.0) == pytest.approx(0.25)
    # Scaling the points by the factor shrinks the half-width to the effect.
    factor = resolving_factor(-0.03, -0.07, 0.02, 0.0)
    assert 0.05 / factor**0.5 == pytest.approx(0.03)
