"""Figures of the boosting_cost experiment, drawn from its tables.

Figure boosting_cost; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, draw_timings, new_figure

_BOOSTING_COST_PANELS = (
    ("adaboost_vs_m", "against m (N, T fixed)", "m (training points)"),
    ("adaboost_vs_n", "against N (m, T fixed)", "N (features)"),
    ("adaboost_vs_t", "against T (m, N fixed)", "T (rounds)"),
)


def plot_boosting_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> Figure:
    """Figure ``boosting_cost`` (B11): AdaBoost-with-stumps fit time, log-log."""
    fig, axes = new_figure(1, 3, width=12.0, height=4.0, layout="constrained")
    with plt.rc_context(STYLE):
        draw_timings(axes, timings, fits, _BOOSTING_COST_PANELS)
        fig.suptitle("Stump boosting costs O(N m log m) + O(m N T) (B11)", fontsize=11)
    return fig
