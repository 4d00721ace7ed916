"""Figures of the pegasos_convergence experiment, drawn from its tables.

Figure pegasos_convergence; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure
from .claims import GAP_TOL, gap_slope


def plot_pegasos_convergence(checkpoints: pd.DataFrame) -> Figure:
    """Figure ``pegasos_convergence`` (K13): relative primal gap against T. The
    right title gives the fitted log-log slope and the last gap, the two
    numbers rows K13 read, rather than stating convergence."""
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.0)
    with plt.rc_context(STYLE):
        t = checkpoints["t"].to_numpy()
        ax.plot(t, checkpoints["objective"], marker="o", ms=3, label="Pegasos P(w_t)")
        ax.axhline(
            float(checkpoints["optimum"].iloc[0]),
            color="black",
            ls="--",
            label="SVM optimum P* (SMO, no bias)",
        )
        ax.set_xscale("log")
        ax.set_xlabel("step t")
        ax.set_ylabel("P(w) = λ/2‖w‖² + mean hinge")
        ax.set_title("Primal objective")
        ax.legend(fontsize=8)
        gap = checkpoints["rel_gap"].to_numpy()
        bx.loglog(
            t,
            np.where(gap > 0, gap, np.nan),
            marker="o",
            ms=3,
            label="(P(w_t) − P*)/P*",
        )
        ref = np.log(t) / t
        bx.loglog(
            t,
            ref * gap[-1] / ref[-1],
            color="grey",
            ls=":",
            label="∝ log t / t (theory)",
        )
        bx.axhline(
            GAP_TOL, color="black", ls="--", lw=1, label=f"{GAP_TOL * 100:g} % (claim)"
        )
        bx.set_xlabel("step t")
        bx.set_ylabel("relative gap")
        bx.set_title(
            f"Relative gap to the SVM optimum (K13): log-log slope "
            f"{gap_slope(checkpoints):.2f},\n{gap[-1]:.2g} at t = {int(t[-1]):,}",
            fontsize=10,
        )
        bx.legend(fontsize=8)
    return fig
