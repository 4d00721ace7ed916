"""Figures of the margin_growth experiment, drawn from its tables.

Figure margin_growth; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure

#: The zoomed panel's margin around its data, as a fraction of their range.
PAD = 0.12


def zoom_limits(part: pd.DataFrame) -> tuple[float, float]:
    """The y range of a dataset's zoomed panel, read from its rows: ρ*/2 and
    the margin at the last round (B7's last row), up to ρ* and the largest
    margin over rounds (its second row), with :data:`PAD` of their range
    around them, so that the gap between the last margin and ρ* is a visible
    fraction of the panel rather than of the whole range from −1."""
    rho = float(part["rho_star"].iloc[0])
    last = float(part.sort_values("t")["min_margin"].iloc[-1])
    lo = min(rho / 2, last)
    hi = max(rho, float(part["min_margin"].max()))
    pad = PAD * (hi - lo)
    return lo - pad, hi + pad


def plot_margin_growth(margins: pd.DataFrame) -> Figure:
    """Figure ``margin_growth`` (B7): AdaBoost's minimum margin against T,
    with the LP maximum ρ* and ρ*/2; one column per dataset, every round on
    top (the zoomed range shaded) and, below, the same curve with its y range
    read from the rows (:func:`zoom_limits`), titled with the gap between ρ*
    and the margin at the last round."""
    names = list(dict.fromkeys(margins["dataset"]))
    n = len(names)
    fig, axes = new_figure(
        2,
        n,
        width=3.9 * n,
        height=6.4,
        squeeze=False,
        sharex="col",
        gridspec_kw={"height_ratios": [1.0, 1.3]},
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        for col, name in enumerate(names):
            top, zoom = axes[0, col], axes[1, col]
            part = margins[margins["dataset"] == name].sort_values("t")
            rho = float(part["rho_star"].iloc[0])
            t_last = int(part["t"].iloc[-1])
            last = float(part["min_margin"].iloc[-1])
            for ax in (top, zoom):
                ax.plot(
                    part["t"],
                    part["min_margin"],
                    color="C0",
                    label="AdaBoost min margin",
                )
                ax.axhline(rho, color="C3", label="LP maximum ρ*")
                ax.axhline(rho / 2, color="C3", ls="--", label="ρ*/2")
                ax.set_xscale("log")
            top.axhline(0, color="grey", lw=0.8)
            top.set_title(
                f"{name}: {int(part['n_hypotheses'].iloc[0])} distinct stumps\n"
                f"min margin at T = {t_last}: {last:.4f} ({last / rho:.2f} ρ*)",
                fontsize=10,
            )
            window = zoom_limits(part)
            top.axhspan(*window, color="0.85", alpha=0.6, lw=0, zorder=0)
            zoom.set_ylim(*window)
            zoom.set_title(
                f"ρ* = {rho:.4f}; ρ* − margin at T = {t_last}: {rho - last:.4f}",
                fontsize=9,
            )
            zoom.set_xlabel("round T")
        axes[0, 0].set_ylabel("min_i y_i f_T(x_i) / ‖α‖₁\n(every round)")
        axes[1, 0].set_ylabel("the same, y range from ρ*/2 to ρ*")
        handles, labels = axes[1, 0].get_legend_handles_labels()
        fig.legend(
            handles,
            labels,
            loc="outside lower center",
            ncols=3,
            fontsize=8,
        )
        fig.suptitle(
            "AdaBoost's minimum margin against T, with the LP maximum ρ* (B7)",
            fontsize=11,
        )
    return fig
