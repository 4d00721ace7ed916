"""Claim rows of B10 and B18, from the mwu_boosting experiment's tables."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow


def b10_mwu_boosting(
    history: pd.DataFrame,
    summary: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
) -> list[ClaimRow]:
    """B10: the majority of T = ⌈4/γ² ln(1/ν)⌉ MWU rounds is ν-strong (Mądry 2012).

    Parameters
    ----------
    history, summary, regions, points : DataFrame
        From :func:`.study.mwu_tables`.

    Returns
    -------
    list of ClaimRow
        * the theorem's hypothesis, measured: min_t edge of h^t under p^t
          (``>= γ``), a ``check``, not evidence: it is the premise of the
          theorem, not its conclusion, and on the configured data it holds
          by construction (stumps on ``three_clusters`` have edge ≥ 1/6
          under any weights, see :func:`.study.mwu_tables`, and γ = 0.15 is
          below 1/6);
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
        source="Mądry 2012, §3, Theorem 1",
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
            name="edge",
            title=f"The weak learner is γ-weak on this sample (γ = {gamma:g})",
            quantity=f"min over the {len(history)} rounds of the edge "
            f"1/2 - Pr_p^t[h^t(x) ≠ y]",
            measured=min_edge,
            bound=gamma,
            relation=">=",
            # The theorem's premise; stumps on three_clusters have edge ≥ 1/6
            # by construction, above γ = 0.15: a check, not evidence.
            kind="check",
            **common,
        ),
        ClaimRow(
            name="majority",
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
        source="Mądry 2012, §3, Theorem 2 (and the proof of Theorem 1)",
        dataset=f"{s['dataset']}, m = {int(s['n_samples'])} experts, {learner}, "
        f"epsilon = gamma = {gamma:g}, rho = 1, losses in {{0, 1}}",
    )
    return [
        ClaimRow(
            name="bound",
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
            name="slack",
            title="slack of Theorem 2's bound",
            quantity=f"smallest bound - l_MWU over the S choices at the end: {text}",
            measured=min(slack.values()),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
    ]
