"""Figures of the arc_gv experiment, drawn from its tables.

Figure arc_gv; its caption is ``arc_gv.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure

#: Colour and label of each algorithm.
_LOOK = {"adaboost": ("C0", "AdaBoost"), "arc_gv": ("C3", "arc-gv")}


def plot_arc_gv(
    history: pd.DataFrame, margins: pd.DataFrame, summary: pd.DataFrame
) -> Figure:
    """Figure ``arc_gv`` (B21): per dataset, the training-margin distributions of
    AdaBoost and arc-gv after T rounds, and their test error against T."""
    names = list(dict.fromkeys(summary["dataset"]))
    fig, axes = new_figure(
        len(names),
        2,
        width=10.5,
        height=3.8 * len(names),
        squeeze=False,
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        for (ax, bx), name in zip(axes, names, strict=True):
            s = summary[summary["dataset"] == name].set_index("algorithm")
            for algorithm, (colour, label) in _LOOK.items():
                u = np.sort(
                    margins[
                        (margins["dataset"] == name)
                        & (margins["algorithm"] == algorithm)
                    ]["margin"].to_numpy()
                )
                ax.step(
                    u,
                    np.arange(1, u.size + 1) / u.size,
                    where="post",
                    color=colour,
                    label=f"{label}: min {u[0]:.3f}",
                )
                h = history[
                    (history["dataset"] == name) & (history["algorithm"] == algorithm)
                ]
                bx.plot(h["t"], h["test_error"], color=colour, label=f"{label}, test")
                bx.plot(
                    h["t"],
                    h["train_error"],
                    color=colour,
                    ls=":",
                    label=f"{label}, training",
                )
            rho = float(s["rho_star"].iloc[0])
            ax.axvline(
                rho, color="grey", ls="--", lw=1, label=f"max margin ρ* = {rho:.3f}"
            )
            ax.set_xlabel("training margin y f(x) / ‖α‖₁")
            ax.set_ylabel("cumulative fraction")
            ax.set_title(f"{name}: margins after T rounds", fontsize=10)
            ax.legend(fontsize=8, loc="upper left")
            bx.set_xscale("log")
            bx.set_xlabel("rounds T")
            bx.set_ylabel("error")
            bx.set_title(f"{name}: error against T", fontsize=10)
            bx.legend(fontsize=8)
        fig.suptitle("arc-gv against AdaBoost, with stumps (B21)", fontsize=11)
    return fig
