"""Figures of the incremental_update experiment, drawn from its tables.

Figure incremental_update; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, draw_timings, new_figure
from .._shared.timing import exponent_table
from .claims import DRIFT_TOL

#: A drift of exactly 0 is drawn here, on the log axis.
_FLOOR = 1e-18


def plot_incremental_update(
    drift: pd.DataFrame,
    timings: pd.DataFrame,
    fits: pd.DataFrame,
    work: pd.DataFrame,
    tol: float = DRIFT_TOL,
) -> Figure:
    """Figure ``incremental_update`` (K18): drift of the kept Ka + b along the
    run; CPU time per update against n and the multiply-adds counted per
    update (log-log, fitted slopes)."""
    fig, (ax, bx, cx) = new_figure(1, 3, width=16.5, height=4.4, layout="constrained")
    with plt.rc_context(STYLE):
        for i, (learner, part) in enumerate(drift.groupby("learner", sort=False)):
            relative = part["drift"] / part["scale"].max()
            ax.semilogy(
                part["update"],
                np.maximum(relative, _FLOOR),
                color=f"C{i}",
                lw=0.6,
                alpha=0.8,
                label=f"{learner} ({len(part)} updates)",
            )
        ax.axhline(tol, color="grey", ls=":", lw=1.0, label=f"allowance {tol:g}")
        ax.set_ylim(_FLOOR / 2, 1.0)
        ax.set_xlabel("update")
        ax.set_ylabel("max|f − (K a + b)| / max|K a + b|")
        ax.set_title(
            f"Kept scores against a fresh K @ a + b ({drift['dataset'].iloc[0]})",
            fontsize=9,
        )
        ax.legend(fontsize=7, loc="upper left")
        draw_timings(
            [bx],
            timings,
            fits,
            (("update_vs_n", "CPU time of one update of Ka", "n (training points)"),),
        )
        draw_timings(
            [cx],
            work,
            exponent_table(work, "count"),
            (("update_vs_n", "Work of one update, counted", "n (training points)"),),
            value="count",
        )
        fig.suptitle(
            "Ka kept by O(n) updates against K @ a recomputed: drift, CPU time "
            "and counted work (Shewchuk, Lecture 14, 'Kernel Perceptrons'; K18)",
            fontsize=11,
        )
    return fig
