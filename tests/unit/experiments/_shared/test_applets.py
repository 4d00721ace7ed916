"""The applets' quantization (marginlab.experiments._shared.applets): every
sign kept, every value close within the scale, and what it cannot encode
refused."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.experiments._shared.applets import dequantize, quantize


@given(
    st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=1, max_size=50),
    st.floats(0.1, 10.0),
)
@settings(max_examples=60, deadline=None)
def test_quantize_keeps_every_sign_and_is_close_within_the_scale(values, scale):
    f = np.array(values)
    back = dequantize(quantize(f, scale), scale)
    assert np.array_equal(np.sign(back), np.sign(f))
    inside = np.abs(f) <= scale
    assert np.all(np.abs(back[inside] - f[inside]) <= scale / 127 + 1e-12)
    assert np.allclose(np.abs(back[~inside]), scale, rtol=1e-12, atol=0)


def test_quantize_refuses_what_it_cannot_encode():
    with pytest.raises(ValueError, match="finite"):
        quantize(np.array([np.nan]), 1.0)
    with pytest.raises(ValueError, match="positive scale"):
        quantize(np.array([1.0]), 0.0)
