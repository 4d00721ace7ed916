"""Figures of the perceptron_dual experiment, drawn from its tables.

Figure perceptron_dual; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure


def _true(value: object) -> bool:
    """A boolean cell as pandas writes it or reads it back from CSV."""
    return str(value).strip().lower() == "true"


def _mistakes(r) -> str:
    """The two runs' mistake counts: one number when they agree."""
    primal, dual = int(r.n_mistakes_primal), int(r.n_mistakes_dual)
    if primal == dual:
        return f"{primal} mistakes each"
    return f"{primal} mistakes primal, {dual} dual"


def plot_perceptron_dual(worked: pd.DataFrame, compare: pd.DataFrame) -> Figure:
    """Figure ``perceptron_dual`` (K6): Huang 2017's primal/dual table, reproduced.

    Left: the three points and w after each update. Right: the table (primal w,
    dual α, implicit Σ α_i x_i) and the primal-vs-dual checks on data.
    """
    fig, (ax, tx) = new_figure(
        1, 2, width=10.5, height=4.4, gridspec_kw={"width_ratios": [1, 1.35]}
    )
    with plt.rc_context(STYLE):
        for r in worked.drop_duplicates("index").itertuples(index=False):
            ax.scatter(
                r.x1,
                r.x2,
                s=120,
                marker="o" if r.label > 0 else "s",
                color="C2" if r.label > 0 else "C3",
                zorder=3,
            )
            ax.annotate(
                f"x{r.index} ({r.label:+d})",
                (r.x1, r.x2),
                xytext=(8, 6),
                textcoords="offset points",
            )
        for step, r in enumerate(worked.itertuples(index=False)):
            ax.annotate(
                "",
                (r.w1, r.w2),
                (0, 0),
                arrowprops={"arrowstyle": "->", "color": f"C{step}", "lw": 1.8},
                zorder=4,
            )
            # Below the tip: a point's name sits above and to its right, and
            # w may end on a point (w after update 1 = x3 here).
            ax.annotate(
                f"w after update {r.step}",
                (r.w1, r.w2),
                xytext=(0, -10),
                textcoords="offset points",
                color=f"C{step}",
                fontsize=8,
                ha="center",
                va="top",
            )
        ax.set_xlim(-1, 3.2)
        ax.set_ylim(-1.6, 1.6)
        ax.set_aspect("equal")
        ax.set_xlabel("x₁")
        ax.set_ylabel("x₂")
        ax.set_title("Perceptron without bias, cyclic order")
        tx.axis("off")
        cells = [
            [
                f"x{r.index}: {r.label:+d}",
                f"({r.w1:g}, {r.w2:g})",
                f"({r.alpha1:g}, {r.alpha2:g}, {r.alpha3:g})",
                f"({r.wd1:g}, {r.wd2:g})",
            ]
            for r in worked.itertuples(index=False)
        ]
        grid = tx.table(
            cellText=cells,
            colLabels=["update on", "primal w", "dual α", "Σ αᵢ xᵢ"],
            loc="upper center",
            cellLoc="center",
        )
        grid.scale(1.0, 1.6)
        lines = [
            f"{r.dataset} ({r.kernel}): {_mistakes(r)}, "
            f"{'same' if _true(r.same_sequence) else 'DIFFERENT'} sequence, "
            f"‖w − Σαφ‖ = {r.w_rel_diff:.1e}"
            for r in compare.itertuples(index=False)
        ]
        tx.text(
            0.0,
            0.28,
            "Primal on φ(x) vs dual with k on data:\n" + "\n".join(lines),
            fontsize=8,
            va="top",
            transform=tx.transAxes,
        )
        tx.set_title("Huang 2017's table, recomputed (K6)")
    return fig
