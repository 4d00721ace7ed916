"""Figures of the boosting_checks experiment, drawn from its tables.

Figures confidence_rated, convex_hull_rademacher and rock_paper_scissors; each
caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.tri import Triangulation

from .._shared.figures import STYLE, new_figure

#: The base classes, in mathtext (the set's braces are drawn, not printed as
#: markup).
_VARIANT = {"sign": r"$h \in \{-1, +1\}$", "real": r"$h \in [-1, 1]$"}

#: confidence_rated's legend of the round-1 panels: Z, its bound and the two
#: steps, in mathtext, so that no brace or caret is printed (each panel's
#: title gives its numbers).
Z_LEGEND = (
    r"$Z(\alpha) = \sum_i D(i)\, e^{-\alpha y_i h(x_i)}$",
    r"bound $\frac{1+r}{2}\, e^{-\alpha} + \frac{1-r}{2}\, e^{\alpha}$",
    r"closed form $\alpha_r = \frac{1}{2} \ln \frac{1+r}{1-r}$",
    r"$\alpha^*$ minimizing $Z$ (numerically)",
)


def plot_confidence_rated(rounds: pd.DataFrame, curves: pd.DataFrame) -> Figure:
    """Figure ``confidence_rated`` (B22): Z_1(α) with the closed-form α_r and the
    minimizer α*, for ±1 and [−1, 1] base classifiers; the gap Z(α_r) − Z(α*)
    in every round.

    The round-1 panels' curves are named by one legend below the panels
    (:data:`Z_LEGEND`), their α_r and α* are in the panels' titles; the gap
    panel's legend is below it: no legend covers a curve."""
    variants = list(dict.fromkeys(curves["variant"]))
    fig, axes = new_figure(
        1,
        len(variants) + 1,
        width=4.2 * (len(variants) + 1),
        height=4.8,
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        for ax, variant in zip(axes[:-1], variants, strict=True):
            c = curves[curves["variant"] == variant]
            first = rounds[(rounds["variant"] == variant) & (rounds["t"] == 1)].iloc[0]
            ax.plot(c["alpha"], c["Z"], color="C0", label=Z_LEGEND[0])
            ax.plot(c["alpha"], c["bound"], color="C1", ls="--", label=Z_LEGEND[1])
            ax.plot(
                first["alpha_slide"],
                first["Z_slide"],
                "s",
                color="C3",
                label=Z_LEGEND[2],
            )
            ax.plot(
                first["alpha_star"],
                first["Z_star"],
                "o",
                mfc="none",
                ms=9,
                color="k",
                label=Z_LEGEND[3],
            )
            ax.set_xlabel("α")
            ax.set_ylabel("Z(α)")
            ax.set_title(
                f"{_VARIANT.get(variant, variant)}, round 1 (r = {first['r']:.3f})\n"
                f"$\\alpha_r$ = {first['alpha_slide']:.3f}, "
                f"$\\alpha^*$ = {first['alpha_star']:.3f}",
                fontsize=9,
            )
        bx = axes[-1]
        for i, variant in enumerate(variants):
            part = rounds[rounds["variant"] == variant].sort_values("t")
            gap = (part["Z_slide"] - part["Z_star"]).abs()
            bx.plot(
                part["t"],
                np.maximum(gap, 1e-18),
                marker="o",
                ms=3,
                color=f"C{i}",
                label=_VARIANT.get(variant, variant),
            )
        bx.axhline(1e-10, color="grey", ls=":", label="tolerance 1e-10")
        bx.set_yscale("log")
        bx.set_xlabel("round t")
        bx.set_ylabel(r"$|Z(\alpha_r) - Z(\alpha^*)|$ (zeros at 1e-18)")
        bx.set_title(r"Does the closed form minimize $Z_t$?", fontsize=9)
        bx.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=3)
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(
            handles,
            labels,
            loc="outside lower center",
            ncols=len(labels),
            fontsize=8,
            title="left and middle panels",
            title_fontsize=8,
        )
        fig.suptitle(
            r"Confidence-rated AdaBoost: the $\alpha_t$ that minimizes $Z_t$ (B22)",
            fontsize=11,
        )
    return fig


def data_limits(*columns: pd.Series, pad: float = 0.08) -> tuple[float, float]:
    """The range of the values in ``columns``, with ``pad`` of it either side
    (one range for both axes of a panel that compares them on the diagonal)."""
    lo = float(min(c.min() for c in columns))
    hi = float(max(c.max() for c in columns))
    margin = pad * (hi - lo) if hi > lo else 0.01
    return lo - margin, hi + margin


def plot_convex_hull_rademacher(draws: pd.DataFrame) -> Figure:
    """Figure ``convex_hull_rademacher`` (B23): per sign vector, the sup over
    conv(H) by LP against the max over H; and the one-stump class, whose
    slide hull (Σ μ ≤ 1) holds 0. Each panel's axes span its own values
    (:func:`data_limits`), so that neither is squeezed into the other's."""
    fig, (ax, bx) = new_figure(1, 2, width=10.0, height=4.6)
    with plt.rc_context(STYLE):
        left = data_limits(
            draws["sup_class"], draws["sup_hull"], draws["sup_hull_slide"]
        )
        ax.plot(left, left, color="grey", lw=0.8)
        ax.plot(
            draws["sup_class"],
            draws["sup_hull"],
            "o",
            ms=4,
            mfc="none",
            label="Σ μ = 1",
        )
        ax.plot(draws["sup_class"], draws["sup_hull_slide"], "x", ms=4, label="Σ μ ≤ 1")
        ax.set_xlim(*left)
        ax.set_ylim(*left)
        m, N = int(draws["m"].iloc[0]), int(draws["n_stumps"].iloc[0])
        ax.set_xlabel("max over H of (1/m) Σ σ_i h(x_i)")
        ax.set_ylabel("sup over conv(H), by LP")
        ax.set_title(
            f"H = the {N} stumps on m = {m} points:\n"
            "sup over conv(H) against max over H",
            fontsize=9,
        )
        ax.legend(fontsize=8, loc="upper left")
        right = data_limits(draws["single"], draws["single_hull_slide"])
        bx.plot(right, right, color="grey", lw=0.8)
        bx.plot(
            draws["single"],
            draws["single_hull_slide"],
            "o",
            ms=4,
            color="C3",
            label="conv({h}) = {μh : 0 ≤ μ ≤ 1}",
        )
        bx.set_xlim(*right)
        bx.set_ylim(*right)
        bx.set_xlabel("(1/m) Σ σ_i h(x_i), one stump h")
        bx.set_ylabel("sup over the slide's conv({h}), by LP")
        bx.set_title(
            f"One stump h:\nmeans {draws['single'].mean():.4f} against "
            f"{draws['single_hull_slide'].mean():.4f}",
            fontsize=9,
        )
        bx.legend(fontsize=8, loc="upper left")
        fig.suptitle(
            "The Rademacher complexity of a convex hull (B23)", fontsize=11, y=1.02
        )
    return fig


def plot_rock_paper_scissors(game: pd.DataFrame, simplex: pd.DataFrame) -> Figure:
    """Figure ``rock_paper_scissors`` (B24): the payoff matrix, and the payoff
    each mixed strategy of the row player guarantees, over the simplex."""
    fig, (ax, bx) = new_figure(1, 2, width=10.0, height=4.8, layout="constrained")
    with plt.rc_context(STYLE):
        actions = game["action"].tolist()
        M = game[[f"vs_{a}" for a in actions]].to_numpy()
        ax.imshow(M, cmap="RdBu", vmin=-1, vmax=1)
        for i in range(len(actions)):
            for j in range(len(actions)):
                ax.text(
                    j,
                    i,
                    f"{M[i, j]:+g}" if M[i, j] else "0",
                    ha="center",
                    va="center",
                    fontsize=10,
                    color="w" if abs(M[i, j]) >= 0.5 else "k",
                )
        ax.grid(False)
        ax.set_xticks(range(len(actions)), actions)
        ax.set_yticks(range(len(actions)), actions)
        ax.set_xlabel("column player")
        ax.set_ylabel("row player")
        ax.set_title("Payoff to the row player", fontsize=9)
        # Barycentric coordinates: rock at the bottom left, paper at the bottom
        # right, scissors at the top.
        corners = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3) / 2]])
        P = simplex[["p_rock", "p_paper", "p_scissors"]].to_numpy()
        xy = P @ corners
        tri = Triangulation(xy[:, 0], xy[:, 1])
        shade = bx.tricontourf(tri, simplex["guarantee"], levels=21, cmap="viridis")
        fig.colorbar(shade, ax=bx, label="min over columns of (pᵀM)_j")
        star = game["row"].to_numpy() @ corners
        lower = float(game["lower"].iloc[0])
        bx.plot(
            *star, "*", ms=14, color="w", mec="k", label=f"LP: p*, value {lower:.2g}"
        )
        for (x, y), name in zip(corners, actions, strict=True):
            bx.annotate(name, (x, y), ha="center", va="top" if y == 0 else "bottom")
        bx.set_aspect("equal")
        bx.set_xlim(-0.12, 1.12)
        bx.set_ylim(-0.08, np.sqrt(3) / 2 + 0.1)
        bx.axis("off")
        bx.set_title("What each mixed strategy p guarantees", fontsize=9, pad=12)
        # Below the triangle: the corners' names fill its top corners.
        bx.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, 0.0))
        fig.suptitle(game_title(game), fontsize=11)
    return fig


def game_title(game: pd.DataFrame) -> str:
    """The suptitle of ``rock_paper_scissors``: the two LPs' values and the row
    player's strategy, read from ``game`` (not "value 0, uniform strategy",
    which the rows test)."""
    p = ", ".join(f"{float(v):.3g}" for v in game["row"])
    lower, upper = float(game["lower"].iloc[0]), float(game["upper"].iloc[0])
    return (
        f"Rock-paper-scissors (B24): LP values {_value(lower)} (row player) "
        f"and {_value(upper)} (column player);\nthe row player's p* = ({p})"
    )


def _value(v: float) -> str:
    """An LP value, with values within 1e-12 of 0 shown as 0 (rounding)."""
    return "0" if abs(v) <= 1e-12 else f"{v:.3g}"
