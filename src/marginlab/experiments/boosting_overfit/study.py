"""Claim B20: with noisy labels, AdaBoost's test error rises again as T grows.

UML notes, Boosting §VI: "doing more rounds increases the chance of
overfitting to random quirks in the training data. Thus, the parameter T
allows one to balance the overfitting vs. underfitting tradeoff"; Mohri,
Boosting, 'Weaker Aspects': "need to determine T, the number of rounds of
boosting: stopping criterion".

A fraction of the training labels is flipped (seeded); AdaBoost with stumps
runs T_max rounds. T is chosen by K-fold cross-validation on the training
points alone (their labels flipped as well), and the test error of sign(f_T)
is measured on an independent sample of the same generator with clean labels
at T = 1, at the chosen T and at T_max, point by point, so that the rounds
are compared on the same test points. Beside the test error, what the margin
theory reads at the same rounds: the training margins y_i f_T(x_i)/‖α‖₁ and
the margin bound R̂_ρ + (2/ρ)√(2d log(em/d)/m) + √(log(1/δ)/(2m)) (Mohri,
Boosting, 'Margin Bound - Ensemble Methods').
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset, flip_labels
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from ...estimators.model_selection import kfold_indices
from ...theory.bounds import ramp_margin_loss, vc_margin_bound
from ...theory.rademacher import stump_vc_dimension_bound
from .._shared.boosting import fit_quietly

#: The rounds whose test mistakes are kept, by name.
ROUNDS: tuple[str, ...] = ("first", "selected", "last")


def staged_wrong(model: AdaBoost, X: np.ndarray, y: np.ndarray) -> Iterator[np.ndarray]:
    """Which points sign(f_t) gets wrong, for t = 1, …, n_rounds_ in turn.

    f_t = Σ_{s≤t} α_s h_s is accumulated one round at a time, so no
    (T, m) array is formed; f_t(x) = 0 predicts +1, as ``predict`` does.

    Parameters
    ----------
    model : AdaBoost
        Fitted, with labels in {−1, +1}.
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        Labels in {−1, +1}.

    Yields
    ------
    ndarray of bool of shape (m,)
    """
    f = np.zeros(X.shape[0])
    positive = y > 0
    for alpha, h in zip(model.alphas_, model.learners_, strict=True):
        f += alpha * h.predict(X)
        yield (f >= 0.0) != positive


def cv_error_curve(
    X: np.ndarray, y: np.ndarray, n_rounds: int, n_splits: int, seed: int
) -> np.ndarray:
    """K-fold cross-validation error of AdaBoost (stumps) after every round.

    Each fold's AdaBoost runs ``n_rounds`` rounds on the other folds; a fold
    whose run stops early keeps its last classifier for the later rounds.

    Returns
    -------
    ndarray of shape (n_rounds,)
        Entry t − 1: the fraction of the m points that sign(f_t), trained
        without their fold, gets wrong.
    """
    wrong = np.zeros(n_rounds)
    for train, held in kfold_indices(y, n_splits=n_splits, seed=seed):
        model = fit_quietly(
            AdaBoost(weak_learner=Stumps(), n_rounds=n_rounds), X[train], y[train]
        )
        count = float(np.count_nonzero(y[held] < 0))  # f ≡ 0 predicts +1
        t = 0
        for t, miss in enumerate(staged_wrong(model, X[held], y[held]), 1):
            count = float(np.count_nonzero(miss))
            wrong[t - 1] += count
        wrong[t:] += count
    return wrong / y.size


def boosting_overfit_tables(
    data: Dataset,
    test: Dataset,
    *,
    rate: float,
    n_rounds: int,
    seed: int,
    rhos: Sequence[float],
    delta: float,
    n_splits: int,
    cv_seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """AdaBoost on flipped training labels: test error against T, T chosen by CV.

    Parameters
    ----------
    data : Dataset
        The training points; round(rate · m) of their labels are flipped.
    test : Dataset
        An independent sample of the same generator, scored with its clean
        labels (a label the generator flipped is flipped back).
    rate : float in [0, ½)
        Fraction of the training labels flipped.
    n_rounds : int
        T_max.
    seed : int
        Seed of the flips.
    rhos : sequence of float > 0
        The margin levels ρ of the margin bound; δ is split evenly over them.
    delta : float in (0, 1)
    n_splits, cv_seed
        K-fold cross-validation on the training points (stratified on the
        flipped labels), from the ``cv`` section.

    Returns
    -------
    curve : DataFrame
        One row per round t = 1 … T_max: ``t, cv_error`` (on the flipped
        labels of the held-out folds), ``train_error`` (on the flipped labels),
        ``test_error`` (clean labels). After an early stop the last classifier
        stands for the later rounds.
    mistakes : DataFrame
        ``rounds`` (``first``, ``selected``, ``last``), ``T``, ``point``,
        ``wrong``: which test points sign(f_T) gets wrong at T = 1, at the T
        of smallest CV error (the first, if several) and at T_max.
    margins : DataFrame
        ``rounds, T, point, flipped, margin``: the training margins
        y_i f_T(x_i)/‖α‖₁ (flipped labels) at the selected T and at T_max.
    bound : DataFrame
        ``rounds, T, rho, margin_loss, complexity, confidence, bound``: the
        VC form of the margin bound at both rounds, every ρ, with δ/G each
        (G = len(rhos)), so that it holds over the whole grid at once.
    summary : DataFrame
        One row: ``rate, n_train, n_flipped, n_test, n_rounds, rounds_kept,
        stop_reason, selected, n_splits, d`` (the stumps' VC-dimension bound).
    """
    noisy = flip_labels(data, rate, seed)
    X, y = noisy.X, noisy.y
    flipped = (
        noisy.flipped if noisy.flipped is not None else np.zeros(y.size, dtype=bool)
    )
    y_test = test.y if test.flipped is None else np.where(test.flipped, -test.y, test.y)
    cv_error = cv_error_curve(X, y, n_rounds, n_splits, cv_seed)
    selected = int(np.argmin(cv_error)) + 1
    model = fit_quietly(AdaBoost(weak_learner=Stumps(), n_rounds=n_rounds), X, y)
    kept = model.n_rounds_
    if kept == 0:
        raise ValueError(
            "boosting_overfit: AdaBoost kept no round (no stump has an edge)"
        )
    at = {"first": 1, "selected": min(selected, kept), "last": kept}
    test_error = np.empty(n_rounds)
    saved: dict[int, np.ndarray] = {}
    for t, miss in enumerate(staged_wrong(model, test.X, y_test), 1):
        test_error[t - 1] = np.mean(miss)
        if t in at.values():
            saved[t] = miss
    test_error[kept:] = test_error[kept - 1]
    train_error = model.history_["train_error"].to_numpy()
    curve = pd.DataFrame(
        {
            "t": np.arange(1, n_rounds + 1),
            "cv_error": cv_error,
            "train_error": np.concatenate(
                [train_error, np.full(n_rounds - kept, train_error[-1])]
            ),
            "test_error": test_error,
        }
    )
    mistakes = pd.concat(
        [
            pd.DataFrame(
                {
                    "rounds": name,
                    "T": T,
                    "point": np.arange(y_test.size),
                    "wrong": saved[T].astype(int),
                }
            )
            for name, T in at.items()
        ],
        ignore_index=True,
    )
    staged = model.staged_decision_function(X)
    cum_alpha = np.cumsum(model.alphas_)
    d = stump_vc_dimension_bound(X.shape[1])
    r = np.asarray(rhos, dtype=np.float64)
    margin_rows, bound_rows = [], []
    for name in ("selected", "last"):
        T = at[name]
        margin = y * staged[T - 1] / cum_alpha[T - 1]
        margin_rows.append(
            pd.DataFrame(
                {
                    "rounds": name,
                    "T": T,
                    "point": np.arange(y.size),
                    "flipped": flipped.astype(int),
                    "margin": margin,
                }
            )
        )
        terms = vc_margin_bound(
            ramp_margin_loss(margin, r), r, d, y.size, delta / r.size
        )
        bound_rows.append(pd.DataFrame({"rounds": name, "T": T, "rho": r, **terms}))
    summary = pd.DataFrame(
        [
            {
                "rate": float(rate),
                "n_train": int(y.size),
                "n_flipped": int(flipped.sum()),
                "n_test": int(y_test.size),
                "n_rounds": int(n_rounds),
                "rounds_kept": int(kept),
                "stop_reason": str(model.stop_reason_),
                "selected": int(at["selected"]),
                "n_splits": int(n_splits),
                "d": int(d),
            }
        ]
    )
    return (
        curve,
        mistakes,
        pd.concat(margin_rows, ignore_index=True),
        pd.concat(bound_rows, ignore_index=True),
        summary,
    )
