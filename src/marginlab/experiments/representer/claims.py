"""Claim rows of K5, from the representer experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow

#: K5's bound on ‖w* − Π w*‖ / ‖w*‖ (L-BFGS's accuracy); the figure draws it.
SPAN_TOL = 1e-6


def k5_representer(iterates: pd.DataFrame) -> list[ClaimRow]:
    """K5: the primal optimum's component orthogonal to span{ψ(x_i)} vanishes.

    One row: ‖w* − Π w*‖ / ‖w*‖ at the last L-BFGS iterate (``<= 1e-6``).
    """
    last = iterates.iloc[-1]
    return [
        ClaimRow(
            title="the optimal w lies in span ψ(x_i) (representer theorem)",
            source="UML notes, Kernels §I",
            dataset=f"m = {int(last['n_samples'])} random points, ψ in "
            f"R^{int(last['dimension'])}, start {iterates['orth_ratio'].iloc[0]:.0%} "
            "outside the span",
            quantity="‖w* − Π w*‖ / ‖w*‖ after L-BFGS on ½‖w‖² + C Σ squared hinge",
            measured=float(last["orth_ratio"]),
            bound=SPAN_TOL,
            relation="<=",
            kind="theorem",
            name="orthogonal",
        )
    ]
