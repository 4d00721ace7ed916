"""Figures of the kernel_cost experiment, drawn from its tables.

Figure kernel_cost; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.transforms import offset_copy

from .._shared.figures import STYLE, draw_timings, new_figure
from .._shared.timing import exponent_table

_COST_PANELS = (
    ("feature_vs_kernel", "K2: one kernel value, degree d", "n (input dimension)"),
    ("gram_vs_m", "K8: Gram matrix of ⟨x, x'⟩², d fixed", "n (samples)"),
    ("gram_vs_d", "K8: Gram matrix of ⟨x, x'⟩², n fixed", "d (features)"),
    ("predict_vs_m", "K8: prediction per test point", "n (training samples)"),
)


def plot_kernel_cost(
    timings: pd.DataFrame, fits: pd.DataFrame, work: pd.DataFrame
) -> Figure:
    """Figure ``kernel_cost`` (K2, K8), log-log against size: above, the best
    CPU time (timings.csv); below, the multiply-adds counted by the running
    code (claims.csv). Every curve is labelled with its fitted exponent (the
    slope in log-log), in a legend below its panel (:func:`_legend_below`),
    off the curves."""
    fig, axes = new_figure(2, 4, width=19.0, height=10.0, layout="constrained")
    with plt.rc_context(STYLE):
        draw_timings(axes[0], timings, fits, _COST_PANELS)
        draw_timings(
            axes[1], work, exponent_table(work, "count"), _COST_PANELS, value="count"
        )
        for ax in axes.flat:
            _legend_below(fig, ax)
        fig.suptitle(
            "Cost of kernels against explicit feature maps (K2, K8): CPU time "
            "above (timings.csv), counted work below (claims.csv)",
            fontsize=11,
        )
    return fig


#: How far below its panel's bottom edge a legend starts (inches): below the
#: slanted size labels and the x label.
_LEGEND_DROP = 0.8


def _legend_below(fig: Figure, ax) -> None:
    """The panel's legend (8 pt, two columns), :data:`_LEGEND_DROP` below the
    panel, so that it covers no curve (inside, the K2 panels' legend of six
    curves lay on them)."""
    ax.legend(
        fontsize=8,
        ncols=2,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        bbox_transform=offset_copy(
            ax.transAxes, fig=fig, y=-_LEGEND_DROP, units="inches"
        ),
    )
