"""Figures of the boosting_cost experiment, drawn from its tables.

Figure boosting_cost; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, draw_timings, new_figure
from .._shared.timing import exponent_table

_BOOSTING_COST_PANELS = (
    ("adaboost_vs_m", "against m (N, T fixed)", "m (training points)"),
    ("adaboost_vs_n", "against N (m, T fixed)", "N (features)"),
    ("adaboost_vs_t", "against T (m, N fixed)", "T (rounds)"),
)


def plot_boosting_cost(
    timings: pd.DataFrame, fits: pd.DataFrame, work: pd.DataFrame
) -> Figure:
    """Figure ``boosting_cost`` (B11), log-log: above, the best CPU time of the
    rounds and of the presort; below, the work one fit counted (partial sums
    of the scans, values presorted). Each legend gives the fitted exponent."""
    fig, axes = new_figure(2, 3, width=12.0, height=7.6, layout="constrained")
    with plt.rc_context(STYLE):
        draw_timings(axes[0], timings, fits, _BOOSTING_COST_PANELS)
        draw_timings(
            axes[1],
            work,
            exponent_table(work, "count"),
            _BOOSTING_COST_PANELS,
            value="count",
        )
        fig.suptitle(
            "Stump boosting's cost against m, N and T, claimed O(N m log m) + "
            "O(m N T) (B11): CPU time above (timings.csv), counted work below "
            "(claims.csv)",
            fontsize=11,
        )
    return fig
