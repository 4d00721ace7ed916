"""Claim rows of B15, from the margin_cycle experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow

#: The margins Rudin, Daubechies and Schapire (2004) state for their 8 × 8
#: example: the maximum L1 margin, and the margin AdaBoost tends to from their
#: D_1 ("e.g., 1/3 instead of 3/8", Mohri, Boosting).
RUDIN_RHO_STAR = 3.0 / 8.0


RUDIN_ADABOOST_MARGIN = 1.0 / 3.0


#: "Significantly below": at least half the gap the paper states, 1/48.
RUDIN_GAP = (RUDIN_RHO_STAR - RUDIN_ADABOOST_MARGIN) / 2.0


def b15_adaboost_cycle(lp: pd.DataFrame, runs: pd.DataFrame) -> list[ClaimRow]:
    """B15: AdaBoost need not maximize the L1 margin (Rudin et al. 2004).

    On the paper's 8 × 8 margin matrix:

    * |ρ* − 3/8| for the LP's ρ* (``<= 1e-9``, identity: the paper's number,
      which a wrong LP or a wrong transcription of M would miss);
    * from the paper's D_1, ρ* minus AdaBoost's largest L1 margin over the
      rounds t > T/2 (``>= 1/48``, half the stated gap 3/8 − 1/3; theorem of
      the paper: from this D_1 AdaBoost cycles with margin tending to 1/3);
    * |limit − 1/3|, the limit read off the cycle the run ends on
      (min_i (M a)_i / ‖a‖₁, a the α of one period; ``<= 1e-9``, theorem of
      the paper; NaN, so not holding, if no cycle was found);
    * the largest L1 margin of any run at any round minus ρ*
      (``<= 1e-9``, theorem: no convex combination beats the LP);
    * what AdaBoost does from the uniform distribution (illustration);
    * what it does from the random starts, if any (illustration).
    """
    rho = float(lp["rho_star"].iloc[0])
    value = float(lp["game_value"].iloc[0])
    by_start = runs.set_index("start")
    paper, uniform = by_start.loc["paper"], by_start.loc["uniform"]
    T = int(paper["n_rounds"])
    common = dict(
        source="Mohri, Boosting, 'But, Does AdaBoost Maximize the Margin?' "
        "(Rudin, Daubechies and Schapire 2004)",
    )
    matrix = "8 x 8 margin matrix of Rudin, Daubechies and Schapire (2004)"
    start = f"{matrix}; optimal AdaBoost from their D_1, T = {T}"

    def cycle_text(run: pd.Series) -> str:
        if int(run["period"]) == 0:
            return "no cycle of period <= 12 found at the end"
        return (
            f"cycle of period {int(run['period'])} on columns "
            f"{run['cycle_columns']}, D closes to {float(run['closure']):.2g}"
        )

    rows = [
        ClaimRow(
            name="rho_star",
            title="The maximum L1 margin of the paper's example is 3/8",
            dataset=matrix,
            quantity=f"|LP rho* - 3/8| (LP dual, 2 gamma* = {value:.12g})",
            measured=abs(rho - RUDIN_RHO_STAR),
            bound=1e-9,
            relation="<=",
            kind="identity",
            **common,
        ),
        ClaimRow(
            name="gap/paper",
            title="AdaBoost stays significantly below the maximum margin",
            dataset=start,
            quantity=f"rho* ({rho:.6g}) - AdaBoost's largest L1 margin over "
            f"rounds t > T/2 ({float(paper['margin_max_late']):.6g}); bound: "
            "half of 3/8 - 1/3",
            measured=rho - float(paper["margin_max_late"]),
            bound=RUDIN_GAP,
            relation=">=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            name="limit/paper",
            title="From the paper's D_1, AdaBoost's margin tends to 1/3",
            dataset=start,
            quantity="|limit of the L1 margin - 1/3|, limit from the "
            f"{cycle_text(paper)} (margin at T: {float(paper['margin_last']):.6g})",
            measured=abs(float(paper["limit_margin"]) - RUDIN_ADABOOST_MARGIN),
            bound=1e-9,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            name="ceiling",
            title="AdaBoost's margin never exceeds the LP maximum",
            dataset=f"{matrix}; {len(runs)} starts, T = {T}",
            quantity=f"largest L1 margin of any start at any round - rho* ({rho:.6g})",
            measured=float(runs["margin_max"].max()) - rho,
            bound=1e-9,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            name="margin/uniform",
            title="From the uniform distribution",
            dataset=f"{matrix}; optimal AdaBoost from uniform D_1, T = {T}",
            quantity=f"AdaBoost's L1 margin at T; {cycle_text(uniform)}, limit "
            f"{float(uniform['limit_margin']):.6g}; rho* = {rho:.6g}",
            measured=float(uniform["margin_last"]),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
    ]
    random = runs[runs["start"].astype(str).str.startswith("random")]
    if len(random):
        third = (random["limit_margin"] - RUDIN_ADABOOST_MARGIN).abs() <= 1e-9
        others = random.loc[~third, "margin_last"]
        if len(others) == 0:
            rest = "every start does"
        elif len(others) == 1:
            rest = f"the other has L1 margin {others.iloc[0]:.6g} at T"
        else:
            rest = (
                f"the other {len(others)} have L1 margins {others.min():.6g} to "
                f"{others.max():.6g} at T"
            )
        rest += f" (rho* = {rho:.6g})"
        rows.append(
            ClaimRow(
                name="cycles/random",
                title="From random initial distributions",
                dataset=f"{matrix}; {len(random)} random D_1 (Dirichlet(1)), T = {T}",
                quantity="number of starts that end on a cycle whose margin "
                f"tends to 1/3; {rest}",
                measured=float(third.sum()),
                bound=float("nan"),
                relation="n/a",
                kind="illustration",
                **common,
            )
        )
    return rows
