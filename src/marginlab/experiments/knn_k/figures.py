"""Figures of the knn_k experiment, drawn from its tables.

Figure knn_k; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, draw_regions, draw_replicates, replicates_row
from .claims import loo_differences, mean_difference


def plot_knn_k(
    errors: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    replicates: pd.DataFrame,
) -> Figure:
    """Figure ``knn_k`` (K14, E4): k-NN regions for a few k, errors against
    k; LOO(1-NN) − LOO(3-NN) on every training set, with the mean and its t
    interval that E4's row reads (:func:`.claims.mean_difference`)."""
    ks = list(dict.fromkeys(regions["k"]))
    fig, axes = replicates_row(len(ks) + 1, height=4.0)
    with plt.rc_context(STYLE):
        train = points[points["train"]]
        for ax, k in zip(axes[:-2], ks, strict=True):
            draw_regions(ax, regions[regions["k"] == k], train)
            row = errors[errors["k"] == k].iloc[0]
            ax.set_title(
                f"K = {k}: training error {row['train_error']:.3f},\n"
                f"test error {row['test_error']:.3f}",
                fontsize=9,
            )
        ex = axes[-2]
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
        dx = axes[-1]
        d = loo_differences(replicates)
        m = mean_difference(replicates)
        draw_replicates(dx, d.to_numpy(), m)
        dx.set_ylabel("LOO(1-NN) - LOO(3-NN)")
        dx.set_title(
            f"E4 on {len(d)} training sets"
            + (f":\nmean {m.mean:.3f} [{m.low:.3f}, {m.high:.3f}]" if m else ""),
            fontsize=9,
        )
        dx.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.02))
        fig.suptitle(
            "k-NN regions and errors against k (K14); LOO(1-NN) − LOO(3-NN) "
            "over training sets (E4)",
            fontsize=11,
        )
    return fig
