"""Claim rows of E1 and E2, from the loo_vs_sv_bound experiment's tables."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow, format_c, is_true, name_segment
from .._shared.status import STATUS_NOT_SEPARABLE, STATUS_OK

#: The citation of E1 and E2 (the ``source`` column).
LOO_SOURCE = "Huang 2017, problem 5.2 'Leave-one-out Error and Support Vectors'"


#: E2's threshold on max_z |f(z) − f_{−i}(z)|: the proof says 0; the retrains
#: are solved to SMO tolerance ``e2_tol`` (1e-6 by default), far below it.
E2_TOLERANCE = 1e-3

#: From this #SV/l on, an E1 row is an illustration: a bound that nearly every
#: error rate meets says little (registered before the first cold-start run).
NEAR_VACUOUS = 0.9


def _configuration(row: pd.Series) -> str:
    scaled = ", z-scored" if is_true(row["standardized"]) else ""
    return (
        f"{row['dataset']} (l = {int(row['l'])}{scaled}), {row['kernel']}, "
        f"C = {format_c(row['C'])}"
    )


def _pair_name(dataset: object, kernel: object) -> str:
    """``<dataset>/<kernel>``, the segments of a row name (:attr:`ClaimRow.name`)
    that say which (dataset, kernel) the row reads: ``moons/gaussian_sigma=0.5``
    for the kernel ``gaussian(sigma=0.5)`` on ``moons``."""
    return f"{name_segment(dataset)}/{name_segment(kernel)}"


def e1_loo_bound(rows: pd.DataFrame, e2: pd.DataFrame) -> list[ClaimRow]:
    """E1: LOO error ≤ #SV/l for the SVM at a given C (Huang 2017, problem 5.2).

    One row per configuration of the sweep, in table order, named
    ``loo/<dataset>/<kernel>/C=<C>`` (``loo/moons/gaussian_sigma=0.5/C=1``).
    A measured configuration (``status == "ok"``) gives a theorem row: the
    exact leave-one-out error by brute force (the SVM retrained from α = 0
    without each of the l points, so no retrain starts from the answer)
    against #SV/l, relation ``<=``. When every point is a support vector
    (#SV/l = 1) no error rate can exceed the bound: that row is a ``check``;
    from #SV/l ≥ :data:`NEAR_VACUOUS` it is an ``illustration``; neither is
    counted.

    Then one ``check`` row per (dataset, kernel),
    ``fast_loo/<dataset>/<kernel>``, pooling its measured configurations: the
    fast LOO that retrains only for the support vectors, warm-started, and so
    obeys the bound by construction, gives the same verdict as brute force on
    every point whose cold |f_{−i}(x_i)| exceeds the study's agreement band
    (points that disagree ``<= 0``). It tests the tool, not the lecture's
    claim.

    A configuration whose SVM does not exist or was not solved gets an
    ``n/a`` illustration row instead (of the same name), with NaN measured
    and bound, that names its status, so it is visible in the table but never
    counted as holding: ``"not separable"`` (hard margin, C = inf, on classes
    that no hyperplane of the feature space separates: the dual is unbounded)
    or ``"not converged"`` (an SMO solve hit its step cap).

    Parameters
    ----------
    rows : DataFrame
        The stacked E1 tables of :func:`.study.loo_configuration`.
    e2 : DataFrame
        The stacked E2 tables (unused here; the workflow passes both tables to
        every claim of the figure).
    """
    del e2
    out = []
    for _, row in rows.iterrows():
        pair = _pair_name(row["dataset"], row["kernel"])
        common = dict(
            source=LOO_SOURCE,
            dataset=_configuration(row),
            name=f"loo/{pair}/C={format_c(row['C'])}",
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
        bound = float(row["sv_bound"])
        # An error rate cannot exceed a bound of 1: vacuous, a check; one of
        # 0.9 or more nearly so: an illustration.
        kind = "theorem"
        if bound >= 1.0:
            kind = "check"
        elif bound >= NEAR_VACUOUS:
            kind = "illustration"
        out.append(
            ClaimRow(
                title="LOO error <= #SV/l",
                quantity=f"exact leave-one-out error by brute force, "
                f"{int(row['l'])} retrains from alpha = 0 "
                f"({int(row['n_loo_errors'])} mistakes, "
                f"{int(row['n_non_sv_errors'])} of them on non-support vectors); "
                f"bound #SV/l = {int(row['n_sv'])}/{int(row['l'])}"
                + (" (near-vacuous)" if kind == "illustration" else ""),
                measured=float(row["loo_error"]),
                # An illustration gives no verdict: its bound is in the quantity.
                bound=math.nan if kind == "illustration" else bound,
                relation="n/a" if kind == "illustration" else "<=",
                kind=kind,
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
        undecided = int(pd.to_numeric(part["n_undecided"]).sum())
        first = part.iloc[0]
        scaled = ", z-scored" if is_true(first["standardized"]) else ""
        cs = ", ".join(format_c(c) for c in part["C"])
        out.append(
            ClaimRow(
                title="the fast LOO (support vectors retrained only, warm) "
                "agrees with brute force (cold)",
                source=LOO_SOURCE,
                dataset=f"{dataset} (l = {int(first['l'])}{scaled}), {kernel}, "
                f"C ∈ {{{cs}}}",
                quantity=f"points whose LOO verdict differs, over {len(part)} "
                f"configurations × {int(first['l'])} points, where the cold "
                f"|f_-i(x_i)| > {float(first['agreement_band']):g} ({undecided} "
                "points within it not compared)",
                measured=float(np.sum(disagree)),
                bound=0.0,
                relation="<=",
                kind="check",
                name=f"fast_loo/{_pair_name(dataset, kernel)}",
            )
        )
    return out


def e2_non_sv_removal(rows: pd.DataFrame, e2: pd.DataFrame) -> list[ClaimRow]:
    """E2: removing a non-support vector leaves f unchanged and x_i correct.

    Rows per (dataset, kernel), in the order of ``rows``, pooling the
    configurations over C:

    * ``change/<dataset>/<kernel>``: the largest
      Δ_i = max_z |f(z) − f_{−i}(z)| over every non-support vector removed,
      ``<= 1e-3`` (theorem: the proof says 0; the retrains are solved to SMO
      tolerance ``e2_tol``);
    * ``misclassified/<dataset>/<kernel>``: the number of removed points that
      the retrained SVM misclassifies, ``<= 0`` (theorem: y_i f(x_i) ≥ 1 for
      a non-support vector).

    When no non-support vector of a (dataset, kernel) was removed — every
    point is a support vector, or no configuration was measured — a single
    ``n/a`` illustration row, ``none_removed/<dataset>/<kernel>``, says so
    instead; it never counts as holding.

    Parameters
    ----------
    rows, e2 : DataFrame
        The stacked tables of :func:`.study.loo_configuration`.
    """
    out = []
    groups = rows[["dataset", "kernel"]].drop_duplicates()
    for dataset, kernel in groups.itertuples(index=False):
        configs = rows[(rows["dataset"] == dataset) & (rows["kernel"] == kernel)]
        part = e2[(e2["dataset"] == dataset) & (e2["kernel"] == kernel)]
        first = configs.iloc[0]
        scaled = ", z-scored" if is_true(first["standardized"]) else ""
        measured_cs = configs[configs["e2_status"] == STATUS_OK]["C"]
        cs = ", ".join(format_c(c) for c in measured_cs)
        common = dict(
            source=LOO_SOURCE,
            dataset=f"{dataset} (l = {int(first['l'])}{scaled}), {kernel}, "
            f"C ∈ {{{cs}}}",
        )
        pair = _pair_name(dataset, kernel)
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
                    name=f"none_removed/{pair}",
                    **common,
                )
            )
            continue
        change = pd.to_numeric(part["max_change"]).to_numpy(dtype=float)
        wrong = int((~part["correct"].map(is_true)).sum())
        not_converged = int((~part["converged"].map(is_true)).sum())
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
                name=f"change/{pair}",
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
                name=f"misclassified/{pair}",
                **common,
            ),
        ]
    return out
