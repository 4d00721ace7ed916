"""B8 (Mohri, Boosting, "stumps not weak learners: think XOR example!").

Under the uniform distribution on the four XOR points (±1, ±1) with labels
x1·x2, every stump h has weighted error ε = ½, so its edge γ = ½ − ε is 0 and
AdaBoost with stumps cannot take a single step; depth-2 trees have edge ½ and
boosting them reaches training error 0 at once. The boosting game (Mohri,
Boosting, 'AdaBoost and Game Theory') says the same of every distribution at
once: over all distinct stumps the maximum L1 margin ρ* and twice the
guaranteed edge 2γ* are 0, over depth-2 trees they are positive.
:func:`xor_stumps_tables`. Deterministic: the weak learners break ties by a
fixed order.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ...core.contract.validation import check_scalar
from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import (
    Stumps,
    Trees,
    WeakLearner,
    weighted_error,
)
from ...theory.margins import (
    distinct_stumps,
    distinct_trees,
    game_value,
    margin_matrix,
    max_margin,
)
from .._shared.boosting import fit_quietly
from .._shared.grid import padded_grid, split_points

#: The exact XOR instance of Mohri, Boosting: the four corners (±1, ±1) ...
EXACT_XOR_X = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])


#: ... labelled y = x1·x2.
EXACT_XOR_Y = EXACT_XOR_X[:, 0] * EXACT_XOR_X[:, 1]


def _best_edge(
    learner: WeakLearner, X: np.ndarray, y: np.ndarray
) -> tuple[float, float]:
    """(ε, γ) of the learner's best hypothesis under the uniform distribution."""
    uniform = np.full(y.shape[0], 1.0 / y.shape[0])
    h = learner.fit(X, y, uniform)
    eps = weighted_error(h.predict(X), y, uniform)
    return eps, 0.5 - eps


def _error_of_nothing(y: np.ndarray) -> float:
    """Training error of f ≡ 0 (every point predicted +1): the round-0 error."""
    return float(np.mean(y < 0))


def _first_zero_round(history: pd.DataFrame) -> float:
    """Smallest t with training error 0 (NaN if never reached)."""
    zero = history.loc[history["train_error"] <= 0.0, "t"]
    return float(zero.iloc[0]) if len(zero) else math.nan


def _game_row(learner: str, depth: int, H: np.ndarray, y: np.ndarray) -> dict:
    """ρ* (max-margin LP) and 2γ* (game value, its dual) over the columns of H."""
    M = margin_matrix(H, y)
    rho_star, _ = max_margin(M)
    value, _ = game_value(M)
    return {
        "learner": learner,
        "depth": depth,
        "n_hypotheses": int(M.shape[1]),
        "rho_star": rho_star,
        "game_value": value,
    }


def xor_game_table(
    X: np.ndarray, y: np.ndarray, max_thresholds: int | None = 8
) -> pd.DataFrame:
    """The boosting game on XOR over all distinct stumps and depth-2 trees.

    Parameters
    ----------
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        Labels in {−1, +1}.
    max_thresholds : int or None, default=8
        The depth-2 trees use at most this many thresholds per feature
        (:func:`~marginlab.theory.margins.distinct_trees`); exact XOR has one per
        feature, so it does not bite there. Stumps use every threshold.

    Returns
    -------
    DataFrame
        ``learner, depth, n_hypotheses, rho_star, game_value, all_thresholds``:
        one row for ``stumps`` (:func:`~marginlab.theory.margins.distinct_stumps`)
        and one for ``trees`` (depth 2); ``rho_star`` is the maximum L1
        margin max_{α ∈ Δ} min_i (Mα)_i and ``game_value`` is
        min_{d ∈ Δ} max_j (dᵀM)_j = 2γ*, the best edge the class guarantees
        under every distribution (doubled); ``all_thresholds`` says whether
        the class uses every threshold of every feature.
    """
    # A feature with v distinct values has v − 1 thresholds.
    n_thresholds = max(np.unique(X[:, j]).size - 1 for j in range(X.shape[1]))
    complete = max_thresholds is None or n_thresholds <= max_thresholds
    rows = [
        _game_row("stumps", 1, distinct_stumps(X), y) | {"all_thresholds": True},
        _game_row("trees", 2, distinct_trees(X, max_thresholds=max_thresholds), y)
        | {"all_thresholds": bool(complete)},
    ]
    return pd.DataFrame(rows)


def xor_stumps_tables(
    data: Dataset,
    n_rounds: int,
    depth: int = 2,
    grid_points: int = 100,
    name: str = "xor",
    max_thresholds: int = 8,
) -> tuple[
    pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame
]:
    """B8: stumps have no edge on XOR; depth-``depth`` trees do.

    Parameters
    ----------
    data : Dataset
        Two-feature XOR data (e.g. ``make_xor(noise=0)``: the corners
        (±1, ±1) repeated, labels x1·x2).
    n_rounds : int
        T, the largest number of AdaBoost rounds for each weak learner.
    depth : int, default=2
        Depth of the trees compared with stumps.
    grid_points : int, default=100
        Side of the square grid on which the decision regions are evaluated.
    name : str, default="xor"
        The dataset's name, recorded in ``runs``.
    max_thresholds : int, default=8
        Thresholds per feature of the depth-2 trees of the game
        (:func:`xor_game_table`).

    Returns
    -------
    edges : DataFrame
        ``setting, learner, depth, m, eps, edge``: the weighted error
        ε = Σ_i D(i) 1[h(x_i) ≠ y_i] of the best hypothesis under the uniform
        D and its edge γ = ½ − ε, for ``setting`` ``"exact_xor"`` (the four
        points (±1, ±1)) and ``"dataset"`` (``data``), ``learner``
        ``"stumps"`` (depth 1) and ``"trees"``.
    history : DataFrame
        ``learner, depth, t, eps, gamma, alpha, train_error, min_margin``: one
        row per AdaBoost round (ε_t, γ_t, α_t, the training error of
        sign(f_t) and the L1 margin min_i y_i f_t(x_i)/‖α‖₁), preceded by a
        row t = 0 for f ≡ 0 (every point predicted +1; the other columns NaN).
    runs : DataFrame
        ``dataset, m, learner, depth, n_rounds, rounds_kept, stop_reason, train_error,
        first_zero_round``: one row per learner; ``stop_reason`` is
        ``"n_rounds"``, ``"perfect"`` (ε_t = 0) or ``"no_edge"`` (ε_t ≥ ½);
        ``first_zero_round`` is the first t with training error 0 (NaN if
        never).
    regions : DataFrame
        ``learner, x1, x2, prediction`` of sign(f_T) on the grid.
    points : DataFrame
        ``x1, x2, label, train`` (all points are training points).
    game : DataFrame
        The boosting game on ``data`` over all distinct stumps and depth-2
        trees (:func:`xor_game_table`).

    Notes
    -----
    With stumps on exact XOR the first round already has ε_1 = ½: AdaBoost
    keeps no round (``stop_reason = "no_edge"``) and predicts +1 everywhere,
    training error ½.
    """
    depth = int(
        check_scalar(
            depth, "depth", "xor_stumps_tables", kind="int", low=1, closed="left"
        )
    )
    learners: list[tuple[str, int, WeakLearner]] = [
        ("stumps", 1, Stumps()),
        ("trees", depth, Trees(depth=depth)),
    ]
    edge_rows = []
    for setting, X, y in (
        ("exact_xor", EXACT_XOR_X, EXACT_XOR_Y),
        ("dataset", data.X, data.y),
    ):
        for learner_name, d, learner in learners:
            eps, gamma = _best_edge(learner, X, y)
            edge_rows.append(
                {
                    "setting": setting,
                    "learner": learner_name,
                    "depth": d,
                    "m": int(y.shape[0]),
                    "eps": eps,
                    "edge": gamma,
                }
            )

    grid = padded_grid(data.X, grid_points)
    histories, runs, regions = [], [], []
    for learner_name, d, learner in learners:
        model = fit_quietly(
            AdaBoost(weak_learner=learner, n_rounds=n_rounds), data.X, data.y
        )
        h = model.history_[
            ["t", "eps", "gamma", "alpha", "train_error", "min_margin"]
        ].astype(float)
        start = pd.DataFrame(
            {"t": [0.0], "train_error": [_error_of_nothing(data.y)]}
        ).reindex(columns=h.columns)
        h = pd.concat([start, h], ignore_index=True) if len(h) else start
        h["t"] = h["t"].astype(int)
        h.insert(0, "depth", d)
        h.insert(0, "learner", learner_name)
        histories.append(h)
        runs.append(
            {
                "dataset": name,
                "m": data.n_samples,
                "learner": learner_name,
                "depth": d,
                "n_rounds": int(n_rounds),
                "rounds_kept": model.n_rounds_,
                "stop_reason": str(model.stop_reason_),
                "train_error": float(h["train_error"].iloc[-1]),
                "first_zero_round": _first_zero_round(h),
            }
        )
        regions.append(
            pd.DataFrame(
                {
                    "learner": learner_name,
                    "x1": grid[:, 0],
                    "x2": grid[:, 1],
                    "prediction": model.predict(grid).astype(int),
                }
            )
        )
    points = split_points(data, np.arange(data.n_samples))
    return (
        pd.DataFrame(edge_rows),
        pd.concat(histories, ignore_index=True),
        pd.DataFrame(runs),
        pd.concat(regions, ignore_index=True),
        points,
        xor_game_table(data.X, data.y, max_thresholds),
    )
