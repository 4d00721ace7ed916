"""Claim rows of B19, from the margin_geometry experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow

#: The ``source`` column of B19.
B19_SOURCE = (
    "Mohri, Boosting, 'L1-Geometric Margin', 'SVM vs AdaBoost', "
    "'Maximum-Margin Solutions'"
)


#: Mixed tolerance of the distance identities, max |formula − distance| /
#: max(1, distance): the distance LP is solved to 1e-10.
B19_IDENTITY_TOL = 1e-8


#: Relative slack of the LP's L1 margin against the SVM's (LP tolerance 1e-10).
B19_LP_SLACK = 1e-8


#: Relative slack of the SVM's L2 margin against the LP's: SMO stops at a
#: finite tolerance (``svm_tol``, 1e-8 by default), so its margin is optimal
#: to about that relative precision.
B19_SVM_SLACK = 1e-6


def _identity_error(distances: pd.DataFrame, formula: str, direct: str) -> pd.Series:
    """|formula − distance| / max(1, distance), per row."""
    scale = distances[direct].abs().clip(lower=1.0)
    return (distances[formula] - distances[direct]).abs() / scale


def b19_margin_geometry(
    distances: pd.DataFrame, solutions: pd.DataFrame
) -> list[ClaimRow]:
    """B19: L1 margin = ℓ∞ distance, L2 margin = ℓ2 distance; the two
    maximum-margin solutions differ.

    Parameters
    ----------
    distances, solutions : DataFrame
        From :func:`.study.margin_geometry_tables`.

    Returns
    -------
    list of ClaimRow
        - identity, one row per norm: the largest
          |margin formula − distance found by direct minimization| /
          max(1, distance) over every vector checked (random, the toy's, the
          stump vectors'), ``<= 1e-8``;
        - per setting (``plane``, ``stumps``), theorem: the LP's L1 margin is
          at least the SVM solution's, (ρ₁(LP) − ρ₁(SVM)) / ρ₁(LP) ``>= −1e-8``;
          the SVM's L2 margin is at least the LP solution's,
          (ρ₂(SVM) − ρ₂(LP)) / ρ₂(SVM) ``>= −1e-6`` (SMO's tolerance);
        - per setting, empirical: the solutions differ — the L2 solution is
          unique, so they differ exactly when the LP's solution falls short of
          the maximum L2 margin: the same relative gap ``> 1e-6``;
        - check on ``stumps``: the LP's solution has fewer non-zero weights
          than the SVM's (difference ``< 0``); on the two-dimensional
          ``plane`` the same count is an illustration. A check, not evidence:
          the geometry settles it, since an LP vertex has at most about m + 1
          non-zeros (m points) of the N weights, while the SVM's weight vector
          on ±1 stumps is dense.
    """
    rows = []
    common = dict(source=B19_SOURCE)
    for norm, formula, direct, what in (
        ("inf", "l1_margin", "linf_distance", "L1 margin |a.u|/||a||_1"),
        ("2", "l2_margin", "l2_distance", "L2 margin |a.u|/||a||_2"),
    ):
        error = _identity_error(distances, formula, direct)
        per = error.groupby(distances["source"], sort=False).max()
        dims = sorted(distances.loc[distances["source"] == "random", "n_dims"].unique())
        rows.append(
            ClaimRow(
                name=f"distance/l{norm}",
                title=f"the {what.split()[0]} margin is the l{norm} distance to the "
                "hyperplane",
                dataset=f"{len(distances)} (vector, hyperplane) pairs: random "
                f"N(0, I) in N = {', '.join(str(int(n)) for n in dims)}; the toy's "
                "points and the first stump vectors, with both solutions' normals",
                quantity=f"max |{what} - l{norm} distance found by "
                + ("LP" if norm == "inf" else "minimum-norm least squares")
                + "| / max(1, distance); per source: "
                + ", ".join(f"{k} {v:.2g}" for k, v in per.items()),
                measured=float(error.max()),
                bound=B19_IDENTITY_TOL,
                relation="<=",
                kind="identity",
                **common,
            )
        )
    for setting, part in solutions.groupby("setting", sort=False):
        s = part.set_index("method")
        lp, svm = s.loc["l1_lp"], s.loc["l2_svm"]
        where = (
            f"{setting}: {lp['dataset']} ({int(lp['n_points'])} points, "
            f"N = {int(lp['n_hypotheses'])} base hypotheses"
            + (", h(x) in R^2 drawn directly" if setting == "plane" else " (stumps)")
            + ")"
        )
        l1_gap = (float(lp["l1_margin"]) - float(svm["l1_margin"])) / float(
            lp["l1_margin"]
        )
        l2_gap = (float(svm["l2_margin"]) - float(lp["l2_margin"])) / float(
            svm["l2_margin"]
        )
        margins = (
            f"L1 margins: LP {float(lp['l1_margin']):.6g}, SVM "
            f"{float(svm['l1_margin']):.6g}; L2 margins: SVM "
            f"{float(svm['l2_margin']):.6g}, LP {float(lp['l2_margin']):.6g}"
        )
        rows += [
            ClaimRow(
                name=f"l1_margin/{setting}",
                title="the L1 max-margin LP has the larger L1 margin",
                dataset=where,
                quantity="(rho1(LP) - rho1(SVM)) / rho1(LP); " + margins,
                measured=l1_gap,
                bound=-B19_LP_SLACK,
                relation=">=",
                kind="theorem",
                **common,
            ),
            ClaimRow(
                name=f"l2_margin/{setting}",
                title="the L2 max-margin SVM has the larger L2 margin",
                dataset=where,
                quantity="(rho2(SVM) - rho2(LP)) / rho2(SVM), SMO tolerance "
                f"{float(svm['svm_tol']):g}; " + margins,
                measured=l2_gap,
                bound=-B19_SVM_SLACK,
                relation=">=",
                kind="theorem",
                **common,
            ),
            ClaimRow(
                name=f"differ/{setting}",
                title="the L1 and L2 maximum-margin solutions differ",
                dataset=where,
                quantity="(rho2(SVM) - rho2(LP)) / rho2(SVM): the LP's solution "
                "is not the (unique) L2 solution; angle between them "
                f"{float(lp['angle_deg']):.3g} degrees",
                measured=l2_gap,
                bound=B19_SVM_SLACK,
                relation=">",
                kind="empirical",
                **common,
            ),
        ]
        sparse = setting != "plane"
        rows.append(
            ClaimRow(
                name=f"nonzeros/{setting}",
                title="the L1 solution is sparse, the L2 solution dense"
                if sparse
                else "non-zero weights of the two solutions in R^2",
                dataset=where,
                quantity="non-zero weights of the LP's solution - of the SVM's "
                f"({int(lp['nonzeros'])} - {int(svm['nonzeros'])} of "
                f"{int(lp['n_hypotheses'])}; the LP's has {int(lp['n_closest'])} "
                "points at its minimum margin)",
                measured=float(int(lp["nonzeros"]) - int(svm["nonzeros"])),
                bound=0.0 if sparse else float("nan"),
                relation="<" if sparse else "n/a",
                # Settled by the geometry (an LP vertex is sparse, the SVM's
                # weights on ±1 stumps dense): a check, not evidence.
                kind="check" if sparse else "illustration",
                **common,
            )
        )
    return rows
