"""Figures of the boosting_overfit experiment, drawn from its tables.

Figure boosting_overfit; its caption is ``boosting_overfit.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure

#: The suptitle: what is drawn, not that boosting overfits (rows B20 say
#: whether it did, from paired intervals on the test points).
SUPTITLE = (
    "AdaBoost with flipped training labels: errors against T and the "
    "training margins (B20)"
)


def _cdf(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    x = np.sort(values)
    return x, np.arange(1, x.size + 1) / x.size


def plot_boosting_overfit(
    curve: pd.DataFrame, margins: pd.DataFrame, summary: pd.DataFrame
) -> Figure:
    """Figure ``boosting_overfit`` (B20): errors against T with the CV-chosen
    T marked, and the training margins at that T and at T_max."""
    s = summary.iloc[0]
    T_sel, T_max = int(s["selected"]), int(s["rounds_kept"])
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.2, layout="constrained")
    with plt.rc_context(STYLE):
        ax.plot(
            curve["t"], curve["test_error"], color="C3", label="test (clean labels)"
        )
        ax.plot(
            curve["t"],
            curve["cv_error"],
            color="C0",
            label=f"{int(s['n_splits'])}-fold CV (flipped labels)",
        )
        ax.plot(
            curve["t"],
            curve["train_error"],
            color="C0",
            ls=":",
            label="training (flipped labels)",
        )
        for T, style in ((T_sel, "--"), (T_max, "-.")):
            ax.axvline(T, color="grey", ls=style, lw=1)
        ax.set_xscale("log")
        top = float(curve[["test_error", "cv_error", "train_error"]].max().max())
        ax.set_ylim(0.0, 1.45 * top)
        ax.set_xlabel("rounds T")
        ax.set_ylabel("error")
        ax.set_title(
            f"{int(s['n_flipped'])} of {int(s['n_train'])} training labels flipped; "
            f"CV picks T = {T_sel}",
            fontsize=10,
        )
        ax.legend(fontsize=8, loc="upper left", ncol=2)
        for (name, T), colour in zip(
            (("selected", T_sel), ("last", T_max)), ("C2", "C1"), strict=True
        ):
            part = margins[margins["rounds"] == name]
            bx.step(
                *_cdf(part["margin"].to_numpy()),
                where="post",
                color=colour,
                label=f"T = {T}, all training points",
            )
            flipped = part[part["flipped"] == 1]["margin"].to_numpy()
            if flipped.size:
                bx.step(
                    *_cdf(flipped),
                    where="post",
                    color=colour,
                    ls=":",
                    label=f"T = {T}, flipped points",
                )
        bx.axvline(0.0, color="grey", lw=0.8)
        bx.set_xlabel("training margin y f(x) / ‖α‖₁ (flipped labels)")
        bx.set_ylabel("cumulative fraction")
        bx.set_title("The margin theory's view: training margins", fontsize=10)
        bx.legend(fontsize=8, loc="lower right")
        fig.suptitle(SUPTITLE, fontsize=11)
    return fig
