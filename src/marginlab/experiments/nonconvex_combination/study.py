"""B9 (UML notes, Boosting §I–II): combinations of hyperplanes express regions
no single hyperplane can.

The intersection sign(h1 + h2 + h3 − 2.5) of three half-planes (a triangle)
and the non-convex sign(h1 + 2h2 + 2h3) of three vertical lines on three
clusters, where the third hyperplane alone does worse than random. The
lecture's pictures are not in the text; the data are generated (the
``triangle`` and ``three_discs`` generators of :mod:`marginlab.core.datasets`) and
AdaBoost is run over a finite family of lines (:func:`line_family`,
:class:`~marginlab.HypothesisMatrix`). :func:`nonconvex_tables`.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np
import pandas as pd

from ...core.contract.validation import check_scalar
from ...core.datasets import TRIANGLE, Dataset, edge_lines
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import (
    HypothesisMatrix,
)
from .._shared.boosting import fit_quietly
from .._shared.grid import padded_grid

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
#: :func:`~marginlab.core.datasets.make_three_discs` lie between them).
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
    """Group of each point of :func:`~marginlab.core.datasets.make_triangle`'s
    data: ``inside`` for a positive, ``outside`` for a negative (by the label
    as generated, before any flip of label noise)."""
    y = data.y if data.flipped is None else np.where(data.flipped, -data.y, data.y)
    return np.where(y > 0, "inside", "outside")


def _left_middle_right(data: Dataset) -> np.ndarray:
    """Cluster of each point of :func:`~marginlab.core.datasets.make_three_discs`'
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

    * ``"convex"`` — data of :func:`~marginlab.core.datasets.make_triangle`
      (n positives in :data:`~marginlab.core.datasets.TRIANGLE` and 2n negatives
      around it); h1, h2, h3 are the triangle's edges
      (:func:`~marginlab.core.datasets.edge_lines`) and the combination is
      sign(h1 + h2 + h3 − 2.5);
    * ``"nonconvex"`` — data of :func:`~marginlab.core.datasets.make_three_discs`
      (clusters of 3n, n, n points labelled +1, −1, +1, left to right); h1,
      h2, h3 are the vertical lines of :data:`NONCONVEX_LINES` and the
      combination is sign(h1 + 2h2 + 2h3).

    On each, AdaBoost runs ``n_rounds`` rounds over the finite family of
    :func:`line_family` (which contains h1, h2, h3) as a
    :class:`~marginlab.HypothesisMatrix`; its combination
    f_T = Σ_t α_t h_t is evaluated on a grid from the chosen lines'
    parameters.

    Parameters
    ----------
    convex : Dataset
        The triangle (:func:`~marginlab.core.datasets.make_triangle`).
    nonconvex : Dataset
        The three clusters (:func:`~marginlab.core.datasets.make_three_discs`).
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

        model = fit_quietly(
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
