"""Claim rows of B8, from the xor_stumps experiment's tables."""

from __future__ import annotations

import math

import pandas as pd

from .._shared.rows import ClaimRow

#: An edge at most this is "no edge" (ε = ½ up to rounding), as in boosting.py.
NO_EDGE_TOL = 1e-12


def _edge(edges: pd.DataFrame, setting: str, learner: str) -> pd.Series:
    return edges[(edges["setting"] == setting) & (edges["learner"] == learner)].iloc[0]


#: An LP value at most this is 0 (the solves run at tolerances of 1e-10).
LP_TOL = 1e-9


def b8_xor_stumps(
    edges: pd.DataFrame,
    history: pd.DataFrame,
    runs: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    game: pd.DataFrame,
) -> list[ClaimRow]:
    """B8: stumps are not weak learners for XOR; depth-2 trees are.

    Mohri, Boosting, 'Standard Use in Practice'; the game rows also
    'AdaBoost and Game Theory'.

    Rows:

    * the edge γ = ½ − ε of the best stump under the uniform distribution on
      the four points (±1, ±1), y = x1·x2 (``<= 1e-12``, theorem);
    * the same on the configured XOR dataset (``<= 1e-12``, theorem: exact
      XOR when its noise is 0 and m is a multiple of 4);
    * the training error of AdaBoost with depth-d trees after its last round
      (``<= 0``, empirical);
    * the training error of AdaBoost with stumps and its stop reason
      (illustration);
    * over all distinct stumps of the XOR training set, the maximum L1 margin
      ρ* (``<= 1e-9``: no convex combination of stumps separates a
      set that holds the four XOR corners, since Σ_j α_j h_j(x) is a sum
      f(x1) + g(x2) and f(a) + g(c) + f(b) + g(d) cannot be both > 0 and
      < 0) and |ρ* − 2γ*| (``<= 1e-8``, of the two LP solves);
    * the same over depth-2 trees: ρ* (``> 1e-9``: one depth-2 tree is XOR)
      and |ρ* − 2γ*|.

    Every row with a verdict is a ``check``: on exact XOR each is a property
    of the four corners (no stump has an edge on them, the greedy depth-2
    tree fits them in one round, the LP values follow from the corners), so
    none could have come out otherwise; they show the statement on the
    configured data and read false if those data are not exact XOR.
    """
    trees = runs[runs["learner"] == "trees"].iloc[0]
    stumps = runs[runs["learner"] == "stumps"].iloc[0]
    depth = int(trees["depth"])
    data = f"{trees['dataset']}, m = {int(trees['m'])}"
    common = dict(
        source="Mohri, Boosting, 'Standard Use in Practice'",
    )
    uniform = "edge γ = 1/2 - ε of the best stump under the uniform D"
    return [
        ClaimRow(
            name="edge/exact_xor",
            title="Stumps are not weak learners for XOR: the best stump has edge 0",
            dataset="exact XOR: the 4 points (±1, ±1), y = x1·x2",
            quantity=uniform,
            measured=float(_edge(edges, "exact_xor", "stumps")["edge"]),
            bound=NO_EDGE_TOL,
            relation="<=",
            kind="check",
            **common,
        ),
        ClaimRow(
            name="edge/dataset",
            title="No stump has an edge on the XOR training set either",
            dataset=data,
            quantity=uniform + " (exact XOR if noise = 0 and 4 | m)",
            measured=float(_edge(edges, "dataset", "stumps")["edge"]),
            bound=NO_EDGE_TOL,
            relation="<=",
            kind="check",
            **common,
        ),
        ClaimRow(
            name="train_error/trees",
            title=f"Depth-{depth} trees are weak learners for XOR: AdaBoost with "
            f"them reaches training error 0",
            dataset=data,
            quantity=f"training error of AdaBoost with depth-{depth} trees after "
            f"{int(trees['rounds_kept'])} round(s) (stop: {trees['stop_reason']})",
            measured=float(trees["train_error"]),
            bound=0.0,
            relation="<=",
            kind="check",
            **common,
        ),
        ClaimRow(
            name="train_error/stumps",
            title="AdaBoost with stumps cannot start on XOR",
            dataset=data,
            quantity=f"training error of AdaBoost with stumps after "
            f"{int(stumps['rounds_kept'])} round(s) kept "
            f"(stop: {stumps['stop_reason']})",
            measured=float(stumps["train_error"]),
            bound=math.nan,
            relation="n/a",
            kind="illustration",
            **common,
        ),
        *_game_rows(game, data),
    ]


def _game_rows(game: pd.DataFrame, data: str) -> list[ClaimRow]:
    """B8's rows on the boosting game: ρ* and |ρ* − 2γ*| per class."""
    common = dict(
        source="Mohri, Boosting, 'Standard Use in Practice', "
        "'AdaBoost and Game Theory'",
    )
    stumps = game[game["learner"] == "stumps"].iloc[0]
    trees = game[game["learner"] == "trees"].iloc[0]
    family = (
        "all thresholds"
        if str(trees["all_thresholds"]).lower() == "true"
        else "at most the configured number of thresholds per feature"
    )
    classes = {
        "stumps": (stumps, f"all {int(stumps['n_hypotheses'])} distinct stumps"),
        "trees": (
            trees,
            f"all {int(trees['n_hypotheses'])} distinct depth-2 trees ({family})",
        ),
    }
    rows = []
    for learner, (row, over) in classes.items():
        rho, value = float(row["rho_star"]), float(row["game_value"])
        if learner == "stumps":
            rows.append(
                ClaimRow(
                    name="rho_star/stumps",
                    title="Not weakly learnable, no positive margin: over all "
                    "stumps the maximum L1 margin on XOR is 0",
                    dataset=f"{data}; {over}",
                    quantity="LP maximum L1 margin rho* = max_alpha min_i "
                    "y_i f(x_i)/|alpha|_1 (exact XOR: every corner present)",
                    measured=rho,
                    bound=LP_TOL,
                    relation="<=",
                    kind="check",
                    **common,
                )
            )
        else:
            rows.append(
                ClaimRow(
                    name="rho_star/trees",
                    title="Weakly learnable, positive margin: over depth-2 trees "
                    "the maximum L1 margin on XOR is positive",
                    dataset=f"{data}; {over}",
                    quantity="LP maximum L1 margin rho* "
                    f"(guaranteed edge gamma* = {value / 2:.6g})",
                    measured=rho,
                    bound=LP_TOL,
                    relation=">",
                    kind="check",
                    **common,
                )
            )
        rows.append(
            ClaimRow(
                name=f"duality/{learner}",
                title=f"rho* = 2 gamma* over {learner} on XOR (LP duality)",
                dataset=f"{data}; {over}",
                quantity="|LP primal rho* - LP dual (game value 2 gamma*)|",
                measured=abs(rho - value),
                bound=1e-8,
                relation="<=",
                # LP duality makes them equal; the row checks the two solves.
                kind="check",
                **common,
            )
        )
    return rows
