"""The weight α of a confidence-rated base classifier
(marginlab.theory.confidence_rated, B22)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.theory.confidence_rated import (
    closed_form_alpha,
    edge,
    minimizing_alpha,
    normalizer,
    normalizer_bound,
)

SEEDS = st.integers(0, 2**32 - 1)


def _problem(seed: int, m: int, signs: bool) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    D = rng.dirichlet(np.ones(m))
    u = rng.uniform(-1.0, 1.0, m) + 0.3
    u = np.clip(u, -1.0, 1.0)
    u[0], u[1] = 0.5, -0.5  # both signs: Z has a minimizer
    if signs:
        u = np.where(u >= 0, 1.0, -1.0)
    return D, u


def test_adaboost_formulas_for_pm1_margins() -> None:
    # ε = 1/4: α = ½ ln 3, Z = 2√(ε(1 − ε)) = √3/2.
    D, u = [0.25, 0.25, 0.25, 0.25], [1.0, 1.0, 1.0, -1.0]
    assert edge(D, u) == 0.5
    assert closed_form_alpha(D, u) == pytest.approx(0.5 * math.log(3.0), abs=1e-15)
    z = normalizer(D, u, closed_form_alpha(D, u))
    assert z == pytest.approx(2 * math.sqrt(0.25 * 0.75), abs=1e-15)
    assert z == pytest.approx(normalizer_bound(0.5), abs=1e-15)
    assert minimizing_alpha(D, u) == pytest.approx(0.5 * math.log(3.0), rel=1e-7)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, m=st.integers(2, 40))
def test_closed_form_minimizes_z_for_pm1_but_only_the_bound_otherwise(seed, m) -> None:
    D, u = _problem(seed, m, signs=True)
    a, star = closed_form_alpha(D, u), minimizing_alpha(D, u)
    assert abs(normalizer(D, u, a) - normalizer(D, u, star)) <= 1e-12
    D, u = _problem(seed, m, signs=False)
    a, star = closed_form_alpha(D, u), minimizing_alpha(D, u)
    r = edge(D, u)
    # The numerical minimizer is at least as good; the closed form reaches
    # the bound's value √(1 − r²) from below.
    assert normalizer(D, u, star) <= normalizer(D, u, a) + 1e-12
    assert normalizer(D, u, a) <= normalizer_bound(r) + 1e-12


def test_real_margins_make_the_closed_form_miss() -> None:
    # Margins ±½: Z(α) = ((1 + r')/2)e^{−α/2} + ..., minimized at twice α_r.
    D, u = [0.75, 0.25], [0.5, -0.5]
    r = edge(D, u)
    assert r == 0.25
    star = minimizing_alpha(D, u)
    assert star == pytest.approx(math.log(3.0), rel=1e-7)  # ½ ln 3 at scale ½
    assert closed_form_alpha(D, u) == pytest.approx(0.5 * math.log(5 / 3))
    assert normalizer(D, u, closed_form_alpha(D, u)) - normalizer(D, u, star) > 0.01


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="both signs"):
        minimizing_alpha([0.5, 0.5], [1.0, 0.5])
    with pytest.raises(ValueError, match="in \\(-1, 1\\)"):
        closed_form_alpha([0.5, 0.5], [1.0, 1.0])
    with pytest.raises(ValueError, match="distribution"):
        normalizer([0.5, 0.6], [1.0, -1.0], 0.1)
    with pytest.raises(ValueError, match="same length"):
        edge([1.0], [1.0, -1.0])
    with pytest.raises(ValueError, match="\\[-1, 1\\]"):
        normalizer_bound(1.5)
    # Formed in log space: a zero weight drops its term, large exponents stay finite.
    assert normalizer([1.0, 0.0], [1.0, -1.0], 700.0) == pytest.approx(np.exp(-700.0))
    assert normalizer([0.5, 0.5], [1.0, -1.0], 700.0) == pytest.approx(
        0.5 * np.exp(700.0)
    )
