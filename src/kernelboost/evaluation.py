"""Evaluation: seeded, stratified train/test splits.

(Leave-one-out, k-fold cross-validation, grid search and k-NN join this module
with the evaluation claims E1–E4.)
"""

from __future__ import annotations

import numpy as np

from ._validation import check_random_state, check_scalar


def train_test_split(
    y: np.ndarray, test_fraction: float, seed: int | np.random.Generator | None = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Indices of a stratified random split: each class keeps its proportion.

    Parameters
    ----------
    y : ndarray of shape (m,)
        Labels (any values; each distinct value is a stratum).
    test_fraction : float in (0, 1)
        round(test_fraction · m_c) points of every class c go to the test set.
    seed : int, Generator or None

    Returns
    -------
    train, test : ndarray of int
        Sorted, disjoint, covering 0..m−1.
    """
    test_fraction = float(
        check_scalar(
            test_fraction, "test_fraction", "train_test_split", low=0.0, high=1.0
        )
    )
    rng = check_random_state(seed)
    y = np.asarray(y)
    test = []
    for value in np.unique(y):
        members = np.flatnonzero(y == value)
        k = int(round(test_fraction * members.size))
        test.append(rng.choice(members, size=k, replace=False))
    test_idx = np.sort(np.concatenate(test)) if test else np.array([], dtype=int)
    train_idx = np.setdiff1d(np.arange(y.size), test_idx)
    return train_idx, test_idx
