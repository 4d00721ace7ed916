"""Figures of the nonconvex_combination experiment, drawn from its tables.

Figure nonconvex_combination; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .._shared.figures import (
    STYLE,
    draw_regions,
    label_axes,
    legend_outside,
    new_figure,
    region_legend,
)


def _draw_line(
    ax: Axes,
    w1: float,
    w2: float,
    c: float,
    label: str | None = None,
    anchor: tuple[float, float] | None = None,
    **kwargs: object,
) -> bool:
    """The line w1 x1 + w2 x2 + c = 0 across the axes; whether any of it is
    visible (a constant hypothesis, w1 = w2 = 0, has no line to draw).

    With a ``label``, an arrow from the point of the line nearest ``anchor``
    (e.g. the data's centroid) points to the +1 side, and the label is written
    near the end of the visible part of the line.
    """
    (x_lo, x_hi), (y_lo, y_hi) = ax.get_xlim(), ax.get_ylim()
    if w1 == 0.0 and w2 == 0.0:
        return False  # a constant hypothesis has no line
    if abs(w2) >= abs(w1):
        xs = np.array([x_lo, x_hi])
        ys = -(c + w1 * xs) / w2
    else:
        ys = np.array([y_lo, y_hi])
        xs = -(c + w2 * ys) / w1
    t = np.linspace(0.0, 1.0, 201)
    px, py = xs[0] + t * (xs[1] - xs[0]), ys[0] + t * (ys[1] - ys[0])
    visible = np.flatnonzero((px >= x_lo) & (px <= x_hi) & (py >= y_lo) & (py <= y_hi))
    if visible.size == 0:
        return False
    ax.plot(xs, ys, **kwargs)
    ax.set_xlim(x_lo, x_hi)
    ax.set_ylim(y_lo, y_hi)
    if label is None:
        return True
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
    return True


#: At most this many of AdaBoost's lines are drawn, those of largest Σ α_t.
_MOST_LINES = 6


def _dashed_title(weight: pd.Series, family: pd.DataFrame, drawn: int) -> str:
    """What the dashed lines of the middle panel are, counted from the data.

    Parameters
    ----------
    weight : Series
        Σ α_t per line of the family AdaBoost chose, largest first.
    family : DataFrame
        The line family (``w1, w2``), indexed by line.
    drawn : int
        How many of the chosen lines' boundaries were drawn (visible).
    """
    coef = family.loc[weight.index, ["w1", "w2"]].to_numpy(dtype=float)
    constant = (coef == 0.0).all(axis=1)
    lines = int((~constant).sum())
    shown = min(lines, _MOST_LINES)
    if lines <= _MOST_LINES:
        what = f"the {lines} lines it chose"
    else:
        what = f"its {shown} lines of largest Σ α_t (of {lines} it chose)"
    text = f"dashed: {what}"
    if drawn < shown:
        text = f"dashed: {drawn} of {what}, {shown - drawn} outside the view"
    if constant.any():
        text += "; a constant has no line"
    return text


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
    sign(Σ_t α_t h_t) over the line family, with its lines of the largest
    total weight Σ α_t (at most six; constants have none), counted in the
    title as drawn. Right: AdaBoost's training error and L1 margin per round,
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
            label_axes(ax)
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
                region_legend(ax, loc="below")

            ax = row[1]
            draw_regions(ax, reg[reg["model"] == "adaboost"], pts)
            label_axes(ax)
            weight = hist.groupby("line")["alpha"].sum().sort_values(ascending=False)
            chosen = [
                fam.loc[int(line)]
                for line in weight.index
                if (fam.loc[int(line), ["w1", "w2"]] != 0.0).any()
            ]
            drawn = sum(
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
                for g in chosen[:_MOST_LINES]
            )
            ada = err.loc["adaboost"]
            ax.set_title(
                f"AdaBoost over {len(fam)} lines, T = {int(ada['n_hypotheses'])}: "
                f"training error {float(ada['train_error']):.3g}\n"
                f"({_dashed_title(weight, fam, drawn)})",
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
                    fontsize=8,
                    color="C4",
                    xytext=(4, 0),
                    textcoords="offset points",
                )
            ax.set_xscale("log")
            ax.set_ylim(-0.5, 1.0)
            ax.set_xlabel("round t")
            ax.set_ylabel("error / margin")
            ax.set_title("AdaBoost per round", fontsize=9)
            legend_outside(ax, ncols=2)
        fig.suptitle(
            "Combinations of hyperplanes on a convex and a non-convex region: the "
            "lecture's and AdaBoost's (B9)",
            fontsize=11,
        )
    return fig
