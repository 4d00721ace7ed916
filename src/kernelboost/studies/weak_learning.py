"""Weak learners and what boosting builds from them: claims B8, B9 and B10.

* **B8** (Mohri, Boosting, "stumps not weak learners: think XOR example!"). Under the
  uniform distribution on the four XOR points (±1, ±1) with labels x1·x2,
  every stump h has weighted error ε = ½, so its edge γ = ½ − ε is 0 and
  AdaBoost with stumps cannot take a single step; depth-2 trees have edge ½
  and boosting them reaches training error 0 at once. The boosting game
  (Mohri, Boosting, 'AdaBoost and Game Theory') says the same of every
  distribution at once: over all distinct stumps the maximum L1 margin ρ* and
  twice the guaranteed edge 2γ* are 0, over depth-2 trees they are positive.
  :func:`xor_stumps_tables`.
* **B9** (UML notes, Boosting §I–II). Combinations of hyperplanes express
  regions no single hyperplane can: the intersection sign(h1 + h2 + h3 − 2.5) of three
  half-planes (a triangle) and the non-convex sign(h1 + 2h2 + 2h3) of three
  vertical lines on three clusters, where the third hyperplane alone does
  worse than random. The lecture's pictures are not in the text; the data
  are generated (:func:`~kernelboost.datasets.make_triangle`,
  :func:`~kernelboost.datasets.make_three_discs`) and AdaBoost is run over a
  finite family of lines
  (:func:`line_family`, :class:`~kernelboost.boosting.HypothesisMatrix`).
  :func:`nonconvex_tables`.
* **B10** (Mądry 2012, Theorem 1). With a γ-weak family, the unweighted majority
  of T = ⌈4/γ² ln(1/ν)⌉ rounds of multiplicative-weights boosting
  (:class:`~kernelboost.boosting.MajorityBoost`, ε = γ) misclassifies at most
  a fraction ν of the training points. :func:`mwu_tables`.
* **B18** (Mądry 2012, Theorem 2). The same run, read as multiplicative
  weights over the m experts (samples): after every round t, its loss
  l_MWU(1..t) is at most max_{i∈S} (Σ_s l_i^s + ε Σ_s |l_i^s|) + ρ ln(m/|S|)/ε
  for every non-empty set S of experts. :func:`mwu_theorem2_table`.

Every function is deterministic: the weak learners break ties by a fixed order
(see :mod:`kernelboost.boosting`).
"""

from __future__ import annotations

import math
import warnings
from functools import partial
from typing import Literal

import numpy as np
import pandas as pd

from .._validation import check_scalar
from ..boosting import (
    AdaBoost,
    HypothesisMatrix,
    MajorityBoost,
    NoEdgeWarning,
    Stumps,
    Trees,
    WeakLearner,
    weighted_error,
)
from ..bounds import mwu_rounds, mwu_subset_bound
from ..datasets import TRIANGLE, Dataset, edge_lines
from ..margins import (
    distinct_stumps,
    distinct_trees,
    game_value,
    margin_matrix,
    max_margin,
)
from ._grid import padded_grid, split_points

__all__ = [
    "EXACT_XOR_X",
    "EXACT_XOR_Y",
    "NONCONVEX_LINES",
    "combination_decision",
    "line_family",
    "line_predictions",
    "mwu_tables",
    "mwu_theorem2_table",
    "nonconvex_tables",
    "xor_game_table",
    "xor_stumps_tables",
]

# --- B8: stumps on XOR ----------------------------------------------------------------

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


def _fit_quietly(model: AdaBoost, X: np.ndarray, y: np.ndarray) -> AdaBoost:
    """Fit, recording a no-edge stop in ``stop_reason_`` instead of warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        return model.fit(X, y)


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
        (:func:`~kernelboost.margins.distinct_trees`); exact XOR has one per
        feature, so it does not bite there. Stumps use every threshold.

    Returns
    -------
    DataFrame
        ``learner, depth, n_hypotheses, rho_star, game_value, all_thresholds``:
        one row for ``stumps`` (:func:`~kernelboost.margins.distinct_stumps`)
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
        ("trees", depth, Trees(depth)),
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
        model = _fit_quietly(
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


# --- B9: combinations of hyperplanes -------------------------------------------------

#: Lines are rows (w1, w2, c); h(x) = +1 if w1 x1 + w2 x2 + c > 0 else −1.
_LINE_COLUMNS = ["w1", "w2", "c"]


def line_predictions(lines: pd.DataFrame | np.ndarray, X: np.ndarray) -> np.ndarray:
    """±1 predictions of every line at every point.

    Parameters
    ----------
    lines : DataFrame with columns ``w1, w2, c``, or ndarray of shape (L, 3)
        Line ℓ predicts h_ℓ(x) = +1 if w1 x1 + w2 x2 + c > 0, else −1 (a point
        on the line gets −1; w = 0 gives the constant sign(c)).
    X : ndarray of shape (m, 2)

    Returns
    -------
    ndarray of shape (m, L)
        H[i, ℓ] = h_ℓ(x_i) in {−1.0, +1.0}.
    """
    P = lines[_LINE_COLUMNS].to_numpy(float) if hasattr(lines, "columns") else lines
    P = np.asarray(P, dtype=np.float64).reshape(-1, 3)
    scores = np.asarray(X, dtype=np.float64) @ P[:, :2].T + P[:, 2]
    return np.where(scores > 0.0, 1.0, -1.0)


def combination_decision(
    lines: pd.DataFrame | np.ndarray,
    weights: np.ndarray,
    X: np.ndarray,
    bias: float = 0.0,
) -> np.ndarray:
    """f(x) = Σ_ℓ a_ℓ h_ℓ(x) + b at every row of X.

    Parameters
    ----------
    lines : DataFrame or ndarray of shape (L, 3)
        As in :func:`line_predictions`.
    weights : ndarray of shape (L,)
        The coefficients a_ℓ (e.g. AdaBoost's α_t, or (1, 2, 2)).
    X : ndarray of shape (m, 2)
    bias : float, default=0
        The constant b (−2.5 in sign(h1 + h2 + h3 − 2.5)).

    Returns
    -------
    ndarray of shape (m,)
        The classifier is sign(f), 0 mapping to +1.
    """
    return line_predictions(lines, X) @ np.asarray(weights, dtype=np.float64) + bias


def _sign(f: np.ndarray) -> np.ndarray:
    return np.where(f >= 0.0, 1.0, -1.0)


#: The non-convex example's three vertical lines x1 = a, ordered left to right,
#: as (w1, w2, c): h1 = +1 right of x1 = −3 (every point), h2 = +1 left of
#: x1 = −1, h3 = +1 right of x1 = 1 (the clusters of
#: :func:`~kernelboost.datasets.make_three_discs` lie between them).
NONCONVEX_LINES = np.array([[1.0, 0.0, 3.0], [-1.0, 0.0, -1.0], [1.0, 0.0, -1.0]])


def line_family(
    X: np.ndarray, given: np.ndarray, n_directions: int = 24
) -> pd.DataFrame:
    """A finite family of lines through the data, deduplicated on the data.

    In order: the ``given`` lines (named ``h1``, ``h2``, …), the two constant
    hypotheses (w = 0, c = ±1), then for each direction θ_k = kπ/n_directions
    (unit normal u = (cos θ_k, sin θ_k)) and each threshold b midway between
    consecutive distinct values of ⟨u, x_i⟩, the line ⟨u, x⟩ − b > 0 and its
    opposite orientation ⟨−u, x⟩ + b > 0. Of lines with the same predictions
    on X the first is kept, so the given lines always stay.

    Parameters
    ----------
    X : ndarray of shape (m, 2)
    given : ndarray of shape (k, 3)
        (w1, w2, c) of the lecture's hyperplanes.
    n_directions : int, default=24

    Returns
    -------
    DataFrame
        ``line, name, w1, w2, c``: ``line`` is the column index of the
        hypothesis matrix H = :func:`line_predictions` (lines, X); ``name``
        is ``h1``, ``h2``, … for the given lines, ``constant`` or ``family``.
    """
    n_dir = int(
        check_scalar(
            n_directions,
            "n_directions",
            "line_family",
            kind="int",
            low=1,
            closed="left",
        )
    )
    rows = [np.asarray(given, dtype=np.float64).reshape(-1, 3)]
    names = [f"h{k + 1}" for k in range(rows[0].shape[0])] + ["constant"] * 2
    rows.append(np.array([[0.0, 0.0, 1.0], [0.0, 0.0, -1.0]]))
    for k in range(n_dir):
        theta = math.pi * k / n_dir
        u = np.array([math.cos(theta), math.sin(theta)])
        z = np.unique(X @ u)
        b = 0.5 * (z[:-1] + z[1:])
        both = np.empty((2 * b.size, 3))
        both[0::2] = np.column_stack([np.full_like(b, u[0]), np.full_like(b, u[1]), -b])
        both[1::2] = -both[0::2]
        rows.append(both)
        names += ["family"] * both.shape[0]
    P = np.vstack(rows)
    H = line_predictions(P, X)
    _, first = np.unique(H.T > 0, axis=0, return_index=True)
    keep = np.sort(first)
    return pd.DataFrame(
        {
            "line": np.arange(keep.size),
            "name": np.asarray(names)[keep],
            "w1": P[keep, 0],
            "w2": P[keep, 1],
            "c": P[keep, 2],
        }
    )


def _error_row(
    example: str, model: str, formula: str, k: int, err: float, m: int
) -> dict[str, object]:
    """One row of B9's ``errors`` table."""
    return {
        "example": example,
        "model": model,
        "formula": formula,
        "n_hypotheses": int(k),
        "train_error": float(err),
        "n_points": int(m),
    }


#: The lecture's combinations: example → (weights of h1, h2, h3, bias, formula).
_GIVEN = {
    "convex": ((1.0, 1.0, 1.0), -2.5, "sign(h1 + h2 + h3 - 2.5)"),
    "nonconvex": ((1.0, 2.0, 2.0), 0.0, "sign(h1 + 2h2 + 2h3)"),
}


def _inside_outside(data: Dataset) -> np.ndarray:
    """Group of each point of :func:`~kernelboost.datasets.make_triangle`'s
    data: ``inside`` for a positive, ``outside`` for a negative (by the label
    as generated, before any flip of label noise)."""
    y = data.y if data.flipped is None else np.where(data.flipped, -data.y, data.y)
    return np.where(y > 0, "inside", "outside")


def _left_middle_right(data: Dataset) -> np.ndarray:
    """Cluster of each point of :func:`~kernelboost.datasets.make_three_discs`'
    data, from x1: ``left`` if x1 < −1, ``middle`` if −1 ≤ x1 ≤ 1, ``right`` if
    x1 > 1 (the discs around x1 = −2, 0, 2 have radius < 1)."""
    x1 = data.X[:, 0]
    return np.where(x1 < -1.0, "left", np.where(x1 > 1.0, "right", "middle"))


def _check_plane(data: Dataset, argument: str) -> None:
    if data.task != "classification" or data.X.shape[1] != 2:
        raise ValueError(
            f"nonconvex_tables: {argument!r} must be classification data with "
            f"2 features; got {data.task} data with {data.X.shape[1]}."
        )


def nonconvex_tables(
    convex: Dataset,
    nonconvex: Dataset,
    n_rounds: int,
    grid_points: int = 100,
    n_directions: int = 24,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """B9: the lecture's combinations of hyperplanes and AdaBoost's, on two shapes.

    Two generated examples (UML notes, Boosting §I; the lecture's pictures are missing):

    * ``"convex"`` — data of :func:`~kernelboost.datasets.make_triangle`
      (n positives in :data:`~kernelboost.datasets.TRIANGLE` and 2n negatives
      around it); h1, h2, h3 are the triangle's edges
      (:func:`~kernelboost.datasets.edge_lines`) and the combination is
      sign(h1 + h2 + h3 − 2.5);
    * ``"nonconvex"`` — data of :func:`~kernelboost.datasets.make_three_discs`
      (clusters of 3n, n, n points labelled +1, −1, +1, left to right); h1,
      h2, h3 are the vertical lines of :data:`NONCONVEX_LINES` and the
      combination is sign(h1 + 2h2 + 2h3).

    On each, AdaBoost runs ``n_rounds`` rounds over the finite family of
    :func:`line_family` (which contains h1, h2, h3) as a
    :class:`~kernelboost.boosting.HypothesisMatrix`; its combination
    f_T = Σ_t α_t h_t is evaluated on a grid from the chosen lines'
    parameters.

    Parameters
    ----------
    convex : Dataset
        The triangle (:func:`~kernelboost.datasets.make_triangle`).
    nonconvex : Dataset
        The three clusters (:func:`~kernelboost.datasets.make_three_discs`).
    n_rounds : int
        T for AdaBoost.
    grid_points : int, default=100
    n_directions : int, default=24
        Directions of the line family.

    Returns
    -------
    errors : DataFrame
        ``example, model, formula, n_hypotheses, train_error, n_points``;
        ``model`` is ``h1``, ``h2``, ``h3`` (one hyperplane alone),
        ``given`` (the lecture's combination), ``best_line`` (the single line
        of the family with the smallest training error) and ``adaboost``
        (sign(f_T) after the last round).
    history : DataFrame
        ``example, t, eps, gamma, alpha, train_error, min_margin, line, name``
        per AdaBoost round: ε_t, γ_t = ½ − ε_t, α_t = ½ ln((1 − ε_t)/ε_t),
        training error of sign(f_t), L1 margin, and the chosen line (its
        index and name in ``lines``).
    regions : DataFrame
        ``example, model, x1, x2, prediction`` for ``model`` ``given`` and
        ``adaboost``.
    points : DataFrame
        ``example, x1, x2, label, group`` with ``group`` ``inside`` /
        ``outside`` (convex: the generated label) or ``left`` / ``middle`` /
        ``right`` (non-convex: x1 < −1, −1 ≤ x1 ≤ 1, x1 > 1).
    lines : DataFrame
        ``example, line, name, w1, w2, c, train_error``: the whole family,
        h(x) = +1 if w1 x1 + w2 x2 + c > 0 else −1, with each line's own
        training error.
    """
    _check_plane(convex, "convex")
    _check_plane(nonconvex, "nonconvex")
    examples = {
        "convex": (convex, edge_lines(TRIANGLE), _inside_outside(convex)),
        "nonconvex": (nonconvex, NONCONVEX_LINES.copy(), _left_middle_right(nonconvex)),
    }
    errors, histories, regions, points, families = [], [], [], [], []
    for example, (data, given, group) in examples.items():
        X, y = data.X, data.y
        m = y.shape[0]
        family = line_family(X, given, n_directions)
        H = line_predictions(family, X)
        line_errors = np.mean(y[:, None] != H, axis=0)
        family.insert(0, "example", example)
        family["train_error"] = line_errors
        families.append(family)

        weights, bias, formula = _GIVEN[example]
        grid = padded_grid(X, grid_points)

        _row = partial(_error_row, example, m=m)

        for k in range(3):
            errors.append(_row(f"h{k + 1}", f"h{k + 1}", 1, line_errors[k]))
        given_f = combination_decision(given, np.asarray(weights), X, bias)
        errors.append(_row("given", formula, 3, np.mean(_sign(given_f) != y)))
        best = int(np.argmin(line_errors))
        errors.append(
            _row("best_line", f"line {best} of {H.shape[1]}", 1, line_errors[best])
        )

        model = _fit_quietly(
            AdaBoost(weak_learner=HypothesisMatrix(H), n_rounds=n_rounds),
            np.arange(m, dtype=np.float64)[:, None],
            y,
        )
        hist = model.history_[
            ["t", "eps", "gamma", "alpha", "train_error", "min_margin", "column"]
        ].rename(columns={"column": "line"})
        hist["name"] = family["name"].to_numpy()[hist["line"].to_numpy(int)]
        hist.insert(0, "example", example)
        histories.append(hist)
        chosen = family.iloc[hist["line"].to_numpy(int)]
        f_train = combination_decision(chosen, model.alphas_, X)
        errors.append(
            _row(
                "adaboost",
                f"sign(sum of {model.n_rounds_} alpha_t h_t)",
                model.n_rounds_,
                np.mean(_sign(f_train) != y),
            )
        )
        f_grid = {
            "given": combination_decision(given, np.asarray(weights), grid, bias),
            "adaboost": combination_decision(chosen, model.alphas_, grid),
        }
        for name, f in f_grid.items():
            regions.append(
                pd.DataFrame(
                    {
                        "example": example,
                        "model": name,
                        "x1": grid[:, 0],
                        "x2": grid[:, 1],
                        "prediction": _sign(f).astype(int),
                    }
                )
            )
        points.append(
            pd.DataFrame(
                {
                    "example": example,
                    "x1": X[:, 0],
                    "x2": X[:, 1],
                    "label": y.astype(int),
                    "group": group,
                }
            )
        )
    return (
        pd.DataFrame(errors),
        pd.concat(histories, ignore_index=True),
        pd.concat(regions, ignore_index=True),
        pd.concat(points, ignore_index=True),
        pd.concat(families, ignore_index=True),
    )


# --- B10: boosting by multiplicative weights ------------------------------------------


def mwu_tables(
    data: Dataset,
    gamma: float,
    nu: float,
    weak_learner: Literal["stumps", "trees"] = "stumps",
    depth: int = 2,
    grid_points: int = 100,
    name: str = "dataset",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """B10, B18: Mądry 2012's Theorems 1 and 2, run as
    :class:`~kernelboost.boosting.MajorityBoost`.

    Multiplicative weights over the m training examples with ε = γ: round t
    draws p^t ∝ v, takes the weak learner's h^t of smallest weighted error
    under p^t, and multiplies v_j by (1 − ε) for every example h^t gets
    right. After T = ⌈4/γ² ln(1/ν)⌉ rounds the classifier is the unweighted
    majority h_f = maj(h^1, …, h^T). If every h^t has edge
    Pr_{p^t}[h^t(x) = y] − ½ ≥ γ (the family is γ-weak on this sample), h_f
    is ν-strong: it misclassifies at most a fraction ν of the training
    points.

    Parameters
    ----------
    data : Dataset
        Training set. For stumps, ``three_clusters`` is γ-weak with
        γ ≥ 1/6: under any weights (a, b, c) on the left, middle and right
        clusters, one of the constant +1 and the two vertical stumps between
        clusters errs only on the cluster of weight min(a, b, c) ≤ ⅓.
    gamma : float in (0, ½)
        The assumed edge γ, also the MWU rate ε.
    nu : float in (0, 1)
        The target fraction ν.
    weak_learner : {"stumps", "trees"}, default="stumps"
    depth : int, default=2
        Depth of the trees (ignored for stumps).
    grid_points : int, default=100
        Side of the region grid (2-D data only).
    name : str, default="dataset"
        The dataset's name, recorded in ``summary``.

    Returns
    -------
    history : DataFrame
        ``t, eps, edge, min_edge, majority_error``: the weighted error of h^t
        under p^t, its edge ½ − eps, the smallest edge so far, and the
        fraction of training points the majority of h^1, …, h^t
        misclassifies.
    summary : DataFrame
        One row: ``dataset, weak_learner, depth, n_samples, gamma, nu, T, T_exact,
        min_edge, weak_learning_held, train_error`` with T = ⌈T_exact⌉,
        T_exact = 4/γ² ln(1/ν), ``min_edge`` = min_t edge (the γ the family
        delivered), ``weak_learning_held`` = (min_edge ≥ γ − 1e-12) and
        ``train_error`` the fraction misclassified by h_f.
    regions : DataFrame
        ``x1, x2, prediction`` of h_f on a grid (no rows unless 2-D data).
    points : DataFrame
        ``x1, x2, label, train`` (no rows unless 2-D data).
    theorem2 : DataFrame
        B18's per-round table, :func:`mwu_theorem2_table` with ε = γ, ρ = 1.
    """
    if weak_learner == "stumps":
        learner: WeakLearner = Stumps()
        depth = 1
    elif weak_learner == "trees":
        learner = Trees(depth)
    else:
        raise ValueError(
            f"The 'weak_learner' parameter of mwu_tables must be 'stumps' or "
            f"'trees'. Got {weak_learner!r} instead."
        )
    model = MajorityBoost(gamma=gamma, nu=nu, weak_learner=learner).fit(data.X, data.y)
    history = model.history_[["t", "eps", "edge", "majority_error"]].copy()
    history.insert(3, "min_edge", history["edge"].cummin())
    summary = pd.DataFrame(
        [
            {
                "dataset": name,
                "weak_learner": weak_learner,
                "depth": int(depth),
                "n_samples": data.n_samples,
                "gamma": float(gamma),
                "nu": float(nu),
                "T": mwu_rounds(gamma, nu),
                "T_exact": 4.0 / gamma**2 * math.log(1.0 / nu),
                "min_edge": model.min_edge_,
                "weak_learning_held": bool(model.weak_learning_held_),
                "train_error": model.train_error_,
            }
        ]
    )
    if data.X.shape[1] == 2:
        grid = padded_grid(data.X, grid_points)
        regions = pd.DataFrame(
            {
                "x1": grid[:, 0],
                "x2": grid[:, 1],
                "prediction": model.predict(grid).astype(int),
            }
        )
        points = split_points(data, np.arange(data.n_samples))
    else:
        regions = pd.DataFrame(columns=["x1", "x2", "prediction"])
        points = pd.DataFrame(columns=["x1", "x2", "label", "train"])
    theorem2 = mwu_theorem2_table(model, data.X, data.y, epsilon=gamma)
    return history, summary, regions, points, theorem2


def mwu_theorem2_table(
    model: MajorityBoost, X: np.ndarray, y: np.ndarray, *, epsilon: float
) -> pd.DataFrame:
    """B18: Theorem 2 of Mądry 2012 after every round of a fitted run.

    The experts are the m training examples and expert j's loss in round t is
    l_j^t = 1 if h^t(x_j) = y_j, else 0 (ρ = 1). The loss of the algorithm is
    read from the run itself: l_MWU^t = Σ_j p_j^t l_j^t = 1 − ε_t, with ε_t
    the weighted error of h^t under the weights p^t that ``model`` actually
    used (its ``history_["eps"]``); nothing here recomputes p^t. The
    theorem is about the update w_j ← w_j (1 − ε l_j^t/ρ); for losses in
    {0, 1} and ρ = 1 this is MajorityBoost's w_j ← w_j (1 − ε)^{l_j^t}.

    After every round t the bound
    max_{i∈S} (Σ_{s≤t} l_i^s + ε Σ_{s≤t} |l_i^s|) + ln(m/|S|)/ε
    (:func:`~kernelboost.bounds.mwu_subset_bound`) is computed for three
    choices of S:

    * ``bar``: S̄_t, the examples the majority of h^1, …, h^t misclassifies
      (the set of the proof of Theorem 1; a vote tie counts as +1, as in
      :meth:`~kernelboost.boosting.MajorityBoost.predict`); NaN in the rounds
      where the majority makes no mistake;
    * ``single``: each single expert {i}; the bound for every singleton holds
      iff it holds for the smallest, (1 + ε) min_i Σ_s l_i^s + ln m / ε;
    * ``all``: every expert, (1 + ε) max_i Σ_s l_i^s.

    Parameters
    ----------
    model : MajorityBoost
        Fitted on (X, y).
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        The training labels, in {−1, +1}.
    epsilon : float in (0, ½]
        The update's ε (MajorityBoost's γ).

    Returns
    -------
    DataFrame
        ``t, l_mwu, lower, bound_bar, size_bar, bound_single, bound_all``:
        l_MWU(1..t), the lower bound t(½ + min_{s≤t} edge_s) the proof of
        Theorem 1 uses, and the three bounds with |S̄_t|.
    """
    eps = model.history_["eps"].to_numpy()
    T, m = len(eps), len(y)
    pred = np.array([h.predict(X) for h in model.learners_]).reshape(T, m)
    losses = (pred == y[None, :]).astype(np.float64)  # l_j^t, shape (T, m)
    votes = np.cumsum(pred, axis=0)
    wrong = np.where(votes >= 0, 1.0, -1.0) != y[None, :]  # S̄_t per round
    size_bar = wrong.sum(axis=1)
    bar = np.full(T, np.nan)
    some = size_bar > 0
    if some.any():  # rounds without a mistake get S = all, then NaN
        subsets = np.where(some[:, None], wrong, True)
        bar[some] = mwu_subset_bound(losses, subsets, epsilon)[some]
    single = np.min(
        [mwu_subset_bound(losses, np.arange(m) == i, epsilon) for i in range(m)],
        axis=0,
    )
    every = mwu_subset_bound(losses, np.ones(m, dtype=bool), epsilon)
    t = np.arange(1, T + 1)
    return pd.DataFrame(
        {
            "t": t,
            "l_mwu": np.cumsum(1.0 - eps),
            "lower": t * (0.5 + np.minimum.accumulate(0.5 - eps)),
            "bound_bar": bar,
            "size_bar": size_bar.astype(int),
            "bound_single": single,
            "bound_all": every,
        }
    )
