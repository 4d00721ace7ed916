"""Hypothesis strategies that the kernel and feature-map tests share."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

points = arrays(
    np.float64,
    st.tuples(st.integers(1, 12), st.integers(1, 4)),
    elements=st.floats(-5, 5, allow_nan=False, width=64),
)
