"""Figures of the margin_growth experiment, drawn from its tables.

Figure margin_growth; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, dataset_axes


def plot_margin_growth(margins: pd.DataFrame) -> Figure:
    """Figure ``margin_growth`` (B5, B7): AdaBoost's minimum margin against T,
    with the LP maximum ρ* and ρ*/2."""
    names = list(dict.fromkeys(margins["dataset"]))
    fig, axes = dataset_axes(names)
    with plt.rc_context(STYLE):
        for ax, name in zip(axes, names, strict=True):
            part = margins[margins["dataset"] == name].sort_values("t")
            rho = float(part["rho_star"].iloc[0])
            ax.plot(
                part["t"], part["min_margin"], color="C0", label="AdaBoost min margin"
            )
            ax.axhline(rho, color="C3", label=f"LP maximum ρ* = {rho:.4f}")
            ax.axhline(rho / 2, color="C3", ls="--", label="ρ*/2")
            ax.axhline(0, color="grey", lw=0.8)
            ax.set_xscale("log")
            ax.set_xlabel("round T")
            last = float(part["min_margin"].iloc[-1])
            ax.set_title(
                f"{name}: {int(part['n_hypotheses'].iloc[0])} distinct stumps\n"
                f"min margin at T = {int(part['t'].iloc[-1])}: {last:.4f} "
                f"({last / rho:.2f} ρ*)",
                fontsize=10,
            )
            ax.legend(fontsize=7, loc="lower right")
        axes[0].set_ylabel("min_i y_i f_T(x_i) / ‖α‖₁")
        fig.suptitle(
            "AdaBoost's minimum margin against T, with the LP maximum ρ* (B7)",
            fontsize=11,
            y=1.02,
        )
    return fig
