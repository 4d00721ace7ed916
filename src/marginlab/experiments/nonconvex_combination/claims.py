"""Claim rows of B9, from the nonconvex_combination experiment's tables."""

from __future__ import annotations

import math

import pandas as pd

from .._shared.rows import ClaimRow


def _error(errors: pd.DataFrame, example: str, model: str) -> pd.Series:
    sel = errors[(errors["example"] == example) & (errors["model"] == model)]
    return sel.iloc[0]


def b9_nonconvex_combination(
    errors: pd.DataFrame,
    history: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    lines: pd.DataFrame,
) -> list[ClaimRow]:
    """B9: combinations of hyperplanes express non-convex regions.

    UML notes, Boosting §I–II.

    Rows, on the generated triangle (``convex``) and three-cluster
    (``nonconvex``) data:

    * training error of sign(h1 + h2 + h3 − 2.5) and of sign(h1 + 2h2 + 2h3)
      (each ``<= 0``, a check: true by construction of the data);
    * training error of AdaBoost's combination Σ_t α_t h_t over the line
      family, on each example (``<= 0``, empirical);
    * training error of h3 alone on the non-convex data (``> 0.5``: "the third
      hyperplane by itself performs worse than random"; a check: the left
      cluster is made large enough for it);
    * the smallest training error of a single line of the family on the
      convex data (``> 0``: "no hyperplane can classify this instance"; a
      check of the generated data);
    * the ε_t of h3 at the first round AdaBoost picks it (illustration: once
      the weights have shifted, h3 is better than random).
    """
    common = dict(source="UML notes, Boosting §I–II")

    def data(example: str) -> str:
        row = _error(errors, example, "given")
        shape = (
            "positives in a triangle, negatives around it"
            if example == "convex"
            else "3 clusters left to right (3n, n, n points) labelled +, -, +"
        )
        return f"{example}: {shape}, m = {int(row['n_points'])}"

    rows = []
    for example, title in (
        ("convex", "sign(h1 + h2 + h3 - 2.5) of the triangle's 3 edges"),
        ("nonconvex", "sign(h1 + 2h2 + 2h3) of 3 vertical lines"),
    ):
        given = _error(errors, example, "given")
        rows.append(
            ClaimRow(
                name=f"given/{example}",
                title=f"{title} classifies every training point",
                dataset=data(example),
                quantity=f"training error of {given['formula']}",
                measured=float(given["train_error"]),
                bound=0.0,
                relation="<=",
                kind="check",
                **common,
            )
        )
    for example in ("convex", "nonconvex"):
        ada = _error(errors, example, "adaboost")
        n_lines = int((lines["example"] == example).sum())
        rows.append(
            ClaimRow(
                name=f"adaboost/{example}",
                title="AdaBoost over a finite family of lines reaches training error 0",
                dataset=data(example),
                quantity=f"training error of AdaBoost's sign(Σ α_t h_t) after "
                f"{int(ada['n_hypotheses'])} rounds over {n_lines} distinct lines",
                measured=float(ada["train_error"]),
                bound=0.0,
                relation="<=",
                kind="empirical",
                **common,
            )
        )
    rows.append(
        ClaimRow(
            name="h3_alone/nonconvex",
            title="The third hyperplane by itself does worse than random",
            dataset=data("nonconvex"),
            quantity="training error of h3 alone (uniform D)",
            measured=float(_error(errors, "nonconvex", "h3")["train_error"]),
            bound=0.5,
            relation=">",
            kind="check",
            **common,
        )
    )
    rows.append(
        ClaimRow(
            name="best_line/convex",
            title="No single hyperplane classifies the convex instance",
            dataset=data("convex"),
            quantity="smallest training error of one line of the family",
            measured=float(_error(errors, "convex", "best_line")["train_error"]),
            bound=0.0,
            relation=">",
            kind="check",
            **common,
        )
    )
    picks = history[(history["example"] == "nonconvex") & (history["name"] == "h3")]
    first = picks.iloc[0] if len(picks) else None
    rows.append(
        ClaimRow(
            name="h3_eps/nonconvex",
            title="Reweighting makes h3 better than random: AdaBoost picks it",
            dataset=data("nonconvex"),
            quantity=(
                f"weighted error ε_t of h3 when AdaBoost first picks it (round "
                f"{int(first['t'])})"
                if first is not None
                else "weighted error ε_t of h3 when AdaBoost picks it (never picked)"
            ),
            measured=float(first["eps"]) if first is not None else math.nan,
            bound=math.nan,
            relation="n/a",
            kind="illustration",
            **common,
        )
    )
    return rows
