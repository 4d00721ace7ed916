"""Figures of the representer experiment, drawn from its tables.

Figure representer; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure
from .claims import SPAN_TOL


def plot_representer(iterates: pd.DataFrame, tol: float = SPAN_TOL) -> Figure:
    """Figure ``representer`` (K5): the part of w outside span ψ(x_i) per
    L-BFGS iteration; the suptitle gives it at the last iterate, the number
    row K5 reads."""
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.0)
    with plt.rc_context(STYLE):
        last = iterates.iloc[-1]
        ax.semilogy(iterates["iteration"], iterates["orth_ratio"], color="C3")
        ax.axhline(tol, color="black", ls="--", lw=1, label=f"claim: ≤ {tol:g}")
        ax.set_xlabel("L-BFGS iteration")
        ax.set_ylabel("‖w − Πw‖ / ‖w‖")
        ax.set_title(
            f"Component of w outside span ψ(xᵢ) (m = {int(last['n_samples'])},"
            f" D = {int(last['dimension'])})",
            fontsize=10,
        )
        ax.legend(fontsize=8)
        bx.semilogy(
            iterates["iteration"],
            iterates["objective"] - last["objective"] + 1e-16,
            color="C0",
        )
        bx.set_xlabel("L-BFGS iteration")
        bx.set_ylabel("J(w) − J(w*)")
        bx.set_title("Primal objective ½‖w‖² + C Σ squared hinge", fontsize=10)
        fig.suptitle(
            "Representer theorem (K5): ‖w − Πw‖ / ‖w‖ at the last iterate "
            f"{float(last['orth_ratio']):.2g}",
            fontsize=11,
        )
    return fig
