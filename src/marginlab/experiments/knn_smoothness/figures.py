"""Figures of the knn_smoothness experiment, drawn from its tables.

Figure knn_smoothness; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import (
    STYLE,
    count_steps,
    draw_correlations,
    draw_regions,
    draw_sweeps,
    replicates_row,
)


def suptitle(lengths: pd.DataFrame) -> str:
    """What is drawn, and how many steps to a larger k shorten the boundary
    (counted from ``lengths``; no verdict: that is the row's)."""
    shorter, steps = count_steps(lengths.sort_values("k")["boundary_length"], "down")
    return (
        f"k-NN decision boundary length against k: {shorter} of {steps} "
        "steps to a larger k shorten it (K21)"
    )


def plot_knn_smoothness(
    lengths: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    replicates: pd.DataFrame,
) -> Figure:
    """Figure ``knn_smoothness`` (K21): k-NN regions for the lecture's k on
    the run's training set; the decision-boundary length against k on it
    and on the other training sets (thin grey); Spearman's ρ of k and the
    length on every training set, with the mean and its t interval that
    K21's row reads (:func:`~.._shared.samples.mean_correlation`). The suptitle counts
    the steps of the run's own sweep that shorten the boundary
    (:func:`suptitle`)."""
    ks = list(dict.fromkeys(regions["k"]))
    fig, axes = replicates_row(len(ks) + 1, height=4.3)
    with plt.rc_context(STYLE):
        train = points[points["train"]]
        e = lengths.sort_values("k")
        for ax, k in zip(axes[:-2], ks, strict=True):
            draw_regions(ax, regions[regions["k"] == k], train)
            row = e[e["k"] == k].iloc[0]
            ax.set_title(
                f"K = {k}: boundary length {row['boundary_length']:.3g}",
                fontsize=9,
            )
        bx = axes[-2]
        draw_sweeps(bx, replicates, "k")
        for k in ks:
            row = e[e["k"] == k].iloc[0]
            bx.plot(row["k"], row["boundary_length"], "o", ms=7, mfc="none", c="k")
        bx.set_xlabel("k")
        bx.set_ylabel("decision boundary length (data units)")
        g = int(e["grid_points"].iloc[0])
        bx.set_title(f"Boundary length on a {g} × {g} grid", fontsize=9)
        bx.legend(fontsize=8)
        draw_correlations(axes[-1], replicates, "k", "k")
        fig.suptitle(suptitle(e), fontsize=11)
    return fig
