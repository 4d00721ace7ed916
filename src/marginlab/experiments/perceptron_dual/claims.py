"""Claim rows of K6, from the perceptron_dual experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow


def k6_perceptron_dual(worked: pd.DataFrame, compare: pd.DataFrame) -> list[ClaimRow]:
    """K6: the worked table of Huang 2017, and primal = dual on data.

    Rows: ``worked_table`` (largest deviation of w and α from the lecture's
    numbers, ``<= 0``); then per dataset ``same_mistakes/<dataset>``, the
    first position where the primal and dual mistake sequences differ
    (``== -1``: never), and ``w_residual/<dataset>``,
    ‖w − Σ α_i φ(x_i)‖ / max(‖w‖, 1) (``<= 1e-9``).
    """
    seed_cols = ["w1_seed", "w2_seed", "alpha1_seed", "alpha2_seed", "alpha3_seed"]
    ours = worked[["w1", "w2", "alpha1", "alpha2", "alpha3"]].to_numpy()
    seed = worked[seed_cols].to_numpy()
    implicit = worked[["wd1", "wd2"]].to_numpy() - worked[["w1", "w2"]].to_numpy()
    deviation = float(np.abs(np.hstack([ours - seed, implicit])).max())
    rows = [
        ClaimRow(
            title="worked primal/dual perceptron table of Huang 2017 reproduced",
            source="Huang 2017, 'Kernelized Perceptron'",
            dataset="x1=(0,1):-1, x2=(2,1):+1, x3=(0,-1):+1",
            quantity=(
                f"max deviation from the lecture's w and α over {len(worked)} updates"
            ),
            measured=deviation if len(worked) == 3 else float("nan"),
            bound=0.0,
            relation="<=",
            kind="identity",
            name="worked_table",
        )
    ]
    for r in compare.itertuples(index=False):
        common = dict(
            source="Shewchuk, Lecture 14, 'Kernel Perceptrons'; Mądry 2012, §2; "
            "Huang 2017, 'Kernelized Perceptron'",
            dataset=r.dataset,
            kind="identity",
        )
        rows.append(
            ClaimRow(
                title=f"primal and dual perceptron make the same mistakes ({r.kernel})",
                quantity=f"first differing position of {r.n_mistakes_primal} vs "
                f"{r.n_mistakes_dual} mistakes (-1: none)",
                measured=float(r.first_difference),
                bound=-1.0,
                relation="==",
                name=f"same_mistakes/{r.dataset}",
                **common,
            )
        )
        rows.append(
            ClaimRow(
                title=f"w = Σ α_i φ(x_i) ({r.kernel})",
                quantity="‖w - Σ α_i φ(x_i)‖ / max(‖w‖, 1)",
                measured=float(r.w_rel_diff),
                bound=1e-9,
                relation="<=",
                name=f"w_residual/{r.dataset}",
                **common,
            )
        )
    return rows
