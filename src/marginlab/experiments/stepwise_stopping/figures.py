"""Figures of the stepwise_stopping experiment, drawn from its tables.

Figure stepwise_stopping; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure


def plot_stepwise_stopping(
    curve: pd.DataFrame, summary: pd.DataFrame, losses: pd.DataFrame
) -> Figure:
    """Figure ``stepwise_stopping`` (S5): validation and test error of forward
    stepwise selection against the number of features, per dataset, with the
    step where the validation error first rose and the model kept."""
    del losses
    names = list(dict.fromkeys(summary["dataset"]))
    fig, axes = new_figure(
        1, len(names), width=5.6 * len(names), height=4.4, squeeze=False
    )
    with plt.rc_context(STYLE):
        for ax, name in zip(axes[0], names, strict=True):
            c = curve[curve["dataset"] == name].sort_values("size")
            s = summary[summary["dataset"] == name].iloc[0]
            d, kept, stop = int(s["d"]), int(s["kept_size"]), int(s["stop_step"])
            ax.plot(
                c["size"],
                c["cv_mse"],
                "o-",
                color="C0",
                ms=3.5,
                label=f"validation ({int(s['n_splits'])}-fold CV on the training part)",
            )
            ax.plot(
                c["size"],
                c["test_mse"],
                "s-",
                color="C1",
                ms=3.5,
                label=f"test ({int(s['n_test'])} held-out points)",
            )
            ax.axvline(
                kept,
                color="C3",
                lw=1.4,
                label=f"kept: {kept} features, "
                f"test MSE {float(s['test_mse_kept']):.4g}",
            )
            if stop <= d:
                rise = c[c["size"] == stop]
                ax.plot(
                    rise["size"],
                    rise["cv_mse"],
                    "x",
                    color="C3",
                    ms=10,
                    mew=2,
                    label=f"step {stop}: validation error rose, search stopped",
                )
            best = int(s["test_min_size"])
            ax.plot(
                [best],
                [float(s["test_mse_min"])],
                "*",
                color="k",
                ms=11,
                label=f"test minimum on the path ({best} features)",
            )
            ax.plot(
                [d],
                [float(s["test_mse_all"])],
                "D",
                color="C1",
                mec="k",
                ms=6,
                label=f"all {d} features, test MSE {float(s['test_mse_all']):.4g}",
            )
            ax.set_xlabel("features in the model (forward stepwise order)")
            ax.set_ylabel("mean squared error")
            ax.set_title(
                f"{name} ({int(s['n_train'])} training points, d = {d})", fontsize=10
            )
            ax.legend(fontsize=7)
        fig.suptitle(
            "S5 — forward stepwise: add the best feature until the validation "
            "error rises (Shewchuk, Lecture 14, §14.2)",
            fontsize=11,
        )
        fig.tight_layout()
    return fig
