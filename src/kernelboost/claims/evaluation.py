"""Claim rows of the evaluation family E1–E3 (Huang 2017; Shewchuk, Lecture 14).

The tables come from :mod:`kernelboost.studies.loo`, after the workflow has
stacked the per-configuration tables of the sweep (one CSV per dataset ×
kernel × C) and read them back from CSV.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..intervals import rate_difference
from ..status import STATUS_NOT_SEPARABLE, STATUS_OK
from ._row import ClaimRow

#: The citation of E1 and E2 (the ``source`` column).
LOO_SOURCE = "Huang 2017, problem 5.2 'Leave-one-out Error and Support Vectors'"
#: E2's threshold on max_z |f(z) − f_{−i}(z)|: the proof says 0; the retrains
#: are solved to SMO tolerance ``e2_tol`` (1e-6 by default), far below it.
E2_TOLERANCE = 1e-3
#: E3: the CV choice's test error may exceed the grid's best by this much.
E3_SLACK = 0.02


def _c(value: object) -> str:
    return f"{float(value):g}"


def _configuration(row: pd.Series) -> str:
    scaled = ", z-scored" if _true(row["standardized"]) else ""
    return (
        f"{row['dataset']} (l = {int(row['l'])}{scaled}), {row['kernel']}, "
        f"C = {_c(row['C'])}"
    )


def _true(value: object) -> bool:
    """A boolean cell, as written by pandas (True) or read back from CSV."""
    return str(value).strip().lower() == "true"


def e1_loo_bound(rows: pd.DataFrame, e2: pd.DataFrame) -> list[ClaimRow]:
    """E1: LOO error ≤ #SV/l for the SVM at a given C (Huang 2017, problem 5.2).

    One row per configuration of the sweep, in table order. A measured
    configuration (``status == "ok"``) gives a theorem row: the exact
    leave-one-out error by brute force (the SVM retrained without each of
    the l points) against #SV/l, relation ``<=``.

    Then one ``check`` row per (dataset, kernel), pooling its measured
    configurations: the fast LOO that retrains only for the support vectors,
    and so obeys the bound by construction, gives the same verdict on every
    point as brute force (points that disagree ``<= 0``). It tests the tool,
    not the lecture's claim.

    A configuration whose SVM does not exist or was not solved gets an
    ``n/a`` illustration row instead, with NaN measured and bound, that
    names its status, so it is visible in the table but never counted as
    holding: ``"not separable"`` (hard margin, C = inf, on classes that no
    hyperplane of the feature space separates: the dual is unbounded) or
    ``"not converged"`` (an SMO solve hit its step cap).

    Parameters
    ----------
    rows : DataFrame
        The stacked E1 tables of :func:`kernelboost.studies.loo.loo_configuration`.
    e2 : DataFrame
        The stacked E2 tables (unused here; the workflow passes both tables to
        every claim of the figure).
    """
    del e2
    out = []
    for _, row in rows.iterrows():
        common = dict(
            id="E1",
            source=LOO_SOURCE,
            dataset=_configuration(row),
            figure="loo_vs_sv_bound",
        )
        status = str(row["status"])
        if status != STATUS_OK:
            reason = (
                "no hard-margin SVM: the classes are not separable in the "
                "kernel's feature space"
                if status == STATUS_NOT_SEPARABLE
                else f"SMO did not converge within max_iter = {int(row['max_iter'])}"
                " steps"
            )
            out.append(
                ClaimRow(
                    title="LOO error <= #SV/l — configuration not measured",
                    quantity=f"status '{status}': {reason}",
                    measured=math.nan,
                    bound=math.nan,
                    relation="n/a",
                    kind="illustration",
                    **common,
                )
            )
            continue
        out.append(
            ClaimRow(
                title="LOO error <= #SV/l",
                quantity=f"exact leave-one-out error by brute force, "
                f"{int(row['l'])} retrains ({int(row['n_loo_errors'])} "
                f"mistakes); bound #SV/l = {int(row['n_sv'])}/{int(row['l'])}",
                measured=float(row["loo_error"]),
                bound=float(row["sv_bound"]),
                relation="<=",
                kind="theorem",
                **common,
            )
        )
    return out + _e1_agreement(rows)


def _e1_agreement(rows: pd.DataFrame) -> list[ClaimRow]:
    """E1's check rows: the support-vector-only LOO against brute force."""
    out = []
    measured = rows[rows["status"].astype(str) == STATUS_OK]
    for (dataset, kernel), part in measured.groupby(["dataset", "kernel"], sort=False):
        disagree = pd.to_numeric(part["n_disagree"]).to_numpy(dtype=float)
        first = part.iloc[0]
        scaled = ", z-scored" if _true(first["standardized"]) else ""
        cs = ", ".join(_c(c) for c in part["C"])
        out.append(
            ClaimRow(
                id="E1",
                title="the fast LOO (support vectors retrained only) agrees "
                "with brute force",
                source=LOO_SOURCE,
                dataset=f"{dataset} (l = {int(first['l'])}{scaled}), {kernel}, "
                f"C ∈ {{{cs}}}",
                quantity=f"points whose LOO verdict differs, over {len(part)} "
                f"configurations × {int(first['l'])} points",
                measured=float(np.sum(disagree)),
                bound=0.0,
                relation="<=",
                kind="check",
                figure="loo_vs_sv_bound",
            )
        )
    return out


def e2_non_sv_removal(rows: pd.DataFrame, e2: pd.DataFrame) -> list[ClaimRow]:
    """E2: removing a non-support vector leaves f unchanged and x_i correct.

    Rows per (dataset, kernel), in the order of ``rows``, pooling the
    configurations over C:

    * the largest Δ_i = max_z |f(z) − f_{−i}(z)| over every non-support
      vector removed, ``<= 1e-3`` (theorem: the proof says 0; the retrains
      are solved to SMO tolerance ``e2_tol``);
    * the number of removed points that the retrained SVM misclassifies,
      ``<= 0`` (theorem: y_i f(x_i) ≥ 1 for a non-support vector).

    When no non-support vector of a (dataset, kernel) was removed — every
    point is a support vector, or no configuration was measured — a single
    ``n/a`` illustration row says so instead; it never counts as holding.

    Parameters
    ----------
    rows, e2 : DataFrame
        The stacked tables of :func:`kernelboost.studies.loo.loo_configuration`.
    """
    out = []
    groups = rows[["dataset", "kernel"]].drop_duplicates()
    for dataset, kernel in groups.itertuples(index=False):
        configs = rows[(rows["dataset"] == dataset) & (rows["kernel"] == kernel)]
        part = e2[(e2["dataset"] == dataset) & (e2["kernel"] == kernel)]
        first = configs.iloc[0]
        scaled = ", z-scored" if _true(first["standardized"]) else ""
        measured_cs = configs[configs["e2_status"] == STATUS_OK]["C"]
        cs = ", ".join(_c(c) for c in measured_cs)
        common = dict(
            id="E2",
            source=LOO_SOURCE,
            dataset=f"{dataset} (l = {int(first['l'])}{scaled}), {kernel}, "
            f"C ∈ {{{cs}}}",
            figure="loo_vs_sv_bound",
        )
        if part.empty:
            why = (
                "every point is a support vector"
                if len(measured_cs)
                else "no configuration measured (statuses: "
                + ", ".join(sorted(set(configs["status"].astype(str))))
                + ")"
            )
            out.append(
                ClaimRow(
                    title="removing a non-support vector — nothing to remove",
                    quantity=f"no non-support vector removed: {why}",
                    measured=math.nan,
                    bound=math.nan,
                    relation="n/a",
                    kind="illustration",
                    **common,
                )
            )
            continue
        change = pd.to_numeric(part["max_change"]).to_numpy(dtype=float)
        wrong = int((~part["correct"].map(_true)).sum())
        not_converged = int((~part["converged"].map(_true)).sum())
        where = str(part["eval_set"].iloc[0])
        note = f", {not_converged} retrains not converged" if not_converged else ""
        out += [
            ClaimRow(
                title="removing a non-support vector leaves the decision function "
                "unchanged",
                quantity=f"max over {len(part)} removed non-SVs of "
                f"max_z |f(z) - f_-i(z)|, z on the {where} "
                f"(SMO tol {float(part['e2_tol'].max()):g}{note})",
                measured=float(np.max(change)),
                bound=E2_TOLERANCE,
                relation="<=",
                kind="theorem",
                **common,
            ),
            ClaimRow(
                title="a removed non-support vector is classified correctly",
                quantity=f"removed non-SVs misclassified by the retrained SVM "
                f"(of {len(part)})",
                measured=float(wrong),
                bound=0.0,
                relation="<=",
                kind="theorem",
                **common,
            ),
        ]
    return out


def e3_cv_selection(grid: pd.DataFrame, summary: pd.DataFrame) -> list[ClaimRow]:
    """E3: (σ, C) chosen by K-fold CV test nearly as well as the grid's best.

    One empirical row per row of ``summary`` (per dataset): the test error
    of the CV choice minus the smallest test error on the (σ, C) grid,
    ``<= 0.02`` (within 2 points).

    Parameters
    ----------
    grid, summary : DataFrame
        From :func:`kernelboost.studies.loo.cv_selection_tables`.
    """
    out = []
    for _, s in summary.iterrows():
        part = grid[grid["dataset"] == s["dataset"]]
        scaled = ", z-scored" if _true(s["standardized"]) else ""
        out.append(
            ClaimRow(
                id="E3",
                title="(sigma, C) chosen by cross-validation tests within 2 points "
                "of the best on the grid",
                source="Shewchuk, Lecture 14, 'The Gaussian Kernel'",
                dataset=f"{s['dataset']}: {int(s['n_train'])} training / "
                f"{int(s['n_test'])} test points{scaled}, split seed "
                f"{int(s['split_seed'])}, {int(s['folds'])}-fold CV seed "
                f"{int(s['cv_seed'])}, {len(part)} (sigma, C) pairs",
                quantity=f"test error at the CV choice sigma = "
                f"{_c(s['chosen_sigma'])}, C = {_c(s['chosen_C'])} "
                f"({float(s['chosen_test_error']):.4g}) minus the best on the grid "
                f"({float(s['best_test_error']):.4g} at sigma = "
                f"{_c(s['best_sigma'])}, C = {_c(s['best_C'])})",
                measured=float(s["chosen_test_error"]) - float(s["best_test_error"]),
                bound=E3_SLACK,
                relation="<=",
                kind="empirical",
                figure="cv_model_selection",
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
        From :func:`kernelboost.studies.loo.cv_selection_tables`.
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
                id="K16",
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
                figure="cv_model_selection",
            )
        )
    return rows


def e4_knn_loo(
    errors: pd.DataFrame, regions: pd.DataFrame, points: pd.DataFrame
) -> list[ClaimRow]:
    """E4: on noisy data the LOO error of 1-NN exceeds that of 3-NN.

    Parameters
    ----------
    errors, regions, points : DataFrame
        The tables of :func:`kernelboost.studies.knn.knn_tables` (``errors``
        holds the exact LOO error on the training set per k).

    Returns
    -------
    list of ClaimRow
        One row: LOO(1-NN) − LOO(3-NN), checked ``> 0`` (empirical), with
        Newcombe's 95 % interval of a difference of two proportions on the
        l training points (conservative: both are measured on the same
        points), so that a difference of a point or two reads not resolved.
    """
    loo = errors.set_index("k")["loo_error"]
    if not {1, 3} <= set(loo.index):
        raise ValueError("E4 needs k = 1 and k = 3 in knn.ks")
    first = errors.iloc[0]
    n = int(first["n_train"])
    d = rate_difference(loo[1], n, loo[3])
    return [
        ClaimRow(
            id="E4",
            title="1-NN has a larger LOO error than 3-NN on noisy data",
            source="Huang 2017, problem 2 (1-NN vs 3-NN)",
            dataset=f"{int(first['n_train'])} training points, split seed "
            f"{int(first['split_seed'])}",
            quantity=f"LOO(1-NN) - LOO(3-NN) = {d}",
            **d.fields(),
            bound=0.0,
            relation=">",
            kind="empirical",
            figure="knn_k",
        )
    ]
