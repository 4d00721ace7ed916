"""Claim B5 at the scale of Schapire, Freund, Bartlett and Lee (1998), Fig. 1:
AdaBoost with depth-bounded entropy trees (and stumps beside them) on one
generator's training points, its errors against the number of rounds T on an
independent test set of the same generator, and the cumulative distribution of
its training margins at a few rounds.

For each base learner one run of ``n_rounds`` rounds gives, at the rounds of a
geometric grid (the margin rounds and T₀ included), the training and test error
of sign(f_t), f_t = Σ_{s≤t} α_s h_s (f = 0 predicts +1); at each margin round
the L1 margins y_i f_t(x_i)/‖(α_1, …, α_t)‖₁ of the training points; and, for
the trees, which test points the vote gets wrong at T₀, the first round whose
training error is 0, and at T = ``n_rounds`` (B5's paired test-error
difference). A run that stops early because a base hypothesis makes no training
mistake (ε_t = 0, ``stop_reason`` "perfect") keeps its final vote for the later
rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps, Trees, WeakLearner
from .._shared.boosting import fit_quietly, log_rounds, staged_votes

#: The learner whose rows are B5's evidence; the stumps are drawn beside it.
TREES = "trees"
STUMPS = "stumps"

#: ``T0`` in ``summary`` when the training error is not 0 in any round.
NEVER = -1


def _learners(depth: int) -> dict[str, WeakLearner]:
    return {TREES: Trees(depth, criterion="entropy"), STUMPS: Stumps()}


def first_zero_round(history: pd.DataFrame) -> int:
    """T₀: the first round whose training error is 0, or :data:`NEVER`."""
    zero = history.loc[history["train_error"] == 0, "t"]
    return int(zero.iloc[0]) if len(zero) else NEVER


def _wrong(f: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Which points sign f gets wrong (f = 0 predicts +1), row by row."""
    return (f >= 0.0) != (y > 0)


def _l1_norms(model: AdaBoost, rounds: np.ndarray) -> np.ndarray:
    """‖(α_1, …, α_t)‖₁ at each round t (the final norm past the rounds kept;
    1 where no round was kept, so that f = 0 gives margins 0)."""
    sums = np.cumsum(model.alphas_)
    if sums.size == 0:
        return np.ones(rounds.size)
    return sums[np.minimum(rounds, sums.size) - 1]


def boosting_the_margin_tables(
    data: Dataset,
    test: Dataset,
    *,
    depth: int,
    n_rounds: int,
    margin_rounds: Sequence[int],
    theta: float,
    curve_points: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """AdaBoost with ``Trees(depth, criterion="entropy")`` and with stumps.

    Parameters
    ----------
    data : Dataset
        The training points.
    test : Dataset
        Independent test points of the same generator.
    depth : int
        Depth bound of the trees.
    n_rounds : int
        T, the rounds of each run (fewer are kept if a run stops early).
    margin_rounds : sequence of int, each in 1 … n_rounds
        Rounds at which the training margins are recorded.
    theta : float
        The margin level of ``fraction`` in ``summary``.
    curve_points : int
        About this many rounds, spaced geometrically, at which the errors are
        kept (:func:`~.._shared.boosting.log_rounds`).

    Returns
    -------
    curve : DataFrame
        ``learner, t, train_error, test_error`` on the grid of rounds, which
        holds ``n_rounds``, the margin rounds and that learner's T₀.
    margins : DataFrame
        ``learner, t, point, margin``: the L1 margins y_i f_t(x_i)/‖α_{1..t}‖₁
        of the training points (``point`` their index) at each margin round.
    mistakes : DataFrame
        ``learner, t, point, wrong``: for the trees, whether sign f_t gets test
        point ``point`` wrong (1) or not (0), at T₀ (if the training error
        reaches 0) and at ``n_rounds``.
    summary : DataFrame
        One row per learner and margin round ``t``: ``test_error,
        train_error, fraction`` (of training margins ≤ ``theta``),
        ``min_margin``, and the run's ``theta, T0`` (:data:`NEVER`, −1, if the
        training error is never 0), ``rounds`` (kept), ``stop_reason,
        n_rounds, depth`` (1 for stumps), ``n_train, n_test``.
    """
    rounds = np.array(sorted({int(t) for t in margin_rounds}), dtype=int)
    if rounds.size == 0 or rounds[0] < 1 or rounds[-1] > n_rounds:
        raise ValueError(
            f"margin_rounds must lie in 1 … n_rounds = {n_rounds}; got "
            f"{list(margin_rounds)}."
        )
    X, y, Xte, yte = data.X, data.y, test.X, test.y
    curve, margins, mistakes, summary = [], [], [], []
    for learner, base in _learners(depth).items():
        model = fit_quietly(AdaBoost(weak_learner=base, n_rounds=n_rounds), X, y)
        t0 = first_zero_round(model.history_)
        keep = [*rounds.tolist(), *([t0] if t0 != NEVER else [])]
        grid = log_rounds(n_rounds, curve_points, keep=keep)
        at = {int(t): k for k, t in enumerate(grid)}
        f_train = staged_votes(model, X, grid)
        f_test = staged_votes(model, Xte, grid)
        train_wrong, test_wrong = _wrong(f_train, y), _wrong(f_test, yte)
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
        norms = _l1_norms(model, rounds)
        for t, norm in zip(rounds, norms, strict=True):
            k = at[int(t)]
            margin = y * f_train[k] / norm
            margins.append(
                pd.DataFrame(
                    {
                        "learner": learner,
                        "t": int(t),
                        "point": np.arange(y.size),
                        "margin": margin,
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
                    "depth": int(depth) if learner == TREES else 1,
                    "n_train": int(y.size),
                    "n_test": int(yte.size),
                }
            )
        if learner == TREES:
            for t in sorted({t0, n_rounds} - {NEVER}):
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
    )
