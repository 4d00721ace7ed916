"""Model selection: held-out splits, k-fold cross-validation, grid search and
leave-one-out by brute force.

The estimators evaluated here follow the package's contract: ``fit(X, y)``
returns the fitted estimator and ``predict(X)`` returns labels (classification)
or real values (regression). Functions that fit many models take a factory
``make_estimator`` that returns a fresh, unfitted estimator on each call
(``make_estimator(**params)`` for :func:`grid_search`).

Leave-one-out (LOO) trains on l − 1 points and tests on the one left out, for
every point in turn: LOO = (1/l) Σ_i 1[h_{−i}(x_i) ≠ y_i]. :func:`loo_error`
does exactly that, for any estimator; the fast exact LOO of the SVM is
:func:`marginlab.svm_loo` and that of k-NN
:func:`marginlab.knn_loo`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from ..core.contract.validation import check_random_state, check_scalar, check_X_y

#: What a fold's score is: the error rate (classification) or the mean squared
#: error (regression).
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


# --- k-fold cross-validation --------------------------------------------------


def random_split(
    m: int, test_fraction: float, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """Indices of a seeded random split of m points (no strata: regression).

    round(test_fraction · m) points, drawn without replacement by
    ``numpy.random.default_rng(seed)``, form the test part.

    Returns
    -------
    train, test : ndarray of int
        Sorted, disjoint, covering 0..m−1.
    """
    f = float(
        check_scalar(test_fraction, "test_fraction", "random_split", low=0.0, high=1.0)
    )
    k = int(round(f * m))
    if not 2 <= k <= m - 2:
        raise ValueError(
            f"random_split: {m} points with test_fraction {f:g} leave {k} test "
            "points; both parts need at least two."
        )
    test = np.sort(check_random_state(seed).choice(m, size=k, replace=False))
    return np.setdiff1d(np.arange(m), test), test


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
    make_estimator : callable
        ``make_estimator(**params)`` returns an unfitted estimator, e.g.
        ``lambda sigma, C: SVM(kernel=Gaussian(sigma), C=C)`` or
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
    >>> from marginlab import KNN, make_dataset
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
