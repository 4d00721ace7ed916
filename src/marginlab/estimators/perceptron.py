"""The perceptron, primal and dual (kernelized), as the lectures write them.

Shewchuk, Lecture 14 ('Kernel Perceptrons'); Mądry 2012, §2; Huang 2017
('Kernelized Perceptron').

Primal: w ← w + y_i x_i (and b ← b + y_i) whenever y_i (⟨w, x_i⟩ + b) ≤ 0.
Dual: α_i ← α_i + y_i on the same mistakes, so that w = Σ_i α_i φ(x_i) and
f(x) = Σ_i α_i k(x_i, x) + b. The dual keeps the vector Kα + b of training
scores and updates it in O(m) per mistake (Shewchuk, Lecture 14), never
recomputing it.

Points are visited in cyclic epochs 0, 1, …, m−1 (or a seeded permutation per
epoch with ``shuffle=True``); training stops after the first epoch without a
mistake (``converged_ = True``) or after ``max_epochs`` epochs, with a
:class:`~marginlab.ConvergenceWarning`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np

from ..core.contract.base import (
    RANDOM_STATE,
    BaseEstimator,
    Boolean,
    ClassifierMixin,
    Interval,
)
from ..core.contract.exceptions import ConvergenceWarning
from ..core.contract.validation import check_random_state
from ..core.kernels import KERNEL, Kernel, Linear

#: ``callback(i, dual_coef, intercept, scores)`` of the dual learners' ``fit``.
UpdateCallback = Callable[[int, np.ndarray, float, np.ndarray], None]


def update_scores(scores: np.ndarray, K: np.ndarray, i: int, delta: float) -> None:
    """Kα ← Kα + δ·K[:, i] in place: the O(m) update when α_i grows by δ.

    Shewchuk, Lecture 14, 'Kernel Perceptrons': "can update Ka in O(n) time"
    instead of recomputing the O(m²) product Kα after every change of one
    weight. The dual perceptron and stochastic kernel logistic regression keep
    their training scores up to date this way (claim K18).

    Parameters
    ----------
    scores : ndarray of shape (m,)
        Kα (+ b), updated in place.
    K : ndarray of shape (m, m)
        The Gram matrix.
    i : int
        The weight that changed.
    delta : float
        Its change δ.
    """
    scores += delta * K[:, i]


def _error(scores: np.ndarray, y: np.ndarray) -> float:
    """Training error of the classifier sign(score), a score of 0 meaning +1."""
    return float(np.mean(np.where(scores >= 0.0, 1.0, -1.0) != y))


class _PerceptronBase(ClassifierMixin, BaseEstimator):
    """The epoch loop shared by both forms; subclasses say how to update."""

    _parameter_constraints = {
        "fit_intercept": [Boolean()],
        "max_epochs": [Interval("int", 1, None, closed="left")],
        "shuffle": [Boolean()],
        "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        *,
        fit_intercept: bool = True,
        max_epochs: int = 1000,
        shuffle: bool = False,
        random_state: int | np.random.Generator | None = None,
    ) -> None:
        self.fit_intercept = fit_intercept
        self.max_epochs = max_epochs
        self.shuffle = shuffle
        self.random_state = random_state

    def _run(
        self,
        m: int,
        y: np.ndarray,
        score: Callable[[int], float],
        update: Callable[[int], None],
        train_error: Callable[[], float],
    ) -> None:
        """Cyclic epochs; record the mistakes and the training error per epoch."""
        name = type(self).__name__
        epochs = int(self.max_epochs)
        rng = check_random_state(self.random_state) if self.shuffle else None
        mistakes: list[int] = []
        errors: list[int] = []
        train_errors: list[float] = []
        self.converged_ = False
        for _ in range(epochs):
            order = rng.permutation(m) if rng is not None else range(m)
            before = len(mistakes)
            for i in order:
                if y[i] * score(i) <= 0.0:
                    update(i)
                    mistakes.append(int(i))
            errors.append(len(mistakes) - before)
            train_errors.append(train_error())
            if len(mistakes) == before:
                self.converged_ = True
                break
        self.mistakes_ = np.asarray(mistakes, dtype=np.int64)
        self.mistakes_per_epoch_ = np.asarray(errors, dtype=np.int64)
        self.train_error_per_epoch_ = np.asarray(train_errors)
        self.n_epochs_ = len(errors)
        if not self.converged_:
            warnings.warn(
                f"{name} did not converge: it still made "
                f"{errors[-1]} mistakes in epoch {epochs} (max_epochs={epochs}); "
                "the data may not be separable with this kernel.",
                ConvergenceWarning,
                stacklevel=3,
            )


class Perceptron(_PerceptronBase):
    """Primal perceptron: w ← w + y_i x_i, b ← b + y_i on each mistake.

    Parameters
    ----------
    fit_intercept : bool, default=True
        Learn the bias b; ``False`` gives the homogeneous perceptron of the
        worked tables of Huang 2017.
    max_epochs : int >= 1, default=1000
    shuffle : bool, default=False
        Visit the points in a new seeded permutation every epoch.
    random_state : int, Generator or None
        Seed of the permutations (used only with ``shuffle=True``).

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1 (``[-1.0, 1.0]`` for labels in
        {−1, +1}).
    n_features_in_ : int
    coef_ : ndarray of shape (n,)
        w.
    intercept_ : float
        b.
    mistakes_ : ndarray of int
        Index of the point of every mistake, in order.
    mistakes_per_epoch_ : ndarray of int
    train_error_per_epoch_ : ndarray of float
        Training error of :meth:`predict` at the end of each epoch (a mistake
        during training is y_i f(x_i) ≤ 0, but ``predict`` maps f = 0 to +1).
    n_epochs_ : int
    converged_ : bool
        Whether the last epoch made no mistake.

    Examples
    --------
    >>> X = [[0.0, 1.0], [2.0, 1.0], [0.0, -1.0]]
    >>> Perceptron(fit_intercept=False).fit(X, [-1, 1, 1]).coef_.tolist()
    [2.0, -1.0]
    """

    _fitted_attribute = "coef_"

    def fit(self, X: object, y: object) -> Perceptron:
        """Run the perceptron's epochs on (X, y).

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
        w = np.zeros(X.shape[1])
        b = np.zeros(1)

        def score(i: int) -> float:
            return float(X[i] @ w + b[0])

        def update(i: int) -> None:
            w[:] += y[i] * X[i]
            if self.fit_intercept:
                b[0] += y[i]

        def train_error() -> float:
            return _error(X @ w + b[0], y)

        self._run(X.shape[0], y, score, update, train_error)
        self.coef_, self.intercept_ = w, float(b[0])
        return self

    def decision_function(self, X: object) -> np.ndarray:
        """⟨w, x⟩ + b for every row of X; positive values vote for ``classes_[1]``."""
        return self._check_X(X) @ self.coef_ + self.intercept_


class KernelPerceptron(_PerceptronBase):
    """Dual (kernelized) perceptron: α_i ← α_i + y_i, b ← b + y_i on a mistake.

    Parameters
    ----------
    kernel : Kernel or None, default=None
        ``None`` means ``Linear()``.
    fit_intercept, max_epochs, shuffle, random_state
        As for :class:`Perceptron`.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1.
    n_features_in_ : int
    dual_coef_ : ndarray of shape (m,)
        α: the net number of times each y_i φ(x_i) was added to w.
    intercept_ : float
    support_ : ndarray of int
        Indices with α_i ≠ 0.
    X_fit_ : ndarray
        The training points (their support rows are used for prediction).
    mistakes_, mistakes_per_epoch_, train_error_per_epoch_, n_epochs_, converged_
        As for :class:`Perceptron`.

    Notes
    -----
    Training forms the Gram matrix once (O(m² n)); each mistake updates the
    training scores Kα + b in O(m). Prediction costs one kernel evaluation per
    support point.
    """

    _parameter_constraints = {
        "kernel": KERNEL,
        **_PerceptronBase._parameter_constraints,
    }
    _fitted_attribute = "dual_coef_"

    def __init__(
        self,
        *,
        kernel: Kernel | None = None,
        fit_intercept: bool = True,
        max_epochs: int = 1000,
        shuffle: bool = False,
        random_state: int | np.random.Generator | None = None,
    ) -> None:
        super().__init__(
            fit_intercept=fit_intercept,
            max_epochs=max_epochs,
            shuffle=shuffle,
            random_state=random_state,
        )
        self.kernel = kernel

    def fit(
        self, X: object, y: object, callback: UpdateCallback | None = None
    ) -> KernelPerceptron:
        """Run the dual perceptron's epochs on (X, y).

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Two class labels (see ``classes_``).
        callback : callable, optional
            Called after every update as ``callback(i, alpha, b, f)``: the
            index of the mistake, the dual weights α, the intercept b and the
            kept training scores f = Kα + b, updated in O(m) and never
            recomputed (the live arrays: copy them to keep them, and do not
            change them). For monitoring, e.g. the drift of f from a fresh Kα + b
            (claim K18).

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        kernel = self.kernel if self.kernel is not None else Linear()
        K = kernel(X)
        alpha = np.zeros(X.shape[0])
        f = np.zeros(X.shape[0])  # Kα + b, kept up to date
        b = np.zeros(1)

        def update(i: int) -> None:
            alpha[i] += y[i]
            update_scores(f, K, i, y[i])
            if self.fit_intercept:
                b[0] += y[i]
                f[:] += y[i]
            if callback is not None:
                callback(int(i), alpha, float(b[0]), f)

        def train_error() -> float:
            return _error(f, y)

        self._run(X.shape[0], y, f.__getitem__, update, train_error)
        self.dual_coef_, self.intercept_ = alpha, float(b[0])
        self.support_ = np.flatnonzero(alpha)
        self.X_fit_ = X
        self.kernel_ = kernel
        return self

    def decision_function(self, X: object) -> np.ndarray:
        """f(x) = Σ_i α_i k(x_i, x) + b over the support points; positive
        values vote for ``classes_[1]``."""
        X = self._check_X(X)
        if self.support_.size == 0:
            return np.full(X.shape[0], self.intercept_)
        K = self.kernel_(X, self.X_fit_[self.support_])
        return K @ self.dual_coef_[self.support_] + self.intercept_
