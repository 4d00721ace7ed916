"""Claim rows of S2, from the lasso_ridge_contours experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow


def s2_contours(
    contours: pd.DataFrame, balls: pd.DataFrame, solutions: pd.DataFrame
) -> list[ClaimRow]:
    """S2: the Lasso solution touches the L1 diamond, often at a tip (illustration).

    Parameters
    ----------
    contours, balls, solutions : DataFrame
        From :func:`.study.contour_tables`.

    Returns
    -------
    list of ClaimRow
        Two illustration rows: the number of exactly-zero coordinates of the
        Lasso solution on the diamond ‖w‖₁ ≤ t and of the ridge solution on
        the circle ‖w‖₂ ≤ t.
    """
    s = solutions.set_index("method")
    first = solutions.iloc[0]
    common = dict(
        source="Shewchuk, Lecture 14, §14.3 'Lasso'",
        dataset=f"2 features, corr {float(first['rho']):g}, "
        f"{int(first['n_samples'])} points, seed {int(first['seed'])}, "
        f"t = {float(first['budget']):g}",
        bound=float("nan"),
        relation="n/a",
        kind="illustration",
    )
    rows = []
    for method, ball, title in (
        ("lasso", "‖w‖₁ ≤ t", "the Lasso solution sits on the diamond"),
        ("ridge", "‖w‖₂ ≤ t", "the ridge solution sits on the circle"),
    ):
        r = s.loc[method]
        rows.append(
            ClaimRow(
                name=f"zeros/{method}",
                title=title,
                quantity=f"exactly-zero coordinates of argmin RSS s.t. {ball}: "
                f"w = ({float(r['w1']):.4g}, {float(r['w2']):.4g}), "
                f"lambda = {float(r['lam']):.4g}",
                measured=float(r["n_zero"]),
                **common,
            )
        )
    return rows
