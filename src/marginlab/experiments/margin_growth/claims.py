"""Claim rows of B7, from the margin_growth experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow


def b7_max_margin(margins: pd.DataFrame) -> list[ClaimRow]:
    """B7: the LP's maximum margin, its dual, and AdaBoost's margin beside it.

    Per dataset: |ρ* − 2γ*| (LP primal = dual, ``<= 1e-8``, a check of the
    two LP solves: duality makes them equal); the
    largest AdaBoost minimum margin over all rounds minus ρ* (``<= 1e-9``:
    no combination beats the LP, theorem); AdaBoost's minimum margin at the
    last round minus ρ*/2 (``>= 0``, empirical).
    """
    rows = []
    for name, part in margins.groupby("dataset", sort=False):
        part = part.sort_values("t")
        first, last = part.iloc[0], part.iloc[-1]
        rho = float(first["rho_star"])
        common = dict(
            source="Mohri, Boosting, 'But, Does AdaBoost Maximize the Margin?', "
            "'AdaBoost and Game Theory', 'Linear Programming Problem'",
            dataset=f"{name} ({int(first['n_train'])} training points, "
            f"{int(first['n_hypotheses'])} distinct stumps), T = {int(last['t'])}",
        )
        rows += [
            ClaimRow(
                name=f"duality/{name}",
                title="max-margin LP and the game value agree: rho* = 2 gamma*",
                quantity="|LP primal rho* - LP dual (game value)|",
                measured=abs(rho - float(first["game_value"])),
                bound=1e-8,
                relation="<=",
                # LP duality makes them equal; the row checks the two solves.
                kind="check",
                **common,
            ),
            ClaimRow(
                name=f"ceiling/{name}",
                title="AdaBoost's margin never exceeds the LP maximum",
                quantity=f"max over rounds of AdaBoost's min margin - rho* ({rho:.6g})",
                measured=float(part["min_margin"].max()) - rho,
                bound=1e-9,
                relation="<=",
                kind="theorem",
                **common,
            ),
            ClaimRow(
                name=f"half/{name}",
                title="AdaBoost reaches at least half the maximum margin",
                quantity=f"AdaBoost's min margin at T_max - rho*/2 ({rho / 2:.6g})",
                measured=float(last["min_margin"]) - rho / 2,
                bound=0.0,
                relation=">=",
                kind="empirical",
                **common,
            ),
        ]
    return rows
