from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernelboost.evaluation import train_test_split


@settings(max_examples=50, deadline=None)
@given(
    n_pos=st.integers(1, 60),
    n_neg=st.integers(1, 60),
    fraction=st.floats(0.05, 0.95),
    seed=st.integers(0, 1000),
)
def test_split_is_disjoint_covering_stratified_and_seeded(
    n_pos: int, n_neg: int, fraction: float, seed: int
) -> None:
    y = np.array([1] * n_pos + [-1] * n_neg)
    train, test = train_test_split(y, fraction, seed)
    assert np.intersect1d(train, test).size == 0
    np.testing.assert_array_equal(np.union1d(train, test), np.arange(y.size))
    assert (y[test] == 1).sum() == round(fraction * n_pos)
    assert (y[test] == -1).sum() == round(fraction * n_neg)
    again = train_test_split(y, fraction, seed)
    np.testing.assert_array_equal(again[1], test)


def test_split_rejects_bad_fractions() -> None:
    with pytest.raises(ValueError, match="'test_fraction' parameter"):
        train_test_split(np.array([1, -1]), 1.0)
