"""k-nearest neighbours: the classifier and its exact leave-one-out error."""

from __future__ import annotations

import numpy as np

from ..core.contract.base import BaseEstimator, ClassifierMixin, Interval
from ..core.contract.validation import check_array, check_labels, check_scalar
from ..core.kernels import squared_distances


class KNN(ClassifierMixin, BaseEstimator):
    """k-nearest-neighbour classifier (Euclidean distance, majority vote).

    Parameters
    ----------
    k : int >= 1, default=1
        Number of neighbours; at most the number of training points.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1 (``[-1.0, 1.0]`` for labels in
        {−1, +1}).
    n_features_in_ : int
    X_fit_ : ndarray of shape (m, n)
    y_fit_ : ndarray of shape (m,)
        The training labels encoded in {−1.0, +1.0}.

    Notes
    -----
    Ties are broken deterministically: among points at equal distance the one
    with the lower training index is nearer (a stable sort); a tied vote
    (possible for even k) is decided by the single nearest neighbour. With
    k = m every point gets the majority label of the training set (the nearest
    point decides an exact tie).
    """

    _parameter_constraints = {"k": [Interval("int", 1, None, closed="left")]}
    _fitted_attribute = "X_fit_"

    def __init__(self, *, k: int = 1) -> None:
        self.k = k

    def fit(self, X: object, y: object) -> KNN:
        """Store the training points (k ≤ m is checked here).

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Two class labels (see ``classes_``).

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        check_scalar(
            self.k, "k", "KNN", kind="int", low=1, high=X.shape[0], closed="both"
        )
        self.X_fit_, self.y_fit_ = X, y
        return self

    def predict(self, X: object) -> np.ndarray:
        """The majority label of the k nearest training points.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels from ``classes_`` (−1.0 and +1.0 for labels in {−1, +1}).
        """
        votes = self._vote(squared_distances(self._check_X(X), self.X_fit_))
        return self.classes_[(votes > 0).astype(np.intp)]

    def _vote(self, D: np.ndarray) -> np.ndarray:
        order = np.argsort(D, axis=1, kind="stable")[:, : self.k]
        labels = self.y_fit_[order]
        votes = labels.sum(axis=1)
        return np.where(votes > 0, 1.0, np.where(votes < 0, -1.0, labels[:, 0]))


def knn_loo(X: object, y: object, k: int) -> tuple[float, np.ndarray]:
    """Exact leave-one-out error of k-NN in one pass over the distance matrix.

    Leaving x_i out of k-NN changes only the neighbours of x_i itself: its
    LOO prediction is the vote of its k nearest *other* points. So one l × l
    matrix of squared distances, with the diagonal set to +inf (self
    excluded), sorted stably row by row, gives every LOO prediction at once.

    Ties are broken as in :class:`KNN`: among equal distances the lower index
    is nearer (stable sort by distance, then index, which deleting x_i does
    not reorder), and a tied vote (even k) goes to the nearest neighbour.

    Parameters
    ----------
    X : array-like of shape (l, n)
    y : array-like of shape (l,)
        Labels in {−1, +1}.
    k : int
        1 ≤ k ≤ l − 1 (the training set of each LOO round has l − 1 points).

    Returns
    -------
    error : float
        (1/l) Σ_i 1[h^k_{−i}(x_i) ≠ y_i].
    mistakes : ndarray of bool of shape (l,)

    Examples
    --------
    >>> X = [[0.0], [0.1], [1.0], [1.1]]
    >>> knn_loo(X, [1, 1, -1, -1], k=1)[0]
    0.0
    """
    X = check_array(X)
    y = check_labels(y, X.shape[0])
    m = X.shape[0]
    k = int(
        check_scalar(k, "k", "knn_loo", kind="int", low=1, high=m - 1, closed="both")
    )
    D = squared_distances(X)
    np.fill_diagonal(D, np.inf)
    knn = KNN(k=k)
    knn.y_fit_ = y
    pred = knn._vote(D)
    mistakes = pred != y
    return float(mistakes.mean()), mistakes
