"""Figures of the lasso_ridge_contours experiment, drawn from its tables.

Figure lasso_ridge_contours; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure


def plot_lasso_ridge_contours(
    contours: pd.DataFrame, balls: pd.DataFrame, solutions: pd.DataFrame
) -> Figure:
    """Figure ``lasso_ridge_contours`` (S2): RSS ellipses, diamond and circle.

    Left: the ellipses RSS(w) = const around the least-squares β̂, the
    diamond ‖w‖₁ ≤ t and the Lasso solution, where the ellipse through it
    (drawn thick) touches the diamond. Right: the same ellipses, the circle
    ‖w‖₂ ≤ t and the ridge solution. Equal aspect, so the ellipses and balls
    have their true shapes. Each legend lies below its panel.
    """
    fig, axes = new_figure(1, 2, width=11.0, height=6.0, layout="constrained")
    with plt.rc_context(STYLE):
        w1 = np.sort(contours["w1"].unique())
        w2 = np.sort(contours["w2"].unique())
        rss = (
            contours.sort_values(["w2", "w1"])["rss"]
            .to_numpy()
            .reshape(len(w2), len(w1))
        )
        sol = solutions.set_index("method")
        beta = sol.loc["least_squares"]
        t = float(solutions["budget"].iloc[0])
        for ax, method, shape, title in (
            (axes[0], "lasso", "l1", "Lasso: diamond ‖w‖₁ ≤ t"),
            (axes[1], "ridge", "l2", "Ridge: circle ‖w‖₂ ≤ t"),
        ):
            s = sol.loc[method]
            touch = float(s["rss"])
            low = float(beta["rss"])
            levels = low + (touch - low) * np.array([0.15, 0.45, 1.8, 2.8, 4.0])
            ax.contour(w1, w2, rss, levels=np.sort(levels), colors="C3", linewidths=0.8)
            ax.contour(w1, w2, rss, levels=[touch], colors="C3", linewidths=2.2)
            ball = balls[balls["shape"] == shape]
            ax.fill(ball["w1"], ball["w2"], color="C0", alpha=0.25, lw=0)
            ax.plot(ball["w1"], ball["w2"], color="C0", lw=1.8, label=f"t = {t:g}")
            ax.plot(
                float(beta["w1"]),
                float(beta["w2"]),
                "k*",
                ms=11,
                label=f"least squares β̂ = ({float(beta['w1']):.2f}, "
                f"{float(beta['w2']):.2f})",
            )
            ax.plot(
                float(s["w1"]),
                float(s["w2"]),
                "o",
                color="C2",
                mec="k",
                ms=8,
                zorder=5,
                label=f"{method} solution ({float(s['w1']):.3g}, "
                f"{float(s['w2']):.3g}): {int(s['n_zero'])} weight(s) exactly 0",
            )
            ax.plot([], [], color="C3", lw=2.2, label="the RSS ellipse it touches")
            ax.axhline(0.0, color="k", lw=0.6)
            ax.axvline(0.0, color="k", lw=0.6)
            ax.set_aspect("equal")
            ax.set_xlim(w1[0], w1[-1])
            ax.set_ylim(w2[0], w2[-1])
            ax.set_xlabel("w1")
            ax.set_ylabel("w2")
            ax.set_title(title, fontsize=10)
            # Below the panel: in it, the RSS ellipses ran through it.
            ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12))
        first = solutions.iloc[0]
        fig.suptitle(
            "S2 — where RSS isocontours meet the L1 diamond and the L2 circle "
            f"(legends: the weights exactly 0)\n(2 features, corr "
            f"{float(first['rho']):g}, {int(first['n_samples'])} points, seed "
            f"{int(first['seed'])})",
            fontsize=11,
        )
    return fig
