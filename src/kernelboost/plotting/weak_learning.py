"""Figures of claims B8–B10: weak learners and what boosting builds from them.

Each function takes the tables of the matching study in
:mod:`kernelboost.studies.weak_learning`, in the order the study returns them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ._base import STYLE, draw_regions, new_figure

__all__ = ["plot_mwu_boosting", "plot_nonconvex_combination", "plot_xor_stumps"]

_LEARNER_STYLE = {"stumps": ("C3", "s"), "trees": ("C0", "o")}


def _fmt_edge(edge: float) -> str:
    """An edge, with values within 1e-12 of 0 shown as 0 (rounding)."""
    return "0" if abs(edge) <= 1e-12 else f"{edge:.3g}"


def _learner_label(learner: str, depth: int) -> str:
    return "stumps" if learner == "stumps" else f"depth-{depth} trees"


def _label_axes(ax: Axes) -> None:
    ax.set_xlabel("x1")
    ax.set_ylabel("x2")


def _region_legend(ax: Axes, loc: str = "lower left") -> None:
    """Legend for :func:`draw_regions`: the two region colours and classes."""
    handles = [
        plt.Rectangle((0, 0), 1, 1, color="#d9ead3", label="predicted +1"),
        plt.Rectangle((0, 0), 1, 1, color="#f4cccc", label="predicted −1"),
        plt.Line2D([], [], color="C2", marker="o", ls="", ms=4, label="label +1"),
        plt.Line2D([], [], color="C3", marker="s", ls="", ms=4, label="label −1"),
    ]
    ax.legend(handles=handles, fontsize=7, loc=loc, framealpha=0.85, numpoints=1)


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
    fig, axes = new_figure(1, 3, width=13.5, height=4.4)
    with plt.rc_context(STYLE):
        for ax, (_, run) in zip(axes[:2], runs.iterrows(), strict=True):
            learner, depth = str(run["learner"]), int(run["depth"])
            draw_regions(ax, regions[regions["learner"] == learner], points)
            _label_axes(ax)
            edge = _edge_value(edges, "dataset", learner)
            ax.set_title(
                f"AdaBoost + {_learner_label(learner, depth)}: "
                f"{int(run['rounds_kept'])} round(s) kept\n"
                f"stop: {run['stop_reason']}, best edge γ = {_fmt_edge(edge)}, "
                f"training error {float(run['train_error']):.3g}",
                fontsize=9,
            )
        _region_legend(axes[0], loc="center")  # XOR's points are in the corners
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
                label=f"{_learner_label(learner, depth)} (stop: {run['stop_reason']})",
            )
            if run["stop_reason"] == "no_edge":
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
            fontsize=7,
            bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "0.8"},
        )
        ex.set_title("Training error per round", fontsize=9)
        ex.legend(fontsize=7, loc="upper right")
        run = runs.iloc[0]
        depth = int(runs["depth"].max())
        fig.suptitle(
            f"Stumps are not weak learners for XOR (edge 0); depth-{depth} trees "
            f"are (B8): {run['dataset']}, m = {int(run['m'])} points",
            fontsize=11,
            y=1.02,
        )
    return fig


def _edge_value(edges: pd.DataFrame, setting: str, learner: str) -> float:
    sel = edges[(edges["setting"] == setting) & (edges["learner"] == learner)]
    return float(sel["edge"].iloc[0]) if len(sel) else float("nan")


def _draw_line(
    ax: Axes,
    w1: float,
    w2: float,
    c: float,
    label: str | None = None,
    anchor: tuple[float, float] | None = None,
    **kwargs: object,
) -> None:
    """The line w1 x1 + w2 x2 + c = 0 across the axes.

    With a ``label``, an arrow from the point of the line nearest ``anchor``
    (e.g. the data's centroid) points to the +1 side, and the label is written
    near the end of the visible part of the line.
    """
    (x_lo, x_hi), (y_lo, y_hi) = ax.get_xlim(), ax.get_ylim()
    if w1 == 0.0 and w2 == 0.0:
        return  # a constant hypothesis has no line
    if abs(w2) >= abs(w1):
        xs = np.array([x_lo, x_hi])
        ys = -(c + w1 * xs) / w2
    else:
        ys = np.array([y_lo, y_hi])
        xs = -(c + w2 * ys) / w1
    ax.plot(xs, ys, **kwargs)
    ax.set_xlim(x_lo, x_hi)
    ax.set_ylim(y_lo, y_hi)
    if label is None:
        return
    t = np.linspace(0.0, 1.0, 201)
    px, py = xs[0] + t * (xs[1] - xs[0]), ys[0] + t * (ys[1] - ys[0])
    visible = np.flatnonzero((px >= x_lo) & (px <= x_hi) & (py >= y_lo) & (py <= y_hi))
    if visible.size == 0:
        return
    ax_x, ax_y = anchor if anchor is not None else (px.mean(), py.mean())
    k = visible[np.argmin((px[visible] - ax_x) ** 2 + (py[visible] - ax_y) ** 2)]
    scale = 0.07 * max(x_hi - x_lo, y_hi - y_lo)
    norm = float(np.hypot(w1, w2))
    dx, dy = scale * w1 / norm, scale * w2 / norm
    color = kwargs.get("color", "black")
    ax.annotate(
        "",
        xy=(px[k] + dx, py[k] + dy),
        xytext=(px[k], py[k]),
        arrowprops={"arrowstyle": "->", "color": color, "lw": 1.4},
    )
    end = visible[int(0.9 * (visible.size - 1))]
    ax.text(
        px[end] + 0.5 * dx,
        py[end] + 0.5 * dy,
        label,
        color=color,
        fontsize=10,
        fontweight="bold",
        ha="center",
        va="center",
        bbox={"facecolor": "white", "alpha": 0.7, "edgecolor": "none", "pad": 1},
    )


def plot_nonconvex_combination(
    errors: pd.DataFrame,
    history: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    lines: pd.DataFrame,
) -> Figure:
    """Figure ``nonconvex_combination`` (B9): combinations of hyperplanes.

    One row per generated example (triangle: ``convex``; three clusters:
    ``nonconvex``). Left: the lecture's combination's regions with h1, h2,
    h3 (arrows point to the +1 side). Middle: AdaBoost's combination
    sign(Σ_t α_t h_t) over the line family, with the lines of the largest
    total weight. Right: AdaBoost's training error and L1 margin per round,
    beside the error of the best single line and of h3 alone.
    """
    examples = list(dict.fromkeys(points["example"]))
    fig, axes = new_figure(
        len(examples),
        3,
        width=14.0,
        height=4.3 * len(examples),
        squeeze=False,
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        for row, example in zip(axes, examples, strict=True):
            pts = points[points["example"] == example]
            reg = regions[regions["example"] == example]
            fam = lines[lines["example"] == example].set_index("line")
            hist = history[history["example"] == example]
            err = errors[errors["example"] == example].set_index("model")

            ax = row[0]
            draw_regions(ax, reg[reg["model"] == "given"], pts)
            _label_axes(ax)
            for k, color in zip((1, 2, 3), ("C0", "C1", "C4"), strict=True):
                sel = fam[fam["name"] == f"h{k}"]
                if len(sel):
                    g = sel.iloc[0]
                    _draw_line(
                        ax,
                        float(g["w1"]),
                        float(g["w2"]),
                        float(g["c"]),
                        f"h{k}",
                        anchor=(float(pts["x1"].mean()), float(pts["x2"].mean())),
                        color=color,
                        lw=1.6,
                    )
            given = err.loc["given"]
            ax.set_title(
                f"{example}: {given['formula']} (arrows: +1 side)\n"
                f"training error {float(given['train_error']):.3g} "
                f"(m = {int(given['n_points'])})",
                fontsize=9,
            )
            if example == examples[0]:
                _region_legend(ax)

            ax = row[1]
            draw_regions(ax, reg[reg["model"] == "adaboost"], pts)
            _label_axes(ax)
            weight = hist.groupby("line")["alpha"].sum().sort_values(ascending=False)
            for line in weight.index[:6]:
                g = fam.loc[int(line)]
                _draw_line(
                    ax,
                    float(g["w1"]),
                    float(g["w2"]),
                    float(g["c"]),
                    None,
                    color="0.3",
                    lw=0.8,
                    ls="--",
                )
            ada = err.loc["adaboost"]
            ax.set_title(
                f"AdaBoost over {len(fam)} lines, T = {int(ada['n_hypotheses'])}: "
                f"training error {float(ada['train_error']):.3g}\n"
                f"(dashed: the 6 lines of largest Σ α_t)",
                fontsize=9,
            )

            ax = row[2]
            ax.plot(hist["t"], hist["train_error"], color="C0", label="training error")
            ax.plot(
                hist["t"],
                hist["min_margin"],
                color="C2",
                lw=1.0,
                label="L1 margin min_i y_i f_t(x_i)/‖α‖₁",
            )
            best = float(err.loc["best_line", "train_error"])
            ax.axhline(
                best, color="grey", ls=":", label=f"best single line ({best:.3g})"
            )
            if example == "nonconvex" and "h3" in err.index:
                h3 = float(err.loc["h3", "train_error"])
                ax.axhline(h3, color="C4", ls="--", lw=1, label=f"h3 alone ({h3:.3g})")
            ax.axhline(0.5, color="black", lw=0.6, ls="-.", label="random guessing")
            picks = hist[hist["name"] == "h3"]
            if len(picks):
                t3, eps3 = int(picks["t"].iloc[0]), float(picks["eps"].iloc[0])
                ax.axvline(t3, color="C4", lw=0.6)
                ax.annotate(
                    f"h3 first picked, t = {t3}\n(ε_t = {eps3:.2f})",
                    xy=(t3, 0.8),
                    fontsize=7,
                    color="C4",
                    xytext=(4, 0),
                    textcoords="offset points",
                )
            ax.set_xscale("log")
            ax.set_ylim(-0.5, 1.0)
            ax.set_xlabel("round t")
            ax.set_ylabel("error / margin")
            ax.set_title("AdaBoost per round", fontsize=9)
            ax.legend(fontsize=7, loc="upper right")
        fig.suptitle(
            "Combinations of hyperplanes express convex and non-convex regions (B9)",
            fontsize=11,
        )
    return fig


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
    """
    s = summary.iloc[0]
    gamma, nu, T = float(s["gamma"]), float(s["nu"]), int(s["T"])
    has_regions = len(regions) > 0
    ncols = 4 if has_regions else 3
    fig, axes = new_figure(1, ncols, width=4.5 * ncols, height=4.2)
    with plt.rc_context(STYLE):
        ax = axes[0]
        ax.plot(history["t"], history["edge"], color="C0", lw=0.6, label="edge of h^t")
        ax.plot(
            history["t"], history["min_edge"], color="C1", label="smallest edge so far"
        )
        ax.axhline(gamma, color="C3", ls="--", label=f"assumed γ = {gamma:g}")
        low = min(gamma, float(history["edge"].min()))
        high = float(history["edge"].max())
        ax.set_ylim(low - 0.15 * (high - low + 1e-3), high + 0.05 * (high - low))
        ax.set_xscale("log")
        ax.set_xlabel("round t")
        ax.set_ylabel("edge ½ − ε_t  (ε_t: error of h^t under p^t)")
        ax.set_title(
            f"γ-weak on this sample? min edge {float(s['min_edge']):.3g} "
            f"{'≥' if float(s['min_edge']) >= gamma else '<'} γ = {gamma:g}",
            fontsize=9,
        )
        ax.legend(fontsize=7, loc="upper right")

        ax = axes[1]
        ax.plot(
            history["t"],
            history["majority_error"],
            color="C0",
            label="majority of h^1..h^t",
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
        ax.legend(fontsize=7)

        ax = axes[2]
        th = theorem2.sort_values("t")
        ax.plot(th["t"], th["l_mwu"], color="C0", lw=2, label="l_MWU(1..t)")
        ax.plot(
            th["t"],
            th["bound_bar"],
            color="C3",
            marker=".",
            ms=4,
            label="bound, S = S̄_t (majority's mistakes)",
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
            color="grey",
            ls=":",
            label="t (½ + min edge): Theorem 1's lower bound",
        )
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("round t")
        ax.set_ylabel("cumulative loss (l_j^t = 1: h^t right on x^j)")
        bounds = th[["bound_bar", "bound_single", "bound_all"]].to_numpy()
        worst = float(np.nanmax(th[["l_mwu"]].to_numpy() - bounds))
        ax.set_title(f"Theorem 2 (B18): max l_MWU − bound = {worst:.3g}", fontsize=9)
        ax.legend(fontsize=6, loc="upper left")

        if has_regions:
            ax = axes[3]
            draw_regions(ax, regions, points)
            _label_axes(ax)
            _region_legend(ax)
            ax.set_title(f"Majority vote of the T = {T} rounds", fontsize=9)
        learner = str(s["weak_learner"])
        if learner == "trees":
            learner = f"depth-{int(s['depth'])} trees"
        fig.suptitle(
            f"Boosting by multiplicative weights, ε = γ (B10, B18): {s['dataset']}, "
            f"m = {int(s['n_samples'])}, {learner}",
            fontsize=11,
            y=1.03,
        )
    return fig
