"""Figures of the mwu_boosting experiment, drawn from its tables.

Figure mwu_boosting; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, draw_regions, label_axes, new_figure, region_legend


def plot_mwu_boosting(
    history: pd.DataFrame,
    summary: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    theorem2: pd.DataFrame,
) -> Figure:
    """Figure ``mwu_boosting`` (B10, B18): multiplicative-weights boosting.

    First panel: the edge ½ − ε of h^t under p^t in every round, against the
    assumed γ. Second: the fraction of training points misclassified by the
    majority of h^1, …, h^t, against ν, up to T = ⌈4/γ² ln(1/ν)⌉. Third
    (B18): the cumulative MWU loss l_MWU(1..t) against Theorem 2's bound for
    S = S̄_t, the best single expert and all experts. Last (2-D data): the
    regions of the final majority vote.

    Superscripts and subscripts are mathtext, so no caret or brace is
    printed; every legend is below its panel, off the data, at 8 pt.
    """
    s = summary.iloc[0]
    gamma, nu, T = float(s["gamma"]), float(s["nu"]), int(s["T"])
    has_regions = len(regions) > 0
    ncols = 4 if has_regions else 3
    fig, axes = new_figure(
        1, ncols, width=4.5 * ncols, height=5.6, layout="constrained"
    )
    with plt.rc_context(STYLE):
        ax = axes[0]
        ax.plot(
            history["t"], history["edge"], color="C0", lw=0.6, label="edge of $h^t$"
        )
        ax.plot(
            history["t"], history["min_edge"], color="C1", label="smallest edge so far"
        )
        ax.axhline(gamma, color="C3", ls="--", label=f"assumed γ = {gamma:g}")
        low = min(gamma, float(history["edge"].min()))
        high = float(history["edge"].max())
        ax.set_ylim(low - 0.15 * (high - low + 1e-3), high + 0.05 * (high - low))
        ax.set_xscale("log")
        ax.set_xlabel("round t")
        ax.set_ylabel(
            r"edge $\frac{1}{2} - \varepsilon_t$  "
            r"($\varepsilon_t$: error of $h^t$ under $p^t$)"
        )
        ax.set_title(
            f"γ-weak on this sample? min edge {float(s['min_edge']):.3g} "
            f"{'≥' if float(s['min_edge']) >= gamma else '<'} γ = {gamma:g}",
            fontsize=9,
        )
        _below(ax)

        ax = axes[1]
        ax.plot(
            history["t"],
            history["majority_error"],
            color="C0",
            label=r"majority of $h^1, \ldots, h^t$",
        )
        ax.axhline(nu, color="C3", ls="--", label=f"ν = {nu:g}")
        ax.axvline(T, color="grey", ls=":", label=f"T = ⌈4/γ² ln(1/ν)⌉ = {T}")
        ax.set_xscale("log")
        ax.set_xlabel("round t")
        ax.set_ylabel("fraction of training points misclassified")
        ax.set_title(
            f"After T rounds: training error {float(s['train_error']):.3g} "
            f"{'≤' if float(s['train_error']) <= nu else '>'} ν = {nu:g}",
            fontsize=9,
        )
        _below(ax)

        ax = axes[2]
        th = theorem2.sort_values("t")
        # Wide and pale, beneath: Theorem 1's lower bound runs close to it
        # and is drawn on top of it (black, dotted).
        ax.plot(
            th["t"],
            th["l_mwu"],
            color="C0",
            lw=4,
            alpha=0.45,
            label=f"{_L_MWU}(1..t) (wide, pale)",
        )
        ax.plot(
            th["t"],
            th["bound_bar"],
            color="C3",
            marker=".",
            ms=4,
            label=r"bound, $S = \bar{S}_t$ (majority's mistakes)",
        )
        ax.plot(
            th["t"],
            th["bound_single"],
            color="C1",
            ls="--",
            label="bound, S = best single expert",
        )
        ax.plot(
            th["t"],
            th["bound_all"],
            color="C2",
            ls="-.",
            label="bound, S = all experts",
        )
        ax.plot(
            th["t"],
            th["lower"],
            color="black",
            ls=":",
            lw=1.4,
            zorder=3,
            label="t (½ + min edge): Theorem 1's lower bound (on top)",
        )
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("round t")
        ax.set_ylabel(r"cumulative loss ($l_j^t = 1$: $h^t$ right on $x^j$)")
        bounds = th[["bound_bar", "bound_single", "bound_all"]].to_numpy()
        worst = float(np.nanmax(th[["l_mwu"]].to_numpy() - bounds))
        ax.set_title(f"Theorem 2 (B18): max {_L_MWU} − bound = {worst:.3g}", fontsize=9)
        _below(ax)

        if has_regions:
            ax = axes[3]
            draw_regions(ax, regions, points)
            label_axes(ax)
            region_legend(ax, loc="upper center")
            legend = ax.get_legend()
            legend.set_bbox_to_anchor((0.5, -0.08), transform=ax.transAxes)
            for text in legend.get_texts():
                text.set_fontsize(8)
            ax.set_title(f"Majority vote of the T = {T} rounds", fontsize=9)
        learner = str(s["weak_learner"])
        if learner == "trees":
            learner = f"depth-{int(s['depth'])} trees"
        fig.suptitle(
            f"Boosting by multiplicative weights, ε = γ (B10, B18): {s['dataset']}, "
            f"m = {int(s['n_samples'])}, {learner}",
            fontsize=11,
        )
    return fig


#: The algorithm's cumulative loss l_MWU, in mathtext.
_L_MWU = r"$l_{\mathrm{MWU}}$"


def _below(ax) -> None:
    """The panel's legend, 8 pt, below its x label: off the data."""
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14))
