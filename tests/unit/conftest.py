"""Helpers that unit tests of several layers use."""

from __future__ import annotations

import numpy as np


def _sample(seed: int, m: int = 30, n: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """Separable through the origin: labels from a random w."""
    rng = np.random.default_rng(seed)
    H = rng.standard_normal((m, n))
    w = rng.standard_normal(n)
    y = np.sign(H @ w)
    keep = np.abs(H @ w) > 0.3 * np.abs(H @ w).max() / 3
    return H[keep], y[keep]
