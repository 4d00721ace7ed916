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

#: Line width and opacity of each algorithm's curves: arc-gv wide and pale,
#: AdaBoost narrow on top, so that both show where they coincide (the two
#: take the same steps while a training point is misclassified).
_WIDTH = {"adaboost": (1.1, 1.0), "arc_gv": (2.6, 0.55)}

#: Line style and label of each base learner.
_LEARNERS = {"stumps": ("-", "stumps"), "trees": ("--", "best-first trees")}


def _trajectory_panel(ax, part: pd.DataFrame, name: str) -> None:
    """Both algorithms' minimum margins with stumps against the rounds, and ρ*."""
    if part.empty:
        ax.set_axis_off()
        return
    for algorithm, (colour, label) in _ALGORITHMS.items():
        a = part[part["algorithm"] == algorithm].sort_values("t")
        lw, alpha = _WIDTH[algorithm]
        ax.plot(a["t"], a["min_margin"], color=colour, lw=lw, alpha=alpha, label=label)
    rho = float(part["rho_star"].iloc[0])
    ax.axhline(rho, color="black", ls=":", lw=1.0, label=f"ρ* = {rho:.4f} (LP)")
    ax.set_xscale("log")
    ax.set_ylim(min(0.0, rho - 0.1), rho + 0.02)  # the early rounds lie below
    ax.set_xlabel("rounds T")
    ax.set_ylabel("minimum training margin")
    n = int(part["n_train"].iloc[0])
    ax.set_title(f"{name}: stumps on its first {n} points", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")


def plot_arc_gv(
    curve: pd.DataFrame, margins: pd.DataFrame, trajectory: pd.DataFrame
) -> Figure:
    """Figure ``arc_gv`` (B21): per dataset, the training-margin distributions
    of AdaBoost and arc-gv at the same T (the first split of split data),
    their test error against the rounds (the mean over the splits), and on
    generated data both minimum margins with stumps over many rounds beside
    ρ*."""
    names = list(dict.fromkeys(curve["dataset"]))
    fig, axes = new_figure(
        len(names),
        3,
        width=15.0,
        height=3.4 * len(names),
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
                    lw, alpha = _WIDTH[algorithm]
                    ax.step(
                        u,
                        np.arange(1, u.size + 1) / u.size,
                        where="post",
                        color=colour,
                        lw=lw,
                        alpha=alpha,
                        ls=ls,
                        label=f"{label}, {learner_label}: min {u[0]:.3f}",
                    )
                    h = c[(c["learner"] == learner) & (c["algorithm"] == algorithm)]
                    mean = h.groupby("t")["test_error"].mean()
                    bx.plot(
                        mean.index,
                        mean.to_numpy(),
                        color=colour,
                        lw=lw,
                        alpha=alpha,
                        ls=ls,
                        label=f"{label}, {learner_label}",
                    )
            T = int(c["t"].max())
            part = "first split" if splits > 1 else "training points"
            ax.set_xlabel("training margin y f(x) / ‖α‖₁")
            ax.set_ylabel("cumulative fraction")
            ax.set_title(f"{name}: margins after T = {T} ({part})", fontsize=10)
            ax.legend(fontsize=7, loc="upper left")
            bx.set_xscale("log")
            bx.set_xlabel("rounds T")
            bx.set_ylabel(
                "test error" + (f", mean of {splits} splits" if splits > 1 else "")
            )
            bx.set_title(f"{name}: test error against T", fontsize=10)
            bx.legend(fontsize=8)
        fig.suptitle(
            "arc-gv and AdaBoost with the same base learners at the same T (B21)",
            fontsize=11,
        )
    return fig
