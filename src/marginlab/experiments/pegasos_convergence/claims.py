"""Claim rows of K13, from the pegasos_convergence experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow

#: K13's bound on the relative gap at the last step; the figure draws it.
GAP_TOL = 1e-2


def gap_slope(checkpoints: pd.DataFrame) -> float:
    """The slope of log(relative gap) against log(t) over the checkpoints with
    a positive gap (NaN with fewer than two): what K13's first row reads and
    the figure's title gives."""
    gap = checkpoints["rel_gap"].to_numpy()
    t = checkpoints["t"].to_numpy()
    positive = gap > 0
    return (
        float(np.polyfit(np.log(t[positive]), np.log(gap[positive]), 1)[0])
        if positive.sum() >= 2
        else float("nan")
    )


def k13_pegasos_convergence(checkpoints: pd.DataFrame) -> list[ClaimRow]:
    """K13: kernelized Pegasos approaches the SVM optimum.

    Rows: ``slope``, the slope of log(relative gap) against log(t) over the
    checkpoints (``< 0``: the gap decreases; the theory gives O(log T/(λT)),
    slope ≈ −1), and ``last_gap``, the relative gap at the last step T
    (``<= 1e-2``).
    """
    gap = checkpoints["rel_gap"].to_numpy()
    t = checkpoints["t"].to_numpy()
    slope = gap_slope(checkpoints)
    common = dict(
        source="Huang 2017, 'Kernelized Pegasos for SVM'",
        dataset=f"T = {t[-1]:,}",
    )
    return [
        ClaimRow(
            title="Pegasos' primal gap to the SVM optimum decreases with T",
            quantity="slope of log((P(w_t) - P*)/P*) vs log t",
            measured=slope,
            bound=0.0,
            relation="<",
            kind="empirical",
            name="slope",
            **common,
        ),
        ClaimRow(
            title="Pegasos reaches the SVM optimum within 1 %",
            quantity="(P(w_T) - P*)/P* at the last step",
            measured=float(gap[-1]),
            bound=GAP_TOL,
            relation="<=",
            # The guarantee is in expectation, O(log T/(λT)), with constants;
            # 1 % at this T on this data is a tendency, not a theorem.
            kind="empirical",
            name="last_gap",
            **common,
        ),
    ]
