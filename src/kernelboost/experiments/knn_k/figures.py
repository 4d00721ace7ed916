"""Figures of the knn_k experiment, drawn from its tables.

Figure knn_k; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, draw_regions, new_figure


def plot_knn_k(
    errors: pd.DataFrame, regions: pd.DataFrame, points: pd.DataFrame
) -> Figure:
    """Figure ``knn_k`` (K14): k-NN regions for a few k, and errors against k."""
    ks = list(dict.fromkeys(regions["k"]))
    fig, axes = new_figure(1, len(ks) + 1, width=3.9 * (len(ks) + 1), height=4.0)
    with plt.rc_context(STYLE):
        train = points[points["train"]]
        for ax, k in zip(axes[:-1], ks, strict=True):
            draw_regions(ax, regions[regions["k"] == k], train)
            row = errors[errors["k"] == k].iloc[0]
            ax.set_title(
                f"K = {k}: training error {row['train_error']:.3f},\n"
                f"test error {row['test_error']:.3f}",
                fontsize=9,
            )
        ex = axes[-1]
        e = errors.sort_values("k")
        ex.plot(e["k"], e["train_error"], marker="o", ms=3, label="training error")
        ex.plot(e["k"], e["test_error"], marker="s", ms=3, label="test error")
        if "loo_error" in e:
            ex.plot(
                e["k"], e["loo_error"], marker="^", ms=3, label="leave-one-out (E4)"
            )
        ex.axhline(
            float(e["majority_test_error"].iloc[-1]),
            color="grey",
            ls=":",
            label="majority class (test)",
        )
        ex.set_xscale("log")
        ex.set_xlabel("k")
        ex.set_ylabel("error")
        ex.set_title("Errors against k (k = N: majority)", fontsize=9)
        ex.legend(fontsize=7)
        fig.suptitle(
            "k-NN: small k overfits, large k underfits (K14)", fontsize=11, y=1.06
        )
    return fig
