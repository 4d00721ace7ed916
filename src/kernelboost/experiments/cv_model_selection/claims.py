"""Claim rows of E3 and K16, from the cv_model_selection experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import rate_difference
from .._shared.rows import ClaimRow, format_c, is_true

#: E3: the CV choice's test error may exceed the grid's best by this much.
E3_SLACK = 0.02


def e3_cv_selection(grid: pd.DataFrame, summary: pd.DataFrame) -> list[ClaimRow]:
    """E3: (σ, C) chosen by K-fold CV test nearly as well as the grid's best.

    One empirical row per row of ``summary`` (per dataset): the test error
    of the CV choice minus the smallest test error on the (σ, C) grid,
    ``<= 0.02`` (within 2 points).

    Parameters
    ----------
    grid, summary : DataFrame
        From :func:`.study.cv_selection_tables`.
    """
    out = []
    for _, s in summary.iterrows():
        part = grid[grid["dataset"] == s["dataset"]]
        scaled = ", z-scored" if is_true(s["standardized"]) else ""
        out.append(
            ClaimRow(
                title="(sigma, C) chosen by cross-validation tests within 2 points "
                "of the best on the grid",
                source="Shewchuk, Lecture 14, 'The Gaussian Kernel'",
                dataset=f"{s['dataset']}: {int(s['n_train'])} training / "
                f"{int(s['n_test'])} test points{scaled}, split seed "
                f"{int(s['split_seed'])}, {int(s['folds'])}-fold CV seed "
                f"{int(s['cv_seed'])}, {len(part)} (sigma, C) pairs",
                quantity=f"test error at the CV choice sigma = "
                f"{format_c(s['chosen_sigma'])}, C = {format_c(s['chosen_C'])} "
                f"({float(s['chosen_test_error']):.4g}) minus the best on the grid "
                f"({float(s['best_test_error']):.4g} at sigma = "
                f"{format_c(s['best_sigma'])}, C = {format_c(s['best_C'])})",
                measured=float(s["chosen_test_error"]) - float(s["best_test_error"]),
                bound=E3_SLACK,
                relation="<=",
                kind="empirical",
            )
        )
    return out


def k16_c_fit(grid: pd.DataFrame, summary: pd.DataFrame) -> list[ClaimRow]:
    """K16: a small C underfits, a large C overfits (Huang 2017, 'Polynomial
    Kernels': "smaller C ⇒ wide margin (underfitting), larger C ⇒ narrow margin
    (overfitting)").

    At the Gaussian width σ* that cross-validation chose (E3's grid), with C*
    the C it chose: the test error at the smallest C of the grid minus at C*
    (``> 0``: underfitting) and at the largest C minus at C* (``> 0``:
    overfitting), both empirical, each with Newcombe's 95 % interval of a
    difference of two error rates on the n_test test points (conservative
    for the same points). C* is chosen without the test points, so either row
    can fail; when C* is itself the smallest or largest C the difference is
    0 and the row is not resolved.

    Parameters
    ----------
    grid, summary : DataFrame
        From :func:`.study.cv_selection_tables`.
    """
    s = summary.iloc[0]
    sigma, c_star = float(s["chosen_sigma"]), float(s["chosen_C"])
    n_test = int(s["n_test"])
    at = grid[np.isclose(grid["sigma"].astype(float), sigma)].sort_values("C")
    chosen = at[np.isclose(at["C"].astype(float), c_star)].iloc[0]
    rows = []
    for end, title, fit in (
        (at.iloc[0], "a small C underfits", "smallest"),
        (at.iloc[-1], "a large C overfits", "largest"),
    ):
        d = rate_difference(end["test_error"], n_test, chosen["test_error"])
        rows.append(
            ClaimRow(
                title=f"{title}: its test error is above the CV-chosen C's",
                source="Huang 2017, 'Polynomial Kernels' (C)",
                dataset=f"{s['dataset']}, Gaussian SVM at the CV-chosen sigma = "
                f"{sigma:g}; {int(s['n_train'])} train / {n_test} test points",
                quantity=f"test error at the {fit} C = {float(end['C']):g} minus at "
                f"C* = {c_star:g}: {d}",
                **d.fields(),
                bound=0.0,
                relation=">",
                kind="empirical",
            )
        )
    return rows
