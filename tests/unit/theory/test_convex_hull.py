"""The Rademacher complexity of a finite class and of its convex hull by LP
(marginlab.theory.convex_hull, B23)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.theory.convex_hull import (
    convex_hull_sup,
    correlations,
    finite_class_sup,
)
from marginlab.theory.margins import distinct_stumps
from marginlab.theory.rademacher import stump_rademacher_sup

SEEDS = st.integers(0, 2**32 - 1)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, m=st.integers(1, 20), N=st.integers(1, 12))
def test_the_hull_lp_reaches_the_best_vertex(seed, m, N) -> None:
    rng = np.random.default_rng(seed)
    H = rng.uniform(-1.0, 1.0, (m, N))
    sigma = rng.choice([-1.0, 1.0], size=(5, m))
    best = finite_class_sup(H, sigma)
    np.testing.assert_allclose(convex_hull_sup(H, sigma), best, atol=1e-12)
    # The slide's hull (Σ μ ≤ 1) also holds 0.
    np.testing.assert_allclose(
        convex_hull_sup(H, sigma, total="at_most"), np.maximum(best, 0.0), atol=1e-12
    )


def test_stumps_agree_with_the_cumulative_sums() -> None:
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    sigma = rng.choice([-1.0, 1.0], size=(20, 30))
    H = distinct_stumps(X)
    np.testing.assert_allclose(
        finite_class_sup(H, sigma), stump_rademacher_sup(X, sigma), atol=1e-15
    )


def test_correlations_and_bad_input() -> None:
    H = np.array([[1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]])
    c = correlations(H, [1, 1, -1])
    np.testing.assert_allclose(c, [[1.0, -1 / 3]])
    with pytest.raises(ValueError, match="3 columns"):
        correlations(H, [1, 1])
    with pytest.raises(ValueError, match="only -1 and \\+1"):
        correlations(H, [1, 0, 1])
    with pytest.raises(ValueError, match="'equal' or 'at_most'"):
        convex_hull_sup(H, [1, 1, 1], total="sum")  # type: ignore[arg-type]
