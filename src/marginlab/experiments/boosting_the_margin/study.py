"""Claim B5 as Schapire, Freund, Bartlett and Lee (1998), Fig. 1, ran it:
AdaBoost (AdaBoost.M1 on K > 2 classes) over C4.5-style grown-and-pruned
trees, with decision stumps beside them on two-class data; its errors against
the number of rounds T on held-out points, and the training margins at a few
rounds.

For each base learner one run of ``n_rounds`` rounds gives, at the rounds of a
geometric grid (the margin rounds and T₀ included), the training and test
error of the vote (sign f_t, f_t = Σ_{s≤t} α_s h_s, f = 0 predicting +1; on K
classes argmax_k F_k, F_k = Σ_{s≤t} α_s 1[h_s = k]); at each margin round the
training margins (y_i f_t(x_i)/‖α‖₁, or (F_{y_i} − max_{k≠y_i} F_k)(x_i)/‖α‖₁)
and their lower quantiles; and, for the trees, which test points the vote
gets wrong at T₀ (the first round whose training error is 0), at the last
two margin rounds and at T = ``n_rounds`` (B5's paired test-error
differences). A run that stops early (a base hypothesis without a training
mistake, ``stop_reason`` "perfect") keeps its final vote for the later rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.c45 import C45Trees
from ...estimators.boosting.votes import add_votes, vote_gaps, vote_wrong
from ...estimators.boosting.weak_learners import Stumps, WeakLearner
from ...estimators.model_selection import train_test_split
from .._shared.boosting import fit_quietly, log_rounds

#: The learner whose rows are B5's evidence; the stumps are drawn beside it.
TREES = "trees"
STUMPS = "stumps"

#: ``T0`` in ``summary`` when the training error is not 0 in any round.
NEVER = -1


def _learners(n_classes: int) -> dict[str, WeakLearner]:
    """The C4.5-style trees, and the stumps beside them on two classes."""
    learners: dict[str, WeakLearner] = {TREES: C45Trees()}
    if n_classes == 2:
        learners[STUMPS] = Stumps()
    return learners


def first_zero_round(history: pd.DataFrame) -> int:
    """T₀: the first round whose training error is 0, or :data:`NEVER`."""
    zero = history.loc[history["train_error"] == 0, "t"]
    return int(zero.iloc[0]) if len(zero) else NEVER


def _walk(
    model: AdaBoost, X: np.ndarray, y: np.ndarray, rounds: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The vote after each round of ``rounds`` (increasing, ≥ 1), rebuilt
    hypothesis by hypothesis: which points it gets wrong, and the margins.

    Parameters
    ----------
    model : AdaBoost
        Fitted; a round past ``n_rounds_`` gets the final vote.
    X : ndarray of shape (n, N)
    y : ndarray of shape (n,)
        Labels as the model codes them (±1, or 0, …, K − 1).
    rounds : ndarray of int

    Returns
    -------
    wrong : ndarray of bool, shape (len(rounds), n)
    margins : ndarray of shape (len(rounds), n)
        The L1 (multiclass) margins; 0 before any round was kept.
    """
    binary = model.classes_.size == 2
    f = np.zeros(X.shape[0]) if binary else np.zeros((X.shape[0], model.classes_.size))
    wrong = np.empty((rounds.size, X.shape[0]), dtype=bool)
    margins = np.zeros((rounds.size, X.shape[0]))
    pairs = list(zip(model.alphas_, model.learners_, strict=True))
    norm, done = 0.0, 0
    for k, t in enumerate(rounds):
        while done < min(int(t), len(pairs)):
            alpha, h = pairs[done]
            if binary:
                f += alpha * h.predict(X)
            else:
                add_votes(f, h.predict(X), alpha)
            norm += abs(alpha)
            done += 1
        if binary:
            wrong[k] = (f >= 0.0) != (y > 0)
            gap = y * f
        else:
            wrong[k] = vote_wrong(f, y)
            gap = vote_gaps(f, y)
        if norm > 0:
            margins[k] = gap / norm
    return wrong, margins


def _codes(model: AdaBoost, y: np.ndarray) -> np.ndarray:
    """Labels as ``model`` codes them: ±1 kept, K classes as 0, …, K − 1."""
    if model.classes_.size == 2:
        return y
    return np.searchsorted(model.classes_, y).astype(np.float64)


def _halves(data: Dataset, seed: int) -> tuple[Dataset, Dataset]:
    """A stratified half of ``data`` for training, the other for testing."""
    train, test = train_test_split(data.y, 0.5, seed)
    return (
        Dataset(data.X[train], data.y[train], data.feature_names, classes=data.classes),
        Dataset(data.X[test], data.y[test], data.feature_names, classes=data.classes),
    )


def boosting_the_margin_tables(
    data: Dataset,
    test: Dataset | None = None,
    *,
    n_rounds: int,
    margin_rounds: Sequence[int],
    theta: float,
    quantiles: Sequence[float],
    evidence_test_points: int,
    curve_points: int,
    split_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """AdaBoost with ``C45Trees()`` (and with stumps, on two classes).

    Parameters
    ----------
    data : Dataset
        The training points, or (``test`` None) the data cut into a stratified
        training half and a test half (seed ``split_seed``).
    test : Dataset or None
        Independent test points of the same generator.
    n_rounds : int
        T, the rounds of each run (fewer are kept if a run stops early).
    margin_rounds : sequence of int, each in 1 … n_rounds, at least two
        Rounds at which the training margins are recorded; the last two are
        the "100 → 1000" of B5's rows.
    theta : float
        The margin level of ``fraction`` in ``summary`` (the table's column).
    quantiles : sequence of float in (0, 1)
        The lower quantiles of the training margins kept in ``tail``.
    evidence_test_points : int
        Kept in ``summary``: the test points from which B5's test-error row
        between the last two margin rounds is evidence (registered in
        CLAIMS.md).
    curve_points : int
        About this many rounds, spaced geometrically, at which the errors are
        kept (:func:`~.._shared.boosting.log_rounds`).
    split_seed : int
        The seed of the halves when ``test`` is None.

    Returns
    -------
    curve : DataFrame
        ``learner, t, train_error, test_error`` on the grid of rounds, which
        holds ``n_rounds``, the margin rounds and that learner's T₀.
    margins : DataFrame
        ``learner, t, point, margin``: the training margins at each margin
        round.
    mistakes : DataFrame
        ``learner, t, point, wrong``: for the trees, whether the vote gets
        test point ``point`` wrong (1) or not (0), at T₀ (if the training
        error reaches 0), at the last two margin rounds and at ``n_rounds``
        (the last margin round may come before ``n_rounds``).
    summary : DataFrame
        One row per learner and margin round ``t``: ``test_error,
        train_error, fraction`` (of training margins ≤ ``theta``),
        ``min_margin``, and the run's ``theta, T0`` (:data:`NEVER`, −1, if the
        training error is never 0), ``rounds`` (kept), ``stop_reason,
        n_rounds, n_classes, n_train, n_test``, ``mean_leaves`` (of the
        hypotheses kept up to ``t``), ``evidence_test_points`` and
        ``test_set`` ("draw": an independent test set; "half": the other half).
    tail : DataFrame
        ``learner, t, q, value``: the q-quantiles of the training margins at
        each margin round (numpy's linear interpolation).
    """
    rounds = np.array(sorted({int(t) for t in margin_rounds}), dtype=int)
    if rounds.size < 2 or rounds[0] < 1 or rounds[-1] > n_rounds:
        raise ValueError(
            f"margin_rounds must hold at least two rounds in 1 … n_rounds = "
            f"{n_rounds}; got {list(margin_rounds)}."
        )
    test_set = "draw" if test is not None else "half"
    if test is None:
        data, test = _halves(data, split_seed)
    X, Xte = data.X, test.X
    n_classes = int(np.unique(data.y).size)
    curve, margins, mistakes, summary, tail = [], [], [], [], []
    for learner, base in _learners(n_classes).items():
        model = fit_quietly(AdaBoost(weak_learner=base, n_rounds=n_rounds), X, data.y)
        y, yte = _codes(model, data.y), _codes(model, test.y)
        t0 = first_zero_round(model.history_)
        keep = [*rounds.tolist(), *([t0] if t0 != NEVER else [])]
        grid = log_rounds(n_rounds, curve_points, keep=keep)
        at = {int(t): k for k, t in enumerate(grid)}
        train_wrong, train_margins = _walk(model, X, y, grid)
        test_wrong, _ = _walk(model, Xte, yte, grid)
        curve.append(
            pd.DataFrame(
                {
                    "learner": learner,
                    "t": grid,
                    "train_error": train_wrong.mean(axis=1),
                    "test_error": test_wrong.mean(axis=1),
                }
            )
        )
        history = model.history_
        leaves = (
            history["n_leaves"].to_numpy(float)
            if "n_leaves" in history
            else np.full(len(history), 2.0)  # a stump: two leaves
        )
        for t in rounds:
            k = at[int(t)]
            margin = train_margins[k]
            margins.append(
                pd.DataFrame(
                    {
                        "learner": learner,
                        "t": int(t),
                        "point": np.arange(margin.size),
                        "margin": margin,
                    }
                )
            )
            tail.append(
                pd.DataFrame(
                    {
                        "learner": learner,
                        "t": int(t),
                        "q": [float(q) for q in quantiles],
                        "value": np.quantile(margin, list(quantiles)),
                    }
                )
            )
            summary.append(
                {
                    "learner": learner,
                    "t": int(t),
                    "test_error": float(test_wrong[k].mean()),
                    "train_error": float(train_wrong[k].mean()),
                    "fraction": float(np.mean(margin <= theta)),
                    "min_margin": float(margin.min()),
                    "theta": float(theta),
                    "T0": t0,
                    "rounds": int(model.n_rounds_),
                    "stop_reason": str(model.stop_reason_),
                    "n_rounds": int(n_rounds),
                    "n_classes": n_classes,
                    "n_train": int(y.size),
                    "n_test": int(yte.size),
                    "mean_leaves": float(leaves[: int(t)].mean())
                    if leaves.size
                    else 0.0,
                    "evidence_test_points": int(evidence_test_points),
                    "test_set": test_set,
                }
            )
        if learner == TREES:
            # T0 and T for the after-T0 row, the last two margin rounds for
            # the row between them.
            paired = {t0, int(rounds[-2]), int(rounds[-1]), n_rounds} - {NEVER}
            for t in sorted(paired):
                mistakes.append(
                    pd.DataFrame(
                        {
                            "learner": learner,
                            "t": t,
                            "point": np.arange(yte.size),
                            "wrong": test_wrong[at[t]].astype(int),
                        }
                    )
                )
    return (
        pd.concat(curve, ignore_index=True),
        pd.concat(margins, ignore_index=True),
        pd.concat(mistakes, ignore_index=True),
        pd.DataFrame(summary),
        pd.concat(tail, ignore_index=True),
    )
