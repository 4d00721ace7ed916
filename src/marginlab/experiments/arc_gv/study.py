"""Claim B21: arc-gv reaches a larger minimum margin than AdaBoost, yet its test
error is not lower, as in Reyzin and Schapire (2006).

Mohri, Boosting, 'Other Boosting Algorithms': "arc-gv (Breiman, 1996):
designed to maximize the margin, but outperformed by AdaBoost in experiments
(Reyzin and Schapire, 2006)". Both algorithms run the same loop with the same
base learner every round (:class:`ArcGV` differs from AdaBoost only in α_t),
once with decision stumps and once with trees of bounded depth:

- on Breiman's generated data, one training draw against a large test set of
  the same generator (the test points are paired between the two
  algorithms); the stumps run ``check_rounds`` rounds, so that the minimum
  margins can be compared at ``n_rounds`` and again later (the first
  ``n_rounds`` rounds of the longer run are the shorter run);
- on real data, ``n_splits`` stratified halves with seeds 0, 1, …

The study records, per run, the training margins y_i f_T(x_i)/‖α‖₁ of the
final vote at T = ``n_rounds``, its training and test error, the errors on a
geometric grid of rounds, and, on generated data, which test points each vote
gets wrong.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.arc_gv import ArcGV
from ...estimators.boosting.weak_learners import Stumps, Trees, WeakLearner
from ...estimators.model_selection import train_test_split
from .._shared.boosting import fit_quietly, log_rounds, staged_votes

#: The algorithms compared, as named in the tables.
ALGORITHMS: dict[str, type[AdaBoost]] = {"adaboost": AdaBoost, "arc_gv": ArcGV}

#: The base learners, as named in the tables: the same class every round.
LEARNERS: dict[str, Callable[[int], WeakLearner]] = {
    "stumps": lambda depth: Stumps(),
    "trees": lambda depth: Trees(depth, criterion="entropy"),
}


def _run(
    algorithm: str,
    learner: str,
    depth: int,
    rounds: int,
    n_rounds: int,
    grid: np.ndarray,
    train: tuple[np.ndarray, np.ndarray],
    test: tuple[np.ndarray, np.ndarray],
) -> tuple[dict[str, object], pd.DataFrame, np.ndarray, np.ndarray, pd.DataFrame]:
    """One fit of ``rounds`` rounds, read at T = ``n_rounds``.

    Returns the summary row, the error curve on ``grid``, the training margins
    at T, which test points the vote f_T gets wrong, and the minimum margin
    at T and at the end of the run (``rounds``).
    """
    (X, y), (Xte, yte) = train, test
    model = fit_quietly(
        ALGORITHMS[algorithm](weak_learner=LEARNERS[learner](depth), n_rounds=rounds),
        X,
        y,
    )
    kept = int(model.n_rounds_)
    T = min(n_rounds, kept)  # a run that stopped early keeps its last vote
    norm = float(model.alphas_[:T].sum())
    f_train = staged_votes(model, X, grid)
    f_test = staged_votes(model, Xte, grid)
    at_T = int(np.searchsorted(grid, n_rounds))
    margin = y * f_train[at_T] / norm if norm > 0 else np.zeros_like(y)
    wrong = (f_test[at_T] >= 0.0) != (yte > 0)
    curve = pd.DataFrame(
        {
            "t": grid,
            "train_error": np.mean((f_train >= 0.0) != (y > 0), axis=1),
            "test_error": np.mean((f_test >= 0.0) != (yte > 0), axis=1),
        }
    )
    history = model.history_
    check = pd.DataFrame(
        {
            "t": [n_rounds, rounds],
            "rounds_kept": [min(n_rounds, kept), kept],
            "min_margin": [
                float(history["min_margin"].iloc[T - 1]) if T else 0.0,
                float(history["min_margin"].iloc[-1]) if kept else 0.0,
            ],
        }
    )
    summary = {
        "rounds": T,
        "stop_reason": str(model.stop_reason_) if kept <= n_rounds else "n_rounds",
        "min_margin": float(margin.min()),
        "median_margin": float(np.median(margin)),
        "train_error": float(np.mean((f_train[at_T] >= 0.0) != (y > 0))),
        "test_error": float(np.mean(wrong)),
        "n_train": int(y.size),
        "n_test": int(yte.size),
    }
    return summary, curve, margin, wrong, check


def arc_gv_tables(
    data: Dataset,
    test: Dataset | None = None,
    *,
    n_splits: int,
    depth: int,
    n_rounds: int,
    check_rounds: int,
    curve_points: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """AdaBoost and arc-gv with the same base learner on the same training points.

    Parameters
    ----------
    data : Dataset
        The training points (with ``test``), or the data to split in halves.
    test : Dataset or None
        Test points of the same generator; ``None``: ``n_splits`` stratified
        halves of ``data`` (seeds 0 … n_splits − 1).
    n_splits : int ≥ 2
    depth : int ≥ 1
        The trees' depth bound.
    n_rounds : int
        T, the round at which the two votes are compared (fewer if a run
        stops early: ε_t = 0, no edge, or for arc-gv α_t ≤ 0).
    check_rounds : int
        Rounds of the stumps on generated data (≥ n_rounds is read; a
        smaller value runs n_rounds).
    curve_points : int
        About how many rounds, spaced geometrically, the error curves keep.

    Returns
    -------
    curve : DataFrame
        ``split, learner, algorithm, t, train_error, test_error``.
    margins : DataFrame
        ``split, learner, algorithm, point, margin``: the training margins at T.
    mistakes : DataFrame
        ``learner, algorithm, point, wrong``: which test points f_T gets wrong
        (generated data only; empty for splits, whose rows read the test
        errors of ``summary``).
    summary : DataFrame
        One row per split, learner and algorithm: ``split, learner,
        algorithm, rounds, stop_reason, min_margin, median_margin,
        train_error, test_error, n_train, n_test``.
    check : DataFrame
        ``learner, algorithm, t, rounds_kept, min_margin``: the minimum margin
        at T and at the end of the longer run (generated data, stumps).
    """
    if test is None:
        splits = [train_test_split(data.y, 0.5, seed) for seed in range(n_splits)]
        parts = [
            ((data.X[tr], data.y[tr]), (data.X[te], data.y[te])) for tr, te in splits
        ]
    else:
        parts = [((data.X, data.y), (test.X, test.y))]
    grid = log_rounds(n_rounds, curve_points)
    curves, margins, mistakes, summary, checks = [], [], [], [], []
    for split, (train, held) in enumerate(parts):
        for learner in LEARNERS:
            rounds = n_rounds
            if test is not None and learner == "stumps":
                rounds = max(n_rounds, check_rounds)
            for algorithm in ALGORITHMS:
                key = {"split": split, "learner": learner, "algorithm": algorithm}
                row, curve, margin, wrong, check = _run(
                    algorithm, learner, depth, rounds, n_rounds, grid, train, held
                )
                summary.append(key | row)
                curves.append(curve.assign(**key))
                margins.append(
                    pd.DataFrame(
                        key | {"point": np.arange(margin.size), "margin": margin}
                    )
                )
                if test is not None:
                    mistakes.append(
                        pd.DataFrame(
                            {
                                "learner": learner,
                                "algorithm": algorithm,
                                "point": np.arange(wrong.size),
                                "wrong": wrong.astype(int),
                            }
                        )
                    )
                    if rounds > n_rounds:
                        checks.append(
                            check.assign(learner=learner, algorithm=algorithm)
                        )
    first = ["split", "learner", "algorithm"]
    curve = pd.concat(curves, ignore_index=True)
    mistake_columns = ["learner", "algorithm", "point", "wrong"]
    check_columns = ["learner", "algorithm", "t", "rounds_kept", "min_margin"]
    return (
        curve[first + ["t", "train_error", "test_error"]],
        pd.concat(margins, ignore_index=True),
        pd.concat(mistakes, ignore_index=True)
        if mistakes
        else pd.DataFrame(columns=mistake_columns),
        pd.DataFrame(summary),
        pd.concat(checks, ignore_index=True)[check_columns]
        if checks
        else pd.DataFrame(columns=check_columns),
    )
