"""Figures of the noise_robustness experiment, drawn from its tables.

Figure noise_robustness; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, legend_outside, new_figure, proportion_bars

#: The suptitle: what is drawn, not that noise damages AdaBoost (rows B12
#: say whether it did, from paired and Clopper–Pearson intervals).
SUPTITLE = "AdaBoost and the Gaussian SVM with flipped training labels (B12)"

#: The left panel's y label: it draws test errors on the clean test labels and
#: AdaBoost's training error on the training labels as flipped.
YLABEL = "error (test: clean labels; training: as flipped)"


def plot_noise_robustness(rates: pd.DataFrame) -> Figure:
    """Figure ``noise_robustness`` (B12): test error against the noise rate
    (on the clean test labels), AdaBoost's training error (on the training
    labels as flipped), and
    how well AdaBoost's weights find the flipped labels: the precision with
    the 95 % Clopper–Pearson interval the rows read, against the rows' base
    rate n_flipped / m."""
    t = rates.sort_values("rate")
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.0, layout="constrained")
    with plt.rc_context(STYLE):
        ax.plot(
            t["rate"],
            t["adaboost_test_error"],
            marker="o",
            label="AdaBoost (stumps), test error (clean labels)",
        )
        ax.plot(
            t["rate"],
            t["svm_test_error"],
            marker="s",
            label="SVM (Gaussian), test error (clean labels)",
        )
        ax.plot(
            t["rate"],
            t["adaboost_train_error"],
            marker=".",
            ls=":",
            color="C0",
            label="AdaBoost, training error (labels with the flips)",
        )
        ax.set_xlabel("fraction of training labels flipped")
        ax.set_ylabel(YLABEL)
        ax.set_title(
            f"Test and training error against label noise "
            f"(T = {int(t['rounds'].max())})",
            fontsize=10,
        )
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.16))
        p = t[t["rate"] > 0]
        bx.errorbar(
            p["rate"],
            p["precision"],
            yerr=proportion_bars(p["precision"], p["n_flipped"]),
            marker="o",
            capsize=2,
            color="C2",
            label="precision of the top weights (95 % Clopper–Pearson)",
        )
        bx.plot(
            p["rate"],
            p["n_flipped"] / p["n_train"],
            ls=":",
            color="grey",
            label="random pick (n_flipped / m)",
        )
        bx.set_ylim(0, 1.05)
        bx.set_xlabel("fraction of training labels flipped")
        bx.set_ylabel("flipped among the n_flipped heaviest points")
        bx.set_title("Flipped labels among AdaBoost's heaviest points", fontsize=10)
        legend_outside(bx, ncols=1)
        fig.suptitle(SUPTITLE, fontsize=11)
    return fig
