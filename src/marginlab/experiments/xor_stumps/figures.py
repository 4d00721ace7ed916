"""Figures of the xor_stumps experiment, drawn from its tables.

Figure xor_stumps; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from ...estimators.boosting.ensemble import StopReason
from .._shared.figures import STYLE, draw_regions, label_axes, new_figure, region_legend

_LEARNER_STYLE = {"stumps": ("C3", "s"), "trees": ("C0", "o")}

#: Why a run stopped, in words for the titles and legend (the table holds
#: :class:`StopReason`'s code names, e.g. ``no_edge``).
_STOPPED = {
    StopReason.N_ROUNDS: "every round run",
    StopReason.PERFECT: "training error 0 (ε_t = 0)",
    StopReason.NO_EDGE: "no edge (ε_t ≥ ½)",
    StopReason.NO_MARGIN_EDGE: "no edge above the margin",
}


def stopped(reason: str) -> str:
    """Why a run stopped, in words (an unknown code with its underscores
    read as spaces)."""
    return _STOPPED.get(reason, str(reason).replace("_", " "))


def _rounds(n: int) -> str:
    return f"{n} round" if n == 1 else f"{n} rounds"


def _fmt_edge(edge: float) -> str:
    """An edge, with values within 1e-12 of 0 shown as 0 (rounding)."""
    return "0" if abs(edge) <= 1e-12 else f"{edge:.3g}"


def _learner_label(learner: str, depth: int) -> str:
    return "stumps" if learner == "stumps" else f"depth-{depth} trees"


def plot_xor_stumps(
    edges: pd.DataFrame,
    history: pd.DataFrame,
    runs: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    game: pd.DataFrame,
) -> Figure:
    """Figure ``xor_stumps`` (B8): AdaBoost with stumps vs depth-d trees on XOR.

    Left and middle: the decision regions sign(f_T) of each run, with the
    training points (each corner of exact XOR is repeated). Right: the
    training error after each round t (t = 0 is f ≡ 0), the best edge
    γ = ½ − ε of each learner under the uniform distribution, and the
    boosting game over all distinct stumps and depth-2 trees: the maximum L1
    margin ρ* and the guaranteed edge γ* of the worst distribution.
    """
    fig, axes = new_figure(1, 3, width=13.5, height=5.4, layout="constrained")
    with plt.rc_context(STYLE):
        for ax, (_, run) in zip(axes[:2], runs.iterrows(), strict=True):
            learner, depth = str(run["learner"]), int(run["depth"])
            draw_regions(ax, regions[regions["learner"] == learner], points)
            label_axes(ax)
            edge = _edge_value(edges, "dataset", learner)
            ax.set_title(
                f"AdaBoost + {_learner_label(learner, depth)}: "
                f"{_rounds(int(run['rounds_kept']))} kept\n"
                f"stopped: {stopped(run['stop_reason'])}\n"
                f"best edge γ = {_fmt_edge(edge)}, "
                f"training error {float(run['train_error']):.3g}",
                fontsize=9,
            )
        region_legend(axes[0], loc="center")  # XOR's points are in the corners
        ex = axes[2]
        for _, run in runs.iterrows():
            learner, depth = str(run["learner"]), int(run["depth"])
            color, marker = _LEARNER_STYLE.get(learner, ("C1", "^"))
            part = history[history["learner"] == learner]
            hollow = learner == "stumps"
            ex.plot(
                part["t"],
                part["train_error"],
                color=color,
                marker=marker,
                ms=9 if hollow else 5,
                mfc="none" if hollow else color,
                zorder=3 if hollow else 2,
                label=f"{_learner_label(learner, depth)} "
                f"(stopped: {stopped(run['stop_reason'])})",
            )
            if run["stop_reason"] == StopReason.NO_EDGE:
                t_stop = int(part["t"].max()) + 1
                ex.plot(
                    [t_stop],
                    [float(part["train_error"].iloc[-1])],
                    color=color,
                    marker="x",
                    ms=9,
                    ls="",
                    label=f"{_learner_label(learner, depth)}: round {t_stop} "
                    f"has ε_t ≥ ½, not added",
                )
        ex.set_xlabel("round t")
        ex.set_ylabel("training error of sign(f_t)")
        ex.set_ylim(-0.03, 0.6)
        tmax = max(2, int(history["t"].max()) + 1)
        ex.set_xlim(-0.3, tmax + 0.3)
        ex.xaxis.get_major_locator().set_params(integer=True)
        lines = ["best edge γ = ½ − ε, uniform D:"]
        for setting, label in (("exact_xor", "4-point XOR"), ("dataset", "data")):
            for _, e in edges[edges["setting"] == setting].iterrows():
                lines.append(
                    f"  {label}, {_learner_label(str(e['learner']), int(e['depth']))}"
                    f": {_fmt_edge(float(e['edge']))}"
                )
        lines.append("boosting game on the data (LP):")
        for _, g in game.iterrows():
            lines.append(
                f"  {int(g['n_hypotheses'])} "
                f"{_learner_label(str(g['learner']), int(g['depth']))}: "
                f"ρ* = {_fmt_edge(float(g['rho_star']))}, "
                f"γ* = {_fmt_edge(float(g['game_value']) / 2)}"
            )
        ex.text(
            0.97,
            0.55,
            "\n".join(lines),
            transform=ex.transAxes,
            ha="right",
            va="center",
            fontsize=8,
            bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "0.8"},
        )
        ex.set_title("Training error per round", fontsize=9)
        ex.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14))
        run = runs.iloc[0]
        depth = int(runs["depth"].max())
        fig.suptitle(
            f"AdaBoost on XOR with stumps and with depth-{depth} trees (B8): "
            f"{run['dataset']}, m = {int(run['m'])} points",
            fontsize=11,
        )
    return fig


def _edge_value(edges: pd.DataFrame, setting: str, learner: str) -> float:
    sel = edges[(edges["setting"] == setting) & (edges["learner"] == learner)]
    return float(sel["edge"].iloc[0]) if len(sel) else float("nan")
