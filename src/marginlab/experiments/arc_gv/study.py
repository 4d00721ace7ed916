"""Claim B21: arc-gv reaches a larger minimum margin than AdaBoost, yet its test
error is not lower, as in Reyzin and Schapire (2006).

Mohri, Boosting, 'Other Boosting Algorithms': "arc-gv (Breiman, 1996):
designed to maximize the margin, but outperformed by AdaBoost in experiments
(Reyzin and Schapire, 2006)". Both algorithms run the same loop with the same
base learner every round (:class:`ArcGV` differs from AdaBoost only in α_t,
and keeps its negative steps, so that both run the same T rounds), once with
decision stumps and once with trees of ``n_leaves`` leaves grown best-first:

- on Breiman's generated data, one training draw against a large test set of
  the same generator (the test points are paired between the two
  algorithms); and, on the first ``trajectory_points`` training points, both
  algorithms with stumps for ``trajectory_rounds`` rounds beside ρ*, the
  maximum margin over every distinct stump (the linear program of B7);
- on real data, ``n_splits`` stratified halves with seeds 0, 1, …

The study records, per run, the training margins y_i f_T(x_i)/Σ_t|α_t| of the
final vote at T = ``n_rounds``, its training and test error, the errors on a
geometric grid of rounds, the mean depth and number of leaves of the trees it
chose, and, on generated data, which test points each vote gets wrong.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.arc_gv import ArcGV
from ...estimators.boosting.c45 import BestFirstTrees
from ...estimators.boosting.weak_learners import Stumps, WeakLearner
from ...estimators.model_selection import train_test_split
from ...theory.margins import distinct_stumps, margin_matrix, max_margin
from .._shared.boosting import fit_quietly, log_rounds, staged_votes


def _arc_gv(weak_learner: WeakLearner, n_rounds: int) -> AdaBoost:
    return ArcGV(weak_learner=weak_learner, n_rounds=n_rounds, keep_negative=True)


#: The algorithms compared, as named in the tables: arc-gv keeps its
#: negative steps, so that both run the same T.
ALGORITHMS: dict[str, Callable[[WeakLearner, int], AdaBoost]] = {
    "adaboost": lambda learner, T: AdaBoost(weak_learner=learner, n_rounds=T),
    "arc_gv": _arc_gv,
}

#: The base learners, as named in the tables: the same class every round.
LEARNERS: dict[str, Callable[[int], WeakLearner]] = {
    "stumps": lambda n_leaves: Stumps(),
    "trees": lambda n_leaves: BestFirstTrees(n_leaves=n_leaves),
}


def _run(
    algorithm: str,
    learner: str,
    n_leaves: int,
    n_rounds: int,
    grid: np.ndarray,
    train: tuple[np.ndarray, np.ndarray],
    test: tuple[np.ndarray, np.ndarray],
) -> tuple[dict[str, object], pd.DataFrame, np.ndarray, np.ndarray]:
    """One fit of ``n_rounds`` rounds.

    Returns the summary row, the error curve on ``grid``, the training margins
    at T, and which test points the vote f_T gets wrong.
    """
    (X, y), (Xte, yte) = train, test
    model = fit_quietly(
        ALGORITHMS[algorithm](LEARNERS[learner](n_leaves), n_rounds), X, y
    )
    kept = int(model.n_rounds_)
    T = min(n_rounds, kept)  # a run that stopped early keeps its last vote
    norm = float(np.abs(model.alphas_[:T]).sum())
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
    shape = {
        column: float(history[column].mean()) if column in history and kept else 1.0
        for column in ("depth", "n_leaves")
    }
    summary = {
        "rounds": T,
        "stop_reason": str(model.stop_reason_),
        "negative_steps": int(np.count_nonzero(model.alphas_ <= 0.0)),
        "n_leaves": int(n_leaves) if learner == "trees" else 2,
        "mean_depth": shape["depth"],
        "mean_leaves": shape["n_leaves"] if learner == "trees" else 2.0,
        "min_margin": float(margin.min()),
        "median_margin": float(np.median(margin)),
        "train_error": float(np.mean((f_train[at_T] >= 0.0) != (y > 0))),
        "test_error": float(np.mean(wrong)),
        "n_train": int(y.size),
        "n_test": int(yte.size),
    }
    return summary, curve, margin, wrong


def _trajectory(
    X: np.ndarray, y: np.ndarray, n_rounds: int, points: int
) -> pd.DataFrame:
    """Both algorithms with stumps on (X, y) for ``n_rounds`` rounds: the
    minimum margin on a geometric grid of about ``points`` rounds, beside ρ*,
    the maximum margin over every distinct stump (:func:`max_margin`)."""
    rho_star, _ = max_margin(margin_matrix(distinct_stumps(X), y))
    grid = log_rounds(n_rounds, points)
    frames = []
    for algorithm, make in ALGORITHMS.items():
        history = fit_quietly(make(Stumps(), n_rounds), X, y).history_
        values = history["min_margin"].to_numpy(float)
        at = np.minimum(grid, values.size) - 1  # an early stop keeps its vote
        frames.append(
            pd.DataFrame(
                {
                    "algorithm": algorithm,
                    "t": grid,
                    "min_margin": values[at],
                    "rho_star": rho_star,
                    "n_train": y.size,
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def arc_gv_tables(
    data: Dataset,
    test: Dataset | None = None,
    *,
    n_splits: int,
    n_leaves: int,
    n_rounds: int,
    trajectory_points: int,
    trajectory_rounds: int,
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
    n_leaves : int ≥ 2
        The trees' number of leaves (:class:`BestFirstTrees`).
    n_rounds : int
        T, the round at which the two votes are compared (fewer if a run
        stops early: ε_t = 0 or no edge).
    trajectory_points : int ≥ 2
        Generated data: the first this many training points carry the
        stump trajectories.
    trajectory_rounds : int
        Rounds of the stump trajectories.
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
        algorithm, rounds, stop_reason, negative_steps`` (α_t ≤ 0 kept),
        ``n_leaves`` (the trees' setting; 2 for stumps), ``mean_depth,
        mean_leaves`` (of the hypotheses), ``min_margin,
        median_margin, train_error, test_error, n_train, n_test``.
    trajectory : DataFrame
        ``algorithm, t, min_margin, rho_star, n_train``: the stump runs on the
        first ``trajectory_points`` training points (generated data only).
    """
    if test is None:
        splits = [train_test_split(data.y, 0.5, seed) for seed in range(n_splits)]
        parts = [
            ((data.X[tr], data.y[tr]), (data.X[te], data.y[te])) for tr, te in splits
        ]
    else:
        parts = [((data.X, data.y), (test.X, test.y))]
    grid = log_rounds(n_rounds, curve_points)
    curves, margins, mistakes, summary = [], [], [], []
    for split, (train, held) in enumerate(parts):
        for learner in LEARNERS:
            for algorithm in ALGORITHMS:
                key = {"split": split, "learner": learner, "algorithm": algorithm}
                row, curve, margin, wrong = _run(
                    algorithm, learner, n_leaves, n_rounds, grid, train, held
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
    first = ["split", "learner", "algorithm"]
    curve = pd.concat(curves, ignore_index=True)
    mistake_columns = ["learner", "algorithm", "point", "wrong"]
    if test is not None:
        k = min(int(trajectory_points), data.y.size)
        trajectory = _trajectory(
            data.X[:k], data.y[:k], int(trajectory_rounds), curve_points
        )
    else:
        trajectory = pd.DataFrame(
            columns=["algorithm", "t", "min_margin", "rho_star", "n_train"]
        )
    return (
        curve[first + ["t", "train_error", "test_error"]],
        pd.concat(margins, ignore_index=True),
        pd.concat(mistakes, ignore_index=True)
        if mistakes
        else pd.DataFrame(columns=mistake_columns),
        pd.DataFrame(summary),
        trajectory,
    )
