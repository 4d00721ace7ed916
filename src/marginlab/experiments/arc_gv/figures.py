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
_ALGORITHMS = {"adaboost": ("C0", "AdaBoost"), "arc_gv": ("C3", "arc-gv")}

#: How each algorithm's curves are drawn: arc-gv wide and pale beneath,
#: AdaBoost narrow with open circles on top, so that both show where they
#: coincide (the two take the same steps while a training point is
#: misclassified, and stop together when one tree fits every point); the
#: legend says so (:data:`_HOW`).
_DRAW = {
    "adaboost": {
        "lw": 1.1,
        "alpha": 1.0,
        "zorder": 3,
        "marker": "o",
        "ms": 3.5,
        "mfc": "none",
        "markevery": 0.08,
    },
    "arc_gv": {"lw": 2.6, "alpha": 0.55, "zorder": 2},
}

#: How the legend names each algorithm's drawing (:data:`_DRAW`).
_HOW = {"adaboost": "narrow, ○, on top", "arc_gv": "wide, pale, beneath"}

#: Line style and label of each base learner.
_LEARNERS = {"stumps": ("-", "stumps"), "trees": ("--", "best-first trees")}


def _trajectory_panel(ax, part: pd.DataFrame, name: str) -> None:
    """Both algorithms' minimum margins with stumps against the rounds, and ρ*."""
    if part.empty:
        ax.set_axis_off()
        return
    for algorithm, (colour, label) in _ALGORITHMS.items():
        a = part[part["algorithm"] == algorithm].sort_values("t")
        ax.plot(a["t"], a["min_margin"], color=colour, label=label, **_DRAW[algorithm])
    rho = float(part["rho_star"].iloc[0])
    ax.axhline(rho, color="black", ls=":", lw=1.0, label=f"ρ* = {rho:.4f} (LP)")
    ax.set_xscale("log")
    ax.set_ylim(min(0.0, rho - 0.1), rho + 0.02)  # the early rounds lie below
    ax.set_xlabel("rounds T")
    ax.set_ylabel("minimum training margin")
    n = int(part["n_train"].iloc[0])
    ax.set_title(f"{name}: stumps on its first {n} points", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")


def _minima(m: pd.DataFrame) -> str:
    """The minimum training margins of ``m`` (one split), per base learner:
    AdaBoost's / arc-gv's, as the margins panel's title gives them."""
    parts = []
    for learner, (_, learner_label) in _LEARNERS.items():
        lows = [
            m.loc[(m["learner"] == learner) & (m["algorithm"] == a), "margin"].min()
            for a in _ALGORITHMS
        ]
        if not np.isnan(lows).all():
            parts.append(f"{learner_label} {lows[0]:.3f} / {lows[1]:.3f}")
    return "minimum, AdaBoost / arc-gv: " + ", ".join(parts)


def plot_arc_gv(
    curve: pd.DataFrame, margins: pd.DataFrame, trajectory: pd.DataFrame
) -> Figure:
    """Figure ``arc_gv`` (B21): per dataset, the training-margin distributions
    of AdaBoost and arc-gv at the same T (the first split of split data; the
    minima in the title), their test error against the rounds (the mean over
    the splits), and on generated data both minimum margins with stumps over
    many rounds beside ρ*. One legend below the panels names the curves of
    the first two columns, off the data; AdaBoost is drawn narrow with open
    circles on top of arc-gv's wide pale curves, so both show where they
    coincide."""
    names = list(dict.fromkeys(curve["dataset"]))
    fig, axes = new_figure(
        len(names),
        3,
        width=15.0,
        height=3.4 * len(names) + 0.5,
        squeeze=False,
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        for (ax, bx, cx), name in zip(axes, names, strict=True):
            _trajectory_panel(cx, trajectory[trajectory["dataset"] == name], name)
            c = curve[curve["dataset"] == name]
            m = margins[(margins["dataset"] == name) & (margins["split"] == 0)]
            splits = int(c["split"].nunique())
            for learner, (ls, learner_label) in _LEARNERS.items():
                for algorithm, (colour, label) in _ALGORITHMS.items():
                    pick = (m["learner"] == learner) & (m["algorithm"] == algorithm)
                    u = np.sort(m[pick]["margin"].to_numpy())
                    if u.size == 0:
                        continue
                    ax.step(
                        u,
                        np.arange(1, u.size + 1) / u.size,
                        where="post",
                        color=colour,
                        ls=ls,
                        **_DRAW[algorithm],
                    )
                    h = c[(c["learner"] == learner) & (c["algorithm"] == algorithm)]
                    mean = h.groupby("t")["test_error"].mean()
                    bx.plot(
                        mean.index,
                        mean.to_numpy(),
                        color=colour,
                        ls=ls,
                        label=f"{label}, {learner_label} ({_HOW[algorithm]})",
                        **_DRAW[algorithm],
                    )
            T = int(c["t"].max())
            part = "first split" if splits > 1 else "training points"
            ax.set_xlabel("training margin y f(x) / ‖α‖₁")
            ax.set_ylabel("cumulative fraction")
            ax.set_title(
                f"{name}: margins after T = {T} ({part})\n{_minima(m)}", fontsize=9
            )
            bx.set_xscale("log")
            bx.set_xlabel("rounds T")
            bx.set_ylabel(
                "test error" + (f", mean of {splits} splits" if splits > 1 else "")
            )
            bx.set_title(f"{name}: test error against T", fontsize=10)
        handles, labels = axes[0, 1].get_legend_handles_labels()
        fig.legend(
            handles,
            labels,
            loc="outside lower center",
            ncol=len(labels),
            fontsize=8,
            title="left and middle columns",
            title_fontsize=8,
        )
        fig.suptitle(
            "arc-gv and AdaBoost with the same base learners at the same T (B21)",
            fontsize=11,
        )
    return fig
