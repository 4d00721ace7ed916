"""Surrogate losses (marginlab.theory.losses): each bounds the zero-one
loss, their values at the kinks, numerical stability."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.theory.losses import (
    SURROGATES,
    exponential,
    hinge,
    logistic,
    square,
    zero_one,
)


@settings(max_examples=200, deadline=None)
@given(u=st.floats(-50, 50, allow_nan=False))
def test_every_surrogate_bounds_the_zero_one_loss(u: float) -> None:
    for name, loss in SURROGATES.items():
        assert loss(np.array([u]))[0] >= zero_one(np.array([u]))[0], name


def test_values_at_the_kinks() -> None:
    u = np.array([-1.0, 0.0, 1.0, 2.0])
    np.testing.assert_array_equal(zero_one(u), [1, 0, 0, 0])
    np.testing.assert_allclose(exponential(u), np.exp(-u))
    np.testing.assert_allclose(logistic(u)[1], 1.0)
    np.testing.assert_array_equal(hinge(u), [2, 1, 0, 0])
    np.testing.assert_array_equal(square(u), [4, 1, 0, 0])


def test_logistic_is_stable_for_large_negative_margins() -> None:
    assert logistic(np.array([-1000.0]))[0] == pytest.approx(1000 / np.log(2))
