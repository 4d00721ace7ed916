"""E3 and K16: hyper-parameters chosen by cross-validation; a small C underfits,
a large C overfits.

Shewchuk, Lecture 14 ('The Gaussian Kernel'): hyper-parameters are chosen by
(cross-)validation. :func:`cv_selection_tables` chooses the Gaussian width σ
and the box C of the SVM by K-fold CV on the training half of a split and
compares the test error of the choice with the best test error on the grid
(E3), and records the training and test errors along C (K16). Which test
points each (σ, C) gets wrong is recorded too: the claims compare error rates
on the same test points with paired intervals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...core.kernels import Gaussian
from ...estimators.model_selection import grid_search, train_test_split
from ...estimators.svm.classifier import SVM
from .._shared.scaling import needs_standardizing, zscore

#: Columns of the grid table of :func:`cv_selection_tables`, in order.
GRID_COLUMNS: Final = (
    "dataset",
    "sigma",
    "C",
    "cv_error",
    "cv_std",
    "train_error",
    "test_error",
    "n_sv",
    "chosen",
    "best_test",
)


#: Columns of the summary table of :func:`cv_selection_tables`, in order.
SUMMARY_COLUMNS: Final = (
    "dataset",
    "chosen_sigma",
    "chosen_C",
    "chosen_cv_error",
    "chosen_test_error",
    "best_sigma",
    "best_C",
    "best_test_error",
    "regret",
    "n_train",
    "n_test",
    "n_features",
    "standardized",
    "folds",
    "cv_seed",
    "split_seed",
)

#: Columns of the mistakes table of :func:`cv_selection_tables`, in order.
MISTAKES_COLUMNS: Final = ("dataset", "sigma", "C", "point", "wrong")


def cv_selection_tables(
    data: Dataset,
    *,
    sigmas: Sequence[float],
    Cs: Sequence[float],
    n_splits: int,
    cv_seed: int,
    test_fraction: float,
    split_seed: int,
    name: str = "data",
    tol: float = 1e-3,
    standardize: bool | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """E3: choose σ and C of the Gaussian SVM by K-fold CV; compare on a test set.

    A seeded stratified split (:func:`~marginlab.train_test_split`)
    sets the test points aside. On the training part alone,
    :func:`~marginlab.grid_search` scores every (σ, C) of the grid
    by K-fold cross-validation,

        CV(σ, C) = (1/K) Σ_f err_f(σ, C),

    each fold's error from the SVM with k(x, x') = exp(−‖x − x'‖²/2σ²) and
    box C trained on the other K − 1 folds, and chooses the combination of
    smallest CV error (ties: first in grid order, σ ascending slowest, C
    ascending fastest). Each (σ, C) is also fitted on the whole training part
    and scored on the test points, which the choice never sees; which test
    points it gets wrong is kept, so that two error rates on the same test
    points can be compared pairwise (claims E3 and K16).

    Parameters
    ----------
    data : Dataset
        Classification data.
    sigmas : sequence of float > 0
        Gaussian widths σ (sorted ascending in the tables).
    Cs : sequence of float > 0
        Boxes C (sorted ascending). Finite values are advised: a hard margin
        on noisy data may not be separable or may need millions of SMO steps.
    n_splits : int
        K, the number of folds.
    cv_seed : int
        Seeds the folds (the same folds for every (σ, C): a paired comparison).
    test_fraction : float in (0, 1)
        Fraction of each class set aside for testing.
    split_seed : int
        Seeds the split.
    name : str, default="data"
        Written to the ``dataset`` column.
    tol : float, default=1e-3
        SMO tolerance.
    standardize : bool or None, default=None
        z-score the features with the training part's mean and deviation
        (:func:`zscore`); ``None`` does so when :func:`needs_standardizing`
        says the training features are far from unit scale.

    Returns
    -------
    grid : DataFrame
        One row per (σ, C) in grid order, columns :data:`GRID_COLUMNS`:
        ``dataset, sigma, C, cv_error, cv_std`` (fold standard deviation,
        ddof 0), ``train_error, test_error, n_sv`` of the SVM fitted on the
        whole training part, ``chosen`` (True at the CV choice) and
        ``best_test`` (True at the first (σ, C) of smallest test error).
    summary : DataFrame
        One row, columns :data:`SUMMARY_COLUMNS`: the chosen (σ, C), its CV
        and test errors, the best (σ, C) on the test set and its error,
        ``regret`` = chosen test error − best test error, the split sizes,
        ``n_features, standardized, folds, cv_seed, split_seed``.
    mistakes : DataFrame
        Columns :data:`MISTAKES_COLUMNS`, one row per (σ, C) and test point, in
        grid order and then point order: ``wrong`` is 1 when the SVM of that
        (σ, C), fitted on the whole training part, misclassifies test point
        ``point`` (its index among the test points), else 0; the mean of
        ``wrong`` over the points of one (σ, C) is its ``test_error``.
    """
    if data.task != "classification":
        raise ValueError("cv_selection_tables needs classification data.")
    train, test = train_test_split(data.y, test_fraction, split_seed)
    X = np.ascontiguousarray(data.X, dtype=np.float64)  # see loo_configuration
    Xtr, ytr, Xte, yte = X[train], data.y[train], X[test], data.y[test]
    scaled = needs_standardizing(Xtr) if standardize is None else bool(standardize)
    if scaled:
        Xtr, Xte = zscore(Xtr, Xte)
    sigmas = sorted(float(s) for s in sigmas)
    Cs = sorted(float(c) for c in Cs)

    def make(sigma: float, C: float) -> SVM:
        return SVM(kernel=Gaussian(sigma=sigma), C=C, tol=tol)

    table, best = grid_search(
        make, {"sigma": sigmas, "C": Cs}, Xtr, ytr, n_splits=n_splits, seed=cv_seed
    )
    train_err, test_err, n_sv, wrong = [], [], [], []
    for sigma, C in zip(table["sigma"], table["C"], strict=True):
        svm = make(float(sigma), float(C)).fit(Xtr, ytr)
        test_wrong = svm.predict(Xte) != yte
        train_err.append(float(np.mean(svm.predict(Xtr) != ytr)))
        test_err.append(float(np.mean(test_wrong)))
        n_sv.append(int(svm.support_.size))
        wrong.append(
            pd.DataFrame(
                {
                    "dataset": name,
                    "sigma": float(sigma),
                    "C": float(C),
                    "point": np.arange(test_wrong.size),
                    "wrong": test_wrong.astype(int),
                }
            )
        )
    table["train_error"] = train_err
    table["test_error"] = test_err
    table["n_sv"] = n_sv
    table["dataset"] = name
    table["chosen"] = (table["sigma"] == best["sigma"]) & (table["C"] == best["C"])
    top = int(np.argmin(table["test_error"].to_numpy()))  # first minimum
    table["best_test"] = np.arange(len(table)) == top
    grid = table[list(GRID_COLUMNS)].reset_index(drop=True)
    chosen = grid[grid["chosen"]].iloc[0]
    winner = grid.iloc[top]
    summary = pd.DataFrame(
        [
            {
                "dataset": name,
                "chosen_sigma": float(chosen["sigma"]),
                "chosen_C": float(chosen["C"]),
                "chosen_cv_error": float(chosen["cv_error"]),
                "chosen_test_error": float(chosen["test_error"]),
                "best_sigma": float(winner["sigma"]),
                "best_C": float(winner["C"]),
                "best_test_error": float(winner["test_error"]),
                "regret": float(chosen["test_error"] - winner["test_error"]),
                "n_train": int(train.size),
                "n_test": int(test.size),
                "n_features": int(data.X.shape[1]),
                "standardized": scaled,
                "folds": int(n_splits),
                "cv_seed": int(cv_seed),
                "split_seed": int(split_seed),
            }
        ],
        columns=list(SUMMARY_COLUMNS),
    )
    mistakes = pd.concat(wrong, ignore_index=True)[list(MISTAKES_COLUMNS)]
    return grid, summary, mistakes
