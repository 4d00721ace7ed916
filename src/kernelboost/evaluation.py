"""Evaluation: seeded, stratified train/test splits.

(Leave-one-out, k-fold cross-validation, grid search and k-NN join this module
with the evaluation claims E1–E4.)
"""

from __future__ import annotations

import numpy as np

from ._validation import check_random_state, check_scalar
from .kernels import squared_distances


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


class KNN:
    """k-nearest-neighbour classifier (Euclidean distance, majority vote).

    Parameters
    ----------
    k : int >= 1
        Number of neighbours; at most the number of training points.

    Notes
    -----
    Ties are broken deterministically: among points at equal distance the one
    with the lower training index is nearer (a stable sort); a tied vote
    (possible for even k) is decided by the single nearest neighbour. With
    k = m every point gets the majority label of the training set (the nearest
    point decides an exact tie).
    """

    def __init__(self, k: int = 1) -> None:
        self.k = k

    def fit(self, X: object, y: object) -> KNN:
        from ._validation import check_array, check_labels

        X = check_array(X)
        y = check_labels(y, X.shape[0])
        check_scalar(
            self.k, "k", "KNN", kind="int", low=1, high=X.shape[0], closed="both"
        )
        self.X_fit_, self.y_fit_ = X, y
        return self

    def predict(self, X: object) -> np.ndarray:
        """Labels in {−1, +1} by majority vote of the k nearest training points."""
        from ._validation import check_array
        from .exceptions import check_is_fitted

        check_is_fitted(self, "X_fit_")
        return self._vote(squared_distances(check_array(X), self.X_fit_))

    def _vote(self, D: np.ndarray) -> np.ndarray:
        order = np.argsort(D, axis=1, kind="stable")[:, : self.k]
        labels = self.y_fit_[order]
        votes = labels.sum(axis=1)
        return np.where(votes > 0, 1.0, np.where(votes < 0, -1.0, labels[:, 0]))
