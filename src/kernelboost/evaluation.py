"""Evaluation: splits, cross-validation, grid search, leave-one-out and k-NN.

The estimators evaluated here follow the package's contract: ``fit(X, y)``
returns the fitted estimator and ``predict(X)`` returns labels (classification)
or real values (regression). Functions that fit many models take a factory
``make_estimator`` that returns a fresh, unfitted estimator on each call
(``make_estimator(**params)`` for :func:`grid_search`).

Leave-one-out (LOO) trains on l − 1 points and tests on the one left out, for
every point in turn. For the SVM the error obeys (seed 003, §5.2)::

    LOO error ≤ #SV / l,

because removing a non-support vector (α_i = 0) leaves the solution unchanged
and such a point lies on or outside the margin, so it is classified correctly.
:func:`svm_loo` uses the same fact to retrain only for the support vectors.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd
from scipy.linalg.blas import daxpy as _daxpy

from ._validation import (
    check_array,
    check_labels,
    check_random_state,
    check_scalar,
    check_X_y,
)
from .base import BaseEstimator, ClassifierMixin, Interval, clone
from .exceptions import ConvergenceWarning
from .kernels import squared_distances
from .svm import _TAU, SVM, _pair_update, _rho, _solve_no_bias

Scoring = Literal["error", "mse"]
_SCORINGS: tuple[str, ...] = ("error", "mse")


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


# --- k-fold cross-validation --------------------------------------------------


def kfold_indices(
    y: object,
    n_splits: int = 5,
    seed: int | np.random.Generator | None = 0,
    stratify: bool = True,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Seeded (stratified) k-fold split: ``n_splits`` pairs of (train, test) indices.

    Parameters
    ----------
    y : array-like of shape (m,)
        Labels (any values; each distinct value is a stratum) or, with
        ``stratify=False``, anything of length m (e.g. regression targets).
    n_splits : int
        K, the number of folds: 2 ≤ K ≤ m, and with ``stratify=True`` also
        K ≤ the size of the smallest class.
    seed : int, Generator or None, default=0
        The same seed gives the same folds.
    stratify : bool, default=True
        ``True``: every class is spread evenly over the folds. ``False``: plain
        shuffled k-fold (for regression).

    Returns
    -------
    folds : list of (train, test) tuples of int ndarrays
        Fold f's test set holds the points at positions p ≡ f (mod K) of a
        random order of the data; with stratification the order is the
        concatenation of a random permutation of each class (classes in
        sorted order) and the count continues from one class to the next. So
        the test sets are disjoint and cover 0..m−1, every class has
        ⌊m_c/K⌋ or ⌈m_c/K⌉ members in each test set, and the fold sizes
        differ by at most one. ``train`` is the complement of ``test``; both
        are sorted.

    Raises
    ------
    ValueError
        With the ``check_scalar`` message when ``n_splits`` is out of range.

    Examples
    --------
    >>> folds = kfold_indices([1, 1, 1, -1, -1, -1], n_splits=3, seed=0)
    >>> [len(test) for _, test in folds]
    [2, 2, 2]
    """
    return _kfold(y, n_splits, seed, stratify, "kfold_indices")


def _kfold(
    y: object,
    n_splits: int,
    seed: int | np.random.Generator | None,
    stratify: bool,
    owner: str,
) -> list[tuple[np.ndarray, np.ndarray]]:
    y = np.asarray(y).ravel()
    m = y.shape[0]
    if m < 2:
        raise ValueError(f"{owner} needs at least 2 samples; got {m}.")
    rng = check_random_state(seed)
    if stratify:
        classes, counts = np.unique(y, return_counts=True)
        high = int(counts.min())
        if high < 2:
            raise ValueError(
                f"{owner}: stratified k-fold needs at least 2 members in every "
                f"class; class {classes[int(np.argmin(counts))]!r} has {high}."
            )
        check_scalar(
            n_splits, "n_splits", owner, kind="int", low=2, high=high, closed="both"
        )
        order = np.concatenate(
            [rng.permutation(np.flatnonzero(y == c)) for c in classes]
        )
    else:
        check_scalar(
            n_splits, "n_splits", owner, kind="int", low=2, high=m, closed="both"
        )
        order = rng.permutation(m)
    fold = np.empty(m, dtype=np.int64)
    fold[order] = np.arange(m) % n_splits
    everything = np.arange(m)
    return [
        (everything[fold != f], everything[fold == f]) for f in range(int(n_splits))
    ]


class CVResult(NamedTuple):
    """Result of :func:`cross_val_error`.

    Attributes
    ----------
    mean : float
        Mean of the per-fold errors.
    std : float
        Their standard deviation (ddof = 0, as scikit-learn's ``cv_results_``).
    fold_errors : ndarray of shape (n_splits,)
        Misclassification rate or mean squared error of each test fold.
    """

    mean: float
    std: float
    fold_errors: np.ndarray


def _check_scoring(scoring: object, owner: str) -> str:
    if scoring not in _SCORINGS:
        raise ValueError(
            f"The 'scoring' parameter of {owner} must be one of {_SCORINGS}. "
            f"Got {scoring!r}."
        )
    return str(scoring)


def _score(y_true: np.ndarray, y_pred: np.ndarray, scoring: str) -> float:
    y_pred = np.asarray(y_pred, dtype=np.float64).ravel()
    if scoring == "error":
        return float(np.mean(y_pred != y_true))
    return float(np.mean((y_pred - y_true) ** 2))


def _cv(
    make_estimator: Callable[..., Any],
    params: Mapping[str, Any],
    X: np.ndarray,
    y: np.ndarray,
    folds: Sequence[tuple[np.ndarray, np.ndarray]],
    scoring: str,
) -> CVResult:
    errors = np.empty(len(folds))
    for f, (train, test) in enumerate(folds):
        model = make_estimator(**params).fit(X[train], y[train])
        errors[f] = _score(y[test], model.predict(X[test]), scoring)
    return CVResult(float(errors.mean()), float(errors.std()), errors)


def cross_val_error(
    make_estimator: Callable[[], Any],
    X: object,
    y: object,
    n_splits: int = 5,
    seed: int | np.random.Generator | None = 0,
    *,
    scoring: Scoring = "error",
    stratify: bool | None = None,
) -> CVResult:
    """K-fold cross-validation error of the estimators built by ``make_estimator``.

    For each fold f a fresh estimator is fitted on the other folds and scored
    on fold f; the CV error is the mean over the folds,
    CV = (1/K) Σ_f err_f, with err_f = (1/|T_f|) Σ_{i∈T_f} 1[ŷ_i ≠ y_i]
    (``scoring="error"``) or (1/|T_f|) Σ_{i∈T_f} (ŷ_i − y_i)²
    (``scoring="mse"``).

    Parameters
    ----------
    make_estimator : callable () -> estimator
        Returns a new unfitted estimator with ``fit`` and ``predict``.
    X : array-like of shape (m, n)
    y : array-like of shape (m,)
    n_splits : int, default=5
    seed : int, Generator or None, default=0
        Seeds the folds (see :func:`kfold_indices`).
    scoring : {"error", "mse"}, default="error"
        Misclassification rate, or mean squared error for regression.
    stratify : bool or None, default=None
        ``None`` stratifies for ``"error"`` and not for ``"mse"``.

    Returns
    -------
    CVResult
        ``(mean, std, fold_errors)``.
    """
    scoring = _check_scoring(scoring, "cross_val_error")
    X, y = check_X_y(X, y)
    strat = scoring == "error" if stratify is None else bool(stratify)
    folds = _kfold(y, n_splits, seed, strat, "cross_val_error")
    return _cv(make_estimator, {}, X, y, folds, scoring)


def grid_search(
    make_estimator: Callable[..., Any],
    param_grid: Mapping[str, Sequence[Any]],
    X: object,
    y: object,
    n_splits: int = 5,
    seed: int | np.random.Generator | None = 0,
    *,
    scoring: Scoring = "error",
    stratify: bool | None = None,
) -> tuple[pd.DataFrame, dict[str, Any]]:
    """Cross-validated error of every combination of hyper-parameters.

    Every combination is scored on the same folds (one :func:`kfold_indices`
    split drawn from ``seed``), so the comparison is paired.

    Parameters
    ----------
    make_estimator : callable (**params) -> estimator
        E.g. ``lambda sigma, C: SVM(kernel=Gaussian(sigma), C=C)`` or
        ``lambda k: KNN(k=k)``.
    param_grid : dict of str to list
        Values of each parameter. Combinations are enumerated in grid order:
        the Cartesian product with the first key varying slowest and the last
        fastest (``itertools.product`` over the dict's insertion order).
    X : array-like of shape (m, n)
    y : array-like of shape (m,)
    n_splits : int, default=5
    seed : int, Generator or None, default=0
    scoring : {"error", "mse"}, default="error"
    stratify : bool or None, default=None
        ``None`` stratifies for ``"error"`` and not for ``"mse"``.

    Returns
    -------
    table : pandas.DataFrame
        One row per combination in grid order; columns are the parameter
        names, then ``cv_error`` (mean over folds) and ``cv_std`` (ddof 0).
    best_params : dict
        The combination of smallest ``cv_error``; ties go to the first in grid
        order.

    Examples
    --------
    >>> from kernelboost.datasets import make_dataset
    >>> data = make_dataset({"generator": "moons", "n_samples": 60, "seed": 0})
    >>> table, best = grid_search(lambda k: KNN(k=k), {"k": [1, 5]}, data.X, data.y)
    >>> list(table.columns)
    ['k', 'cv_error', 'cv_std']
    """
    scoring = _check_scoring(scoring, "grid_search")
    if not isinstance(param_grid, Mapping) or not param_grid:
        raise ValueError(
            "param_grid must be a non-empty dict of parameter name to a list of "
            f"values. Got {param_grid!r}."
        )
    names = list(param_grid)
    values = []
    for name in names:
        v = param_grid[name]
        if isinstance(v, str | bytes) or not isinstance(v, Sequence | np.ndarray):
            raise ValueError(
                f"param_grid[{name!r}] must be a list of values. Got {v!r}."
            )
        if len(v) == 0:
            raise ValueError(f"param_grid[{name!r}] is empty.")
        values.append(list(v))
    X, y = check_X_y(X, y)
    strat = scoring == "error" if stratify is None else bool(stratify)
    folds = _kfold(y, n_splits, seed, strat, "grid_search")
    combos = [dict(zip(names, c, strict=True)) for c in itertools.product(*values)]
    rows = []
    for params in combos:
        result = _cv(make_estimator, params, X, y, folds, scoring)
        rows.append({**params, "cv_error": result.mean, "cv_std": result.std})
    table = pd.DataFrame(rows, columns=[*names, "cv_error", "cv_std"])
    best_params = combos[int(np.argmin(table["cv_error"].to_numpy()))]  # first min
    return table, best_params


# --- leave-one-out ------------------------------------------------------------


def loo_error(
    make_estimator: Callable[[], Any], X: object, y: object
) -> tuple[float, np.ndarray]:
    """Exact leave-one-out error by brute force: l refits on l − 1 points.

    LOO = (1/l) Σ_i 1[h_{−i}(x_i) ≠ y_i], where h_{−i} is trained on all points
    but x_i.

    Parameters
    ----------
    make_estimator : callable () -> classifier
        Returns a new unfitted classifier (``fit``/``predict``).
    X : array-like of shape (l, n)
    y : array-like of shape (l,)

    Returns
    -------
    error : float
        The LOO misclassification rate.
    mistakes : ndarray of bool of shape (l,)
        ``mistakes[i]`` is True when h_{−i} misclassifies x_i.
    """
    X, y = check_X_y(X, y)
    m = X.shape[0]
    if m < 2:
        raise ValueError(f"loo_error needs at least 2 samples; got {m}.")
    mistakes = np.zeros(m, dtype=bool)
    keep = np.ones(m, dtype=bool)
    for i in range(m):
        keep[i] = False
        model = make_estimator().fit(X[keep], y[keep])
        keep[i] = True
        mistakes[i] = float(np.asarray(model.predict(X[i : i + 1])).ravel()[0]) != y[i]
    return float(mistakes.mean()), mistakes


@dataclass(frozen=True)
class SVMLOOResult:
    """Result of :func:`svm_loo`.

    Attributes
    ----------
    loo_error : float
        n_errors / l.
    n_errors : int
        Points misclassified by the SVM trained without them.
    sv_bound : float
        #SV / l, the bound of seed 003 §5.2 (LOO error ≤ #SV / l).
    n_sv : int
        Support vectors of the SVM trained on all l points.
    mistakes : ndarray of bool of shape (l,)
        ``mistakes[i]``: the SVM trained without x_i misclassifies it.
    retrained : ndarray of int
        Points for which the SVM was retrained (the support vectors).
    loo_decision : ndarray of shape (l,)
        f_{−i}(x_i), the decision value of the SVM trained without x_i (the
        full model's value for a non-support vector).
    n_iter : int
        SMO steps summed over the retrains.
    model : SVM
        The SVM fitted on all l points.
    """

    loo_error: float
    n_errors: int
    sv_bound: float
    n_sv: int
    mistakes: np.ndarray
    retrained: np.ndarray
    loo_decision: np.ndarray
    n_iter: int
    model: SVM


class _LeaveOneOutColumns:
    """Columns of a precomputed Gram matrix K with row and column ``left`` removed.

    Stands in for :class:`kernelboost.svm.KernelColumns` in the coordinate
    solver of the SVM without bias (which only calls ``columns(j)`` and reads
    ``diag``).
    """

    def __init__(self, K: np.ndarray, diag: np.ndarray, left: int) -> None:
        self.K = K
        self.left = left
        self.diag = np.delete(diag, left)
        self.cache: dict[int, np.ndarray] = {}
        self.n_evals = 0

    def __call__(self, j: int) -> np.ndarray:
        column = self.cache.get(j)
        if column is None:
            i = self.left
            row = self.K[j if j < i else j + 1]
            column = np.concatenate((row[:i], row[i + 1 :]))
            self.cache[j] = column
        return column


def _smo_gram(
    K: np.ndarray,
    diag: np.ndarray,
    y: np.ndarray,
    C: float,
    tol: float,
    alpha: np.ndarray,
    G: np.ndarray,
    frozen: int,
    max_iter: int,
    lists: tuple[list[float], list[float]] | None = None,
) -> tuple[np.ndarray, np.ndarray, int, bool]:
    """SMO on a precomputed Gram matrix with point ``frozen`` held at α = 0.

    The same steps as :func:`kernelboost.svm._solve` without shrinking
    (maximal violating i, second-order j, :func:`kernelboost.svm._pair_update`)
    on the problem without x_frozen: the frozen point is in neither I_up nor
    I_low, so it is never selected and its α stays 0, and every column is a
    row of K read in place, so no (l − 1) × (l − 1) copy is made. Membership
    of I_up / I_low is kept as additive penalties (0 or ±inf) so that each
    selection is one vector addition and one reduction.

    Parameters
    ----------
    K : ndarray of shape (l, l)
        Gram matrix (symmetric).
    diag : ndarray of shape (l,)
        Its diagonal.
    y : ndarray of shape (l,)
    C, tol : float
    alpha : ndarray of shape (l,)
        Feasible start with alpha[frozen] = 0; updated in place.
    G : ndarray of shape (l,)
        Qα − e at the start (the entry of the frozen point is ignored).
    frozen : int
    max_iter : int
    lists : (list, list), optional
        ``y`` and ``diag`` as Python lists (fast scalar access), if the caller
        already has them.

    Returns
    -------
    alpha, G, n_iter, converged
    """
    m = y.shape[0]
    F = -y * G  # −y_t G_t
    up = ((y > 0) & (alpha < C)) | ((y < 0) & (alpha > 0))
    low = ((y < 0) & (alpha < C)) | ((y > 0) & (alpha > 0))
    up[frozen] = low[frozen] = False
    up_pen = np.where(up, 0.0, -np.inf)
    low_pos = np.where(low, 0.0, np.inf)
    low_neg = np.where(low, 0.0, -np.inf)
    buf, gain, quad = np.empty(m), np.empty(m), np.empty(m)
    ys, ds = (y.tolist(), diag.tolist()) if lists is None else lists
    minimum = np.minimum.reduce
    for n_iter in range(max_iter):
        np.add(F, up_pen, out=buf)
        i = int(buf.argmax())
        gmax = float(buf[i])
        np.add(F, low_pos, out=buf)
        if gmax - float(minimum(buf)) < tol:
            return alpha, -y * F, n_iter, True
        Ki = K[i]
        # Second order: j = argmax over I_low with b_t > 0 of b_t² / a_t.
        np.subtract(gmax, F, out=gain)
        np.maximum(gain, 0.0, out=gain)
        np.multiply(gain, gain, out=gain)
        np.multiply(Ki, -2.0, out=quad)
        quad += diag
        quad += ds[i]
        np.maximum(quad, _TAU, out=quad)
        gain /= quad
        gain += low_neg
        j = int(gain.argmax())
        yi, yj = ys[i], ys[j]
        old_i, old_j = float(alpha[i]), float(alpha[j])
        new_i, new_j = _pair_update(
            old_i,
            old_j,
            -yi * float(F[i]),
            -yj * float(F[j]),
            yi,
            yj,
            ds[i] + ds[j] - 2.0 * float(Ki[j]),
            C,
        )
        alpha[i], alpha[j] = new_i, new_j
        # G += y∘(y_i Δα_i K_i + y_j Δα_j K_j), so F = −y∘G loses the bracket.
        F = _daxpy(Ki, F, a=-yi * (new_i - old_i))
        F = _daxpy(K[j], F, a=-yj * (new_j - old_j))
        for t, yt, at in ((i, yi, new_i), (j, yj, new_j)):
            in_up = (yt > 0 and at < C) or (yt < 0 and at > 0)
            in_low = (yt < 0 and at < C) or (yt > 0 and at > 0)
            up_pen[t] = 0.0 if in_up else -np.inf
            low_pos[t] = 0.0 if in_low else np.inf
            low_neg[t] = 0.0 if in_low else -np.inf
    return alpha, -y * F, max_iter, False


def _fill(amount: float, room: np.ndarray) -> np.ndarray:
    """Give ``amount`` to slots with capacities ``room``, in order, each to the full."""
    before = np.concatenate(([0.0], np.cumsum(room)[:-1]))
    return np.clip(amount - before, 0.0, room)


def loo_warm_start(
    alpha: np.ndarray,
    y: np.ndarray,
    C: float,
    i: int,
    k_i: np.ndarray,
    fit_intercept: bool = True,
) -> np.ndarray:
    """A feasible starting point for the SVM dual without point i.

    Setting α_i = 0 breaks yᵀα = 0 by y_i α_i. The other coordinates must
    change by Δ with Σ_{j≠i} y_j Δ_j = y_i α_i, within 0 ≤ α_j + Δ_j ≤ C:
    raise same-class α_j (y_j Δ_j = y_i Δ_j) or lower opposite-class α_j
    (y_j Δ_j = −y_i Δ_j) by α_i in total. The amount α_i is handed out

    1. to the same-class free support vectors (0 < α_j < C), nearest to x_i in
       the feature space first (largest k(x_i, x_j)), each up to C; they take
       over the role of the removed point;
    2. what is left (all of them at C, or none free) is taken off the
       opposite-class support vectors, nearest first, each down to 0. This
       always suffices: Σ_{y_j ≠ y_i} α_j = Σ_{y_j = y_i} α_j ≥ α_i.

    Values within 1e-12·C of 0 or C are then put exactly on the bound (the
    solver and the intercept tell free from bounded variables by exact
    comparison).

    Parameters
    ----------
    alpha : ndarray of shape (l,)
        A feasible α for all l points (0 ≤ α ≤ C, yᵀα = 0).
    y : ndarray of shape (l,)
        Labels in {−1, +1}.
    C : float
        Box constraint (may be inf).
    i : int
        The point left out.
    k_i : ndarray of shape (l,)
        k(x_i, x_j) for all j.
    fit_intercept : bool, default=True
        ``False``: there is no equality constraint; only α_i is set to 0.

    Returns
    -------
    start : ndarray of shape (l,)
        start[i] = 0 and Σ_j y_j start_j = 0 (up to rounding).
    """
    start = np.array(alpha, dtype=np.float64)
    amount = float(start[i])
    start[i] = 0.0
    if not fit_intercept or amount <= 0.0:
        return start
    same = y == y[i]
    same[i] = False
    free = np.flatnonzero(same & (start > 0.0) & (start < C))
    free = free[np.argsort(-k_i[free], kind="stable")]
    give = _fill(amount, C - start[free])
    start[free] += give
    rest = amount - float(give.sum())
    if rest > 0.0:
        other = np.flatnonzero((y != y[i]) & (start > 0.0))
        other = other[np.argsort(-k_i[other], kind="stable")]
        start[other] -= _fill(rest, start[other].copy())
    # Put values within rounding of a bound exactly on it: the solver and the
    # intercept tell free from bounded variables by exact comparison.
    eps = 1e-12 * (C if np.isfinite(C) else float(np.max(alpha)))
    start[start <= eps] = 0.0
    if np.isfinite(C):
        start[start >= C - eps] = C
    return start


def _clone(estimator: Any) -> Any:
    """A new unfitted estimator with the same hyper-parameters."""
    return clone(estimator)


def svm_loo(
    svm: SVM,
    X: object,
    y: object,
    *,
    gram_bytes: int = 256 * 2**20,
) -> SVMLOOResult:
    """Exact leave-one-out error of an SVM, retraining only for support vectors.

    The SVM is fitted once on all l points. A non-support vector (α_i = 0)
    leaves the dual solution optimal when removed (the remaining α satisfy
    the same KKT conditions), so the SVM trained without it is the full one
    and f_{−i}(x_i) = f(x_i); since α_i = 0 means y_i f(x_i) ≥ 1 (up to the
    solver tolerance) it is classified correctly. For each support vector the
    SVM is retrained on the l − 1 other points, warm-started from the full
    solution with α_i redistributed feasibly (see :func:`loo_warm_start`),
    and f_{−i}(x_i) is computed from the result. Hence

        LOO error = (1/l) Σ_{i∈SV} 1[sign f_{−i}(x_i) ≠ y_i] ≤ #SV / l

    (a decision value of exactly 0 predicts +1, as :meth:`SVM.predict`).

    When the l × l Gram matrix fits in ``gram_bytes`` it is computed once and
    every retrain runs SMO on it in place, with x_i frozen at α_i = 0 (see
    :func:`_smo_gram`; the same steps as the SVM's own solver without
    shrinking); the starting gradient G' = Qα' − e comes from the full one by
    the few coordinates that the redistribution changed,
    G' = G + y ∘ (K (Δα ∘ y)). Otherwise each retrain is
    ``SVM.fit(X_{−i}, y_{−i}, alpha0=...)``.

    Parameters
    ----------
    svm : SVM
        An (unfitted) :class:`kernelboost.svm.SVM`; it is not modified, a copy
        with the same parameters is fitted.
    X : array-like of shape (l, n)
    y : array-like of shape (l,)
        Labels in {−1, +1}; each class needs at least 2 points (so that both
        classes remain when one point is left out).
    gram_bytes : int > 0, default=256 MiB
        Memory allowed for the precomputed Gram matrix (8 l² bytes).

    Returns
    -------
    SVMLOOResult

    Notes
    -----
    The LOO mistakes equal those of brute-force retraining up to the solver
    tolerance ``svm.tol``: a point whose decision value without it is within
    about ``tol`` of 0 can go either way.

    References
    ----------
    D. DeCoste and K. Wagstaff, "Alpha seeding for support vector machines",
    KDD 2000 (warm starts for leave-one-out).
    """
    if not isinstance(svm, SVM):
        raise TypeError(f"svm_loo needs a kernelboost.svm.SVM; got {svm!r}.")
    check_scalar(gram_bytes, "gram_bytes", "svm_loo", kind="int", low=1, closed="left")
    X = check_array(X)
    y = check_labels(y, X.shape[0])
    m = X.shape[0]
    for label in (-1.0, 1.0):
        count = int(np.sum(y == label))
        if count < 2:
            raise ValueError(
                f"svm_loo needs at least 2 points of each class; class {label:+g} "
                f"has {count}."
            )
    model = _clone(svm).fit(X, y)
    alpha = model.alpha_
    C = float(model.C)
    kernel = model.kernel_
    with_bias = bool(model.fit_intercept)
    support = model.support_
    tol = float(model.tol)
    max_iter = model.max_iter if model.max_iter is not None else max(10**7, 100 * m)
    use_gram = 8 * m * m <= gram_bytes
    if use_gram:
        K = kernel(X)
        diag = np.ascontiguousarray(np.diagonal(K))
        # f(x_j) − b = Σ_k α_k y_k K_jk; einsum, not a BLAS matrix-vector
        # product, which on a busy machine can cost 20× more in threads.
        f_no_b = np.einsum("jk,k->j", K, alpha * y)
        G = y * f_no_b - 1.0
        decision = f_no_b + model.intercept_
        lists = (y.tolist(), diag.tolist())
    else:
        decision = model.decision_function(X)
    n_iter = 0
    not_converged = 0
    for i in support:
        k_i = K[i] if use_gram else kernel(X[i : i + 1], X)[0]
        start = loo_warm_start(alpha, y, C, int(i), k_i, with_bias)
        keep = np.ones(m, dtype=bool)
        keep[i] = False
        if use_gram:
            delta = start - alpha
            moved = np.flatnonzero(delta)
            # G' = G + y ∘ Σ_k Δα_k y_k K[k], one daxpy per moved row (a small
            # matrix-vector product here would wake BLAS threads per retrain).
            shift = np.zeros(m)
            for k in moved.tolist():
                shift = _daxpy(K[k], shift, a=float(delta[k] * y[k]))
            G_start = G + y * shift
            if with_bias:
                a, g, steps, ok = _smo_gram(
                    K, diag, y, C, tol, start, G_start, int(i), max_iter, lists
                )
                b = -_rho(a[keep], g[keep], y[keep], C)
            else:
                y_sub = y[keep]
                a, g, steps, ok = _solve_no_bias(
                    _LeaveOneOutColumns(K, diag, int(i)),
                    y_sub,
                    C,
                    tol,
                    start[keep],
                    G_start[keep],
                    max_iter,
                )
                a = np.insert(a, int(i), 0.0)
                b = 0.0
            decision[i] = float(k_i @ (a * y)) + b
        else:
            sub = _clone(svm)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                sub.fit(X[keep], y[keep], alpha0=start[keep])
            steps, ok = sub.n_iter_, sub.converged_
            decision[i] = float(sub.decision_function(X[i : i + 1])[0])
        n_iter += int(steps)
        not_converged += not ok
    if not_converged:
        warnings.warn(
            f"svm_loo: {not_converged} of {support.size} retrains reached "
            f"max_iter={max_iter} before converging; their LOO predictions may "
            "be off.",
            ConvergenceWarning,
            stacklevel=2,
        )
    mistakes = np.where(decision >= 0.0, 1.0, -1.0) != y
    n_errors = int(mistakes.sum())
    return SVMLOOResult(
        loo_error=n_errors / m,
        n_errors=n_errors,
        sv_bound=support.size / m,
        n_sv=int(support.size),
        mistakes=mistakes,
        retrained=support.copy(),
        loo_decision=decision,
        n_iter=n_iter,
        model=model,
    )


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
