"""Claim rows B8–B10: weak learners and what boosting builds from them.

Each function takes the tables of the matching study in
:mod:`kernelboost.studies.weak_learning`, in the order the study returns them
(the workflow passes them read back from CSV).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ._row import ClaimRow

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
      ρ* (``<= 1e-9``, theorem: no convex combination of stumps separates a
      set that holds the four XOR corners, since Σ_j α_j h_j(x) is a sum
      f(x1) + g(x2) and f(a) + g(c) + f(b) + g(d) cannot be both > 0 and
      < 0) and |ρ* − 2γ*| (``<= 1e-8``, check of the two LP solves);
    * the same over depth-2 trees: ρ* (``> 1e-9``, theorem: one depth-2 tree
      is XOR) and |ρ* − 2γ*| (check).
    """
    trees = runs[runs["learner"] == "trees"].iloc[0]
    stumps = runs[runs["learner"] == "stumps"].iloc[0]
    depth = int(trees["depth"])
    data = f"{trees['dataset']}, m = {int(trees['m'])}"
    common = dict(
        id="B8",
        source="Mohri, Boosting, 'Standard Use in Practice'",
        figure="xor_stumps",
    )
    uniform = "edge γ = 1/2 - ε of the best stump under the uniform D"
    return [
        ClaimRow(
            title="Stumps are not weak learners for XOR: the best stump has edge 0",
            dataset="exact XOR: the 4 points (±1, ±1), y = x1·x2",
            quantity=uniform,
            measured=float(_edge(edges, "exact_xor", "stumps")["edge"]),
            bound=NO_EDGE_TOL,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            title="No stump has an edge on the XOR training set either",
            dataset=data,
            quantity=uniform + " (exact XOR if noise = 0 and 4 | m)",
            measured=float(_edge(edges, "dataset", "stumps")["edge"]),
            bound=NO_EDGE_TOL,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            title=f"Depth-{depth} trees are weak learners for XOR: AdaBoost with "
            f"them reaches training error 0",
            dataset=data,
            quantity=f"training error of AdaBoost with depth-{depth} trees after "
            f"{int(trees['rounds_kept'])} round(s) (stop: {trees['stop_reason']})",
            measured=float(trees["train_error"]),
            bound=0.0,
            relation="<=",
            kind="empirical",
            **common,
        ),
        ClaimRow(
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
        id="B8",
        source="Mohri, Boosting, 'Standard Use in Practice', "
        "'AdaBoost and Game Theory'",
        figure="xor_stumps",
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
                    title="Not weakly learnable, no positive margin: over all "
                    "stumps the maximum L1 margin on XOR is 0",
                    dataset=f"{data}; {over}",
                    quantity="LP maximum L1 margin rho* = max_alpha min_i "
                    "y_i f(x_i)/|alpha|_1 (exact XOR: every corner present)",
                    measured=rho,
                    bound=LP_TOL,
                    relation="<=",
                    kind="theorem",
                    **common,
                )
            )
        else:
            rows.append(
                ClaimRow(
                    title="Weakly learnable, positive margin: over depth-2 trees "
                    "the maximum L1 margin on XOR is positive",
                    dataset=f"{data}; {over}",
                    quantity="LP maximum L1 margin rho* "
                    f"(guaranteed edge gamma* = {value / 2:.6g})",
                    measured=rho,
                    bound=LP_TOL,
                    relation=">",
                    kind="theorem",
                    **common,
                )
            )
        rows.append(
            ClaimRow(
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
    common = dict(
        id="B9", source="UML notes, Boosting §I–II", figure="nonconvex_combination"
    )

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


def b10_mwu_boosting(
    history: pd.DataFrame,
    summary: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
) -> list[ClaimRow]:
    """B10: the majority of T = ⌈4/γ² ln(1/ν)⌉ MWU rounds is ν-strong (Mądry 2012).

    Rows:

    * the theorem's hypothesis, measured: min_t edge of h^t under p^t
      (``>= γ``; empirical, a property of the weak learner on this sample);
    * the theorem: the fraction of training points misclassified by
      maj(h^1, …, h^T) (``<= ν``). If the family was not γ-weak here
      (min edge < γ) the theorem says nothing: the row then says so in
      its quantity and has no bound (NaN), so it does not hold.
    """
    s = summary.iloc[0]
    gamma, nu, T = float(s["gamma"]), float(s["nu"]), int(s["T"])
    min_edge = float(history["edge"].min()) if len(history) else math.nan
    weak = bool(min_edge >= gamma)
    learner = str(s["weak_learner"])
    if learner == "trees":
        learner = f"depth-{int(s['depth'])} trees"
    data = f"{s['dataset']}, m = {int(s['n_samples'])}, {learner}"
    common = dict(
        id="B10",
        source="Mądry 2012, §3, Theorem 1",
        figure="mwu_boosting",
        dataset=data,
    )
    fraction = (
        f"fraction of training points misclassified by maj(h^1..h^T), "
        f"T = ⌈4/γ² ln(1/ν)⌉ = {T}, γ = {gamma:g}"
    )
    if not weak:
        fraction += (
            f"; NOT TESTED: the family was not γ-weak here (min edge "
            f"{min_edge:.4g} < γ), so the theorem gives no bound"
        )
    return [
        ClaimRow(
            title=f"The weak learner is γ-weak on this sample (γ = {gamma:g})",
            quantity=f"min over the {len(history)} rounds of the edge "
            f"1/2 - Pr_p^t[h^t(x) ≠ y]",
            measured=min_edge,
            bound=gamma,
            relation=">=",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title=f"The majority of T MWU rounds is ν-strong (ν = {nu:g})",
            quantity=fraction,
            measured=float(s["train_error"]),
            bound=nu if weak else math.nan,
            relation="<=",
            kind="theorem",
            **common,
        ),
    ]


def b18_mwu_theorem2(summary: pd.DataFrame, theorem2: pd.DataFrame) -> list[ClaimRow]:
    """B18: Theorem 2 of Mądry 2012 after every round of the B10 run.

    The run is multiplicative weights over the m experts (examples) with
    ε = γ ≤ ½, ρ = 1 and losses l_j^t ∈ {0, 1} (1 when h^t classifies x^j
    correctly), whose update w_j ← w_j (1 − ε)^{l_j^t} is the theorem's
    w_j ← w_j (1 − ε l_j^t/ρ) for such losses. Rows:

    * theorem: the largest l_MWU(1..t) − bound over every round t and the
      three choices of S of the study's ``theorem2`` table (S̄_t where it
      is non-empty, each single expert, all experts), ``<= 0``;
    * illustration: the slack bound − l_MWU after the last round, for each S
      (S̄ at the last round where the majority still erred).
    """
    s = summary.iloc[0]
    gamma = float(s["gamma"])
    table = theorem2.sort_values("t")
    choices = {"bar": "S = S̄_t", "single": "S = {i}", "all": "S = all"}
    gaps = {
        key: table["l_mwu"] - table[f"bound_{key}"] for key in choices
    }  # NaN where S̄_t is empty
    worst = max(
        float(np.nanmax(g)) if g.notna().any() else -np.inf for g in gaps.values()
    )
    bar_rounds = table[table["size_bar"] > 0]
    last = table.iloc[-1]
    slack = {
        "single": float(last["bound_single"] - last["l_mwu"]),
        "all": float(last["bound_all"] - last["l_mwu"]),
    }
    text = (
        f"S = {{i}}: {slack['single']:.4g}, S = all: {slack['all']:.4g} after "
        f"T = {int(last['t'])} rounds (l_MWU = {float(last['l_mwu']):.4g})"
    )
    if len(bar_rounds):
        at = bar_rounds.iloc[-1]
        slack["bar"] = float(at["bound_bar"] - at["l_mwu"])
        text += (
            f"; S = S̄_t: {slack['bar']:.4g} at t = {int(at['t'])}, the last round "
            f"the majority erred (|S̄_t| = {int(at['size_bar'])})"
        )
    learner = str(s["weak_learner"])
    if learner == "trees":
        learner = f"depth-{int(s['depth'])} trees"
    common = dict(
        id="B18",
        source="Mądry 2012, §3, Theorem 2 (and the proof of Theorem 1)",
        figure="mwu_boosting",
        dataset=f"{s['dataset']}, m = {int(s['n_samples'])} experts, {learner}, "
        f"epsilon = gamma = {gamma:g}, rho = 1, losses in {{0, 1}}",
    )
    return [
        ClaimRow(
            title="MWU loss <= max_S (sum l + eps sum |l|) + rho ln(n/|S|)/eps",
            quantity=f"max over the {len(table)} rounds t and S in {{S̄_t "
            f"({len(bar_rounds)} rounds with S̄_t non-empty), each {{i}}, all}} of "
            "l_MWU(1..t) - bound, l_MWU read from the run's weights",
            measured=worst,
            bound=0.0,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            title="slack of Theorem 2's bound",
            quantity=f"smallest bound - l_MWU over the S choices at the end: {text}",
            measured=min(slack.values()),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
    ]
