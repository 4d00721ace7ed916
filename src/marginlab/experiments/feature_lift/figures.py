"""Figures of the feature_lift experiment, drawn from its tables.

Figure feature_lift; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .._shared.figures import STYLE

#: The suptitle: what is drawn; whether each space separates the data is
#: read from the LP optima in the panel titles (and rows K4).
SUPTITLE = "Lifting x ↦ (x₁², √2x₁x₂, x₂²) and linear separability (K4)"


def separation(lp_t: float, what: str) -> str:
    """Whether the separation LP's optimum t* says ``what`` ("line",
    "plane") separates the data: t* > 0 does, t* ≤ 0 does not."""
    return f"a {what} separates them" if lp_t > 0 else f"no {what} separates them"


def conic(w1: float, w2: float, w3: float) -> str:
    """The kind of the curve w₁x₁² + √2w₂x₁x₂ + w₃x₂² + b = 0: by the sign of
    its discriminant (√2w₂)² − 4w₁w₃ (a degenerate curve is named by the
    same rule)."""
    disc = 2.0 * w2**2 - 4.0 * w1 * w3
    return "an ellipse" if disc < 0 else "a parabola" if disc == 0 else "a hyperbola"


def plot_feature_lift(summary: pd.DataFrame, points: pd.DataFrame) -> Figure:
    """Figure ``feature_lift`` (K4), after Mądry 2012, Fig. 1.

    Left: the data in R² with the best linear boundary. Middle: φ(x) in R³ and
    the separating plane. Right: the plane mapped back, an ellipse in R².
    """
    with plt.rc_context(STYLE):
        fig = plt.figure(figsize=(14.0, 4.8))
        grid = fig.add_gridspec(1, 3, width_ratios=[1.0, 1.3, 1.0], wspace=0.3)
        ax = fig.add_subplot(grid[0])
        zx = fig.add_subplot(grid[1], projection="3d")
        ex = fig.add_subplot(grid[2])
        r2 = summary[summary["space"] == "R2"].iloc[0]
        r3 = summary[summary["space"] == "R3"].iloc[0]
        lo = points[["x1", "x2"]].to_numpy().min() - 0.3
        hi = points[["x1", "x2"]].to_numpy().max() + 0.3
        g = np.linspace(lo, hi, 300)
        g1, g2 = np.meshgrid(g, g)
        for axis in (ax, ex):
            for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
                part = points[points["label"] == label]
                axis.scatter(part["x1"], part["x2"], color=color, marker=marker, s=12)
            axis.set_aspect("equal")
            axis.set_xlabel("x₁")
            axis.set_ylabel("x₂")
        ax.contour(
            g1, g2, r2["w1"] * g1 + r2["w2"] * g2 + r2["b"], levels=[0], colors="black"
        )
        ax.set_title(
            f"R²: {separation(r2['lp_t'], 'line')}\n(LP t* = {r2['lp_t']:.3g}; linear "
            f"SVM training error {r2['train_error']:.3f})",
            fontsize=9,
        )
        for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
            part = points[points["label"] == label]
            zx.scatter(
                part["z1"],
                part["z2"],
                part["z3"],
                color=color,
                marker=marker,
                s=8,
                depthshade=False,
            )
        z1 = np.linspace(points["z1"].min(), points["z1"].max(), 12)
        z3 = np.linspace(points["z3"].min(), points["z3"].max(), 12)
        p1, p3 = np.meshgrid(z1, z3)
        p2 = -(r3["w1"] * p1 + r3["w3"] * p3 + r3["b"]) / r3["w2"]
        inside = (p2 >= points["z2"].min() - 1) & (p2 <= points["z2"].max() + 1)
        zx.plot_surface(p1, np.where(inside, p2, np.nan), p3, alpha=0.3, color="C0")
        # Few ticks, 8 pt, labels set off: on the foreshortened z₂ axis five
        # ticks at 10 pt ran into each other and into the axis label.
        for axis in (zx.xaxis, zx.yaxis, zx.zaxis):
            axis.set_major_locator(MaxNLocator(4))
        zx.tick_params(labelsize=8, pad=1)
        zx.set_xlabel("z₁ = x₁²", labelpad=6)
        zx.set_ylabel("z₂ = √2·x₁x₂", labelpad=6)
        zx.set_zlabel("z₃ = x₂²", labelpad=6)
        zx.view_init(elev=18, azim=-60)
        zx.set_box_aspect(None, zoom=0.8)
        zx.set_title(
            f"R³: φ(x) and the SVM's plane; {separation(r3['lp_t'], 'plane')}\n"
            f"(LP t* = {r3['lp_t']:.3g}; "
            f"training error {r3['train_error']:.3f})",
            fontsize=9,
        )
        quad = (
            r3["w1"] * g1**2
            + r3["w2"] * np.sqrt(2.0) * g1 * g2
            + r3["w3"] * g2**2
            + r3["b"]
        )
        ex.contour(g1, g2, quad, levels=[0], colors="C0", linewidths=2)
        ex.set_title(
            f"The plane back in R²: {conic(r3['w1'], r3['w2'], r3['w3'])}\n"
            "w₁x₁² + √2w₂x₁x₂ + w₃x₂² + b = 0",
            fontsize=9,
        )
        fig.suptitle(SUPTITLE, fontsize=11, y=1.03)
    return fig
