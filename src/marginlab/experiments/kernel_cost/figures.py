"""Figures of the kernel_cost experiment, drawn from its tables.

Figure kernel_cost; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

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
    slope in log-log)."""
    fig, axes = new_figure(2, 4, width=19.0, height=8.0, layout="constrained")
    with plt.rc_context(STYLE):
        draw_timings(axes[0], timings, fits, _COST_PANELS)
        draw_timings(
            axes[1], work, exponent_table(work, "count"), _COST_PANELS, value="count"
        )
        fig.suptitle(
            "Cost of kernels against explicit feature maps (K2, K8): CPU time "
            "above (timings.csv), counted work below (claims.csv)",
            fontsize=11,
        )
    return fig
