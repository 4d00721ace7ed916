"""Figures of the incremental_update experiment, drawn from its tables.

Figure incremental_update; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.transforms import offset_copy

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
    update (log-log, fitted slopes). Each legend is below its panel
    (:func:`_legend_below`), off the curves."""
    fig, (ax, bx, cx) = new_figure(1, 3, width=16.5, height=5.4, layout="constrained")
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
        for panel in (ax, bx, cx):
            _legend_below(fig, panel)
        fig.suptitle(
            "Ka kept by O(n) updates against K @ a recomputed: drift, CPU time "
            "and counted work (Shewchuk, Lecture 14, 'Kernel Perceptrons'; K18)",
            fontsize=11,
        )
    return fig


#: How far below its panel's bottom edge a legend starts (inches): below the
#: tick labels and the x label.
_LEGEND_DROP = 0.6


def _legend_below(fig: Figure, ax) -> None:
    """The panel's legend, 8 pt, :data:`_LEGEND_DROP` below the panel, so that
    it covers no curve (inside, the timing panels' legends lay on the
    incremental curve)."""
    ax.legend(
        fontsize=8,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        bbox_transform=offset_copy(
            ax.transAxes, fig=fig, y=-_LEGEND_DROP, units="inches"
        ),
    )
