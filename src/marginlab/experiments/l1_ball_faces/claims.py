"""Claim rows of S6, from the l1_ball_faces experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import paired_difference
from .._shared.rows import ClaimRow

#: Zero weights of a point in the relative interior of each face in 3-D.
S6_ZEROS = {"corner": 2, "edge": 1, "facet": 0}


#: The KKT residual of the located face (relative to λ); rounding is ~1e-15.
S6_KKT_TOL = 1e-8


#: max |w_face − w_cd|: coordinate descent runs to a duality gap of 1e-14.
S6_CD_TOL = 1e-6


def s6_has_zero(
    solutions: pd.DataFrame, fractions: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray]:
    """Per problem, whether its solution has at least one zero weight (lies on
    a corner or an edge, not a facet) at each of the two radii, aligned by
    problem: the paired outcomes of the S6 empirical row.

    Raises
    ------
    ValueError
        If the two radii do not cover the same problems.
    """
    first, second = (
        solutions[solutions["fraction"] == f].sort_values("problem") for f in fractions
    )
    ids = first["problem"].to_numpy()
    if (
        not ids.size
        or not first["problem"].is_unique
        or not np.array_equal(ids, second["problem"].to_numpy())
    ):
        raise ValueError(
            f"S6: the radii {fractions} do not cover the same problems, "
            "one solution each"
        )
    return (
        (first["face"] != "facet").to_numpy(),
        (second["face"] != "facet").to_numpy(),
    )


def s6_l1_ball_faces(solutions: pd.DataFrame) -> list[ClaimRow]:
    """S6: on a corner, an edge or a facet of the 3-D L1 ball, 2, 1 or 0 zeros.

    Parameters
    ----------
    solutions : DataFrame
        From :func:`.study.l1_ball_tables`.

    Returns
    -------
    list of ClaimRow
        - check, one row per kind of face: solutions located (from barycentric
          coordinates) on that kind of face whose Lasso solution at the
          matching λ, by coordinate descent, does not have 2 (corner), 1
          (edge) or 0 (facet) exactly-zero weights, ``<= 0``. A point inside
          a corner, edge or facet has that many zero coordinates by the
          definition of the faces, so this tests the two solvers, not the
          lecture;
        - check: the largest KKT residual of the located faces, ``<= 1e-8``;
        - check: the largest |w_face − w_cd|, ``<= 1e-6``;
        - empirical: the share of solutions with at least one zero weight
          (on a corner or an edge) at the smallest t minus at the largest,
          ``> 0``, with the paired interval (Newcombe's method 10,
          :func:`~marginlab.theory.intervals.paired_difference`: both shares
          are read on the same problems), from :func:`s6_has_zero`
          ("especially for large λ");
        - illustration: the share on a corner over all problems and radii,
          with the shares per radius.
    """
    first = solutions.iloc[0]
    problems = solutions["problem"].nunique()
    fractions = np.sort(solutions["fraction"].unique())
    where = (
        f"{problems} random least-squares problems (3 correlated features, "
        f"{int(first['n_samples'])} points, seed {int(first['seed'])}), "
        f"t = f ||beta_hat||_1 for f in {', '.join(f'{f:g}' for f in fractions)}"
    )
    common = dict(
        source="Shewchuk, Lecture 14, §14.3 'Lasso'",
        dataset=where,
    )
    rows = []
    for face, zeros in S6_ZEROS.items():
        on = solutions[solutions["face"] == face]
        wrong = int((on["cd_zeros"] != zeros).sum())
        rows.append(
            ClaimRow(
                name=f"zeros/{face}",
                title=f"touching a{'n' if face == 'edge' else ''} {face} sets "
                f"{zeros} weight{'s' if zeros != 1 else ''} to zero",
                quantity=f"of the {len(on)} solutions located on "
                f"a{'n' if face == 'edge' else ''} {face} (from "
                "barycentric coordinates over the face's vertices), those whose "
                f"Lasso solution at the matching lambda has not {zeros} exactly-zero "
                "weights (coordinate descent)",
                measured=float(wrong),
                bound=0.0,
                relation="<=",
                kind="check",
                **common,
            )
        )
    rows += [
        ClaimRow(
            name="kkt",
            title="the located face satisfies the KKT conditions",
            quantity="max over solutions of max_{j in S} |g_j - lambda s_j| / lambda, "
            "g = X_c^T(y_c - X_c w)/m, lambda = ||g||_inf, (S, s) the face's "
            f"support and signs; smallest inactive slack "
            f"{float(solutions['inactive_slack'].min()):.3g}",
            measured=float(solutions["kkt_residual"].max()),
            bound=S6_KKT_TOL,
            relation="<=",
            kind="check",
            **common,
        ),
        ClaimRow(
            name="agree",
            title="face search and coordinate descent find the same solution",
            quantity="max over solutions of max_j |w_face - w_cd|",
            measured=float(solutions["cd_diff"].max()),
            bound=S6_CD_TOL,
            relation="<=",
            kind="check",
            **common,
        ),
    ]
    low, high = fractions[0], fractions[-1]
    diff = paired_difference(*s6_has_zero(solutions, (low, high)))
    rows.append(
        ClaimRow(
            name="shrink",
            title="more weights are zero as the L1 ball shrinks",
            quantity=f"share of solutions with at least one zero weight (on a corner "
            f"or an edge) at t = {low:g} ||beta_hat||_1 minus at t = {high:g} "
            f"||beta_hat||_1 (the same {diff.n} problems at both radii): {diff}",
            **diff.fields(),
            bound=0.0,
            relation=">",
            kind="empirical",
            **common,
        )
    )
    shares = solutions.groupby("fraction")["face"].value_counts(normalize=True)
    text = "; ".join(
        f"f = {f:g}: "
        + ", ".join(f"{face} {shares.get((f, face), 0.0):.2f}" for face in S6_ZEROS)
        for f in fractions
    )
    rows.append(
        ClaimRow(
            name="corners",
            title="where the RSS isosurface touches the L1 ball",
            quantity=f"share of solutions on a corner over all problems and radii "
            f"(edge {float((solutions['face'] == 'edge').mean()):.3f}, facet "
            f"{float((solutions['face'] == 'facet').mean()):.3f}); per f: {text}",
            measured=float((solutions["face"] == "corner").mean()),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        )
    )
    return rows
