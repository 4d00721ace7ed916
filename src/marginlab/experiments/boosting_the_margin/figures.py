"""Figures of the boosting_the_margin experiment, drawn from its tables.

Figure boosting_the_margin; its caption is ``boosting_the_margin.rst`` beside
this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from .._shared.figures import STYLE, new_figure

#: How each learner of the tables is named in the legends.
LEARNER_NAMES = {"trees": "C4.5-style trees", "stumps": "stumps"}

#: Colour of the test and of the training error.
_ERROR = {"test_error": ("C3", "test"), "train_error": ("C0", "training")}

#: Line of each learner in the error panels: the trees bold, the stumps light.
_LEARNER = {
    "trees": {"ls": "-", "lw": 1.8, "alpha": 1.0},
    "stumps": {"ls": "--", "lw": 1.0, "alpha": 0.6},
}

#: Line of each margin round, first to last (Schapire et al.'s Fig. 1: short
#: dashes, long dashes, solid).
_ROUND_STYLES = (":", "--", "-")


def _learner_name(summary: pd.DataFrame, learner: str) -> str:
    return LEARNER_NAMES[learner]


def _error_panel(ax, curve: pd.DataFrame, summary: pd.DataFrame, name: str) -> None:
    for learner, look in _LEARNER.items():
        c = curve[curve["learner"] == learner].sort_values("t")
        for column, (colour, _) in _ERROR.items():
            ax.plot(c["t"], c[column], color=colour, **look)
    trees = summary[summary["learner"] == "trees"]
    t0 = int(trees["T0"].iloc[0]) if len(trees) else -1
    if t0 >= 1:
        ax.axvline(t0, color="grey", ls=":", lw=1.2)
        ax.annotate(
            f"T₀ = {t0}",
            xy=(t0, 1.0),
            xycoords=("data", "axes fraction"),
            xytext=(3, -3),
            textcoords="offset points",
            ha="left",
            va="top",
            fontsize=8,
            color="dimgrey",
        )
    ax.set_xscale("log")
    ax.set_ylim(bottom=0)
    ax.set_xlabel("rounds T")
    ax.set_ylabel("error")
    ax.set_title(f"{name}: error against rounds", fontsize=10)


def _margin_panel(ax, margins: pd.DataFrame, summary: pd.DataFrame, name: str) -> None:
    trees = margins[margins["learner"] == "trees"]
    rounds = sorted(int(t) for t in trees["t"].unique())
    styles = _ROUND_STYLES[-len(rounds) :] if len(rounds) <= 3 else None
    for i, t in enumerate(rounds):
        u = np.sort(trees.loc[trees["t"] == t, "margin"].to_numpy())
        ax.step(
            np.r_[-1.0, u, 1.0],
            np.r_[0.0, np.arange(1, u.size + 1) / u.size, 1.0],
            where="post",
            color="black" if styles else plt.cm.viridis(i / (len(rounds) - 1)),
            ls=styles[i] if styles else "-",
            lw=1.4,
            label=f"T = {t}",
        )
    theta = float(summary["theta"].iloc[0])
    ax.axvline(theta, color="grey", lw=0.8, ls="-.", label=f"θ = {theta:g}")
    ax.set_xlim(-1, 1)
    ax.set_ylim(0, 1.02)
    if int(summary["n_classes"].iloc[0]) == 2:
        ax.set_xlabel("training margin y f(x) / ‖α‖₁")
    else:
        ax.set_xlabel("training margin: (vote for y − largest other) / ‖α‖₁")
    ax.set_ylabel("cumulative fraction")
    ax.set_title(
        f"{name}: training margins, {_learner_name(summary, 'trees')}", fontsize=10
    )
    ax.legend(fontsize=8, loc="upper left")


def _error_legend(fig, summary: pd.DataFrame) -> None:
    present = set(summary["learner"])
    handles = [
        Line2D([], [], color=colour, **look, label=f"{_learner_name(summary, k)}, {e}")
        for k, look in _LEARNER.items()
        if k in present
        for colour, e in _ERROR.values()
    ]
    handles.append(
        Line2D(
            [],
            [],
            color="grey",
            ls=":",
            lw=1.2,
            label="T₀: first round of zero training error (trees)",
        )
    )
    fig.legend(handles=handles, loc="outside lower center", ncol=3, fontsize=8)


def plot_boosting_the_margin(
    curve: pd.DataFrame, margins: pd.DataFrame, summary: pd.DataFrame
) -> Figure:
    """Figure ``boosting_the_margin`` (B5), after Schapire et al. (1998), Fig. 1:
    per dataset (a column), training and test error against rounds (log axis) for the
    C4.5-style trees and (two classes) the stumps, T₀ marked; and the cumulative
    distributions of the trees' training margins at the margin rounds."""
    names = list(dict.fromkeys(summary["dataset"]))
    # One column per dataset (errors above, margins below): wide rather than
    # tall, so that a page shows the whole figure at once.
    fig, axes = new_figure(
        2,
        len(names),
        width=3.7 * len(names) + 0.6,
        height=7.8,
        squeeze=False,
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        for ax, bx, name in zip(axes[0], axes[1], names, strict=True):
            s = summary[summary["dataset"] == name]
            _error_panel(ax, curve[curve["dataset"] == name], s, name)
            _margin_panel(bx, margins[margins["dataset"] == name], s, name)
        _error_legend(fig, summary)
    return fig
