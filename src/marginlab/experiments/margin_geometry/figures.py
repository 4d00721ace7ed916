"""Figures of the margin_geometry experiment, drawn from its tables.

Figure margin_geometry; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from .._shared.figures import STYLE, new_figure

_L1, _L2 = "C3", "C0"

#: The suptitle: the two margins and what is drawn; whether the maximizers
#: differ and which is sparser is in the panel titles (and rows B19).
SUPTITLE = (
    "B19 — the L1 margin (ℓ∞ distance to α·u = 0) and the L2 margin (ℓ2 "
    "distance to w·u = 0),\nand the solution maximizing each (Mohri, Boosting, "
    "'SVM vs AdaBoost', 'Maximum-Margin Solutions')"
)


def _compare(a: float, b: float) -> str:
    """The sign between two margins as drawn (to the 3 digits shown)."""
    a, b = float(f"{a:.3g}"), float(f"{b:.3g}")
    return ">" if a > b else "<" if a < b else "="


def _closest(values: np.ndarray) -> np.ndarray:
    """Indices of the points at the minimum margin (to 1e-9 relative)."""
    low = float(values.min())
    return np.flatnonzero(values <= low + 1e-9 * abs(low))


def _draw_plane(ax, points: pd.DataFrame, solutions: pd.DataFrame) -> None:
    s = solutions[solutions["setting"] == "plane"].set_index("method")
    H = points[["h1", "h2"]].to_numpy()
    y = points["y"].to_numpy()
    a = points[["a1", "a2"]].iloc[0].to_numpy()
    w = points[["w1", "w2"]].iloc[0].to_numpy()
    rho1 = float(points["l1_of_l1"].min())
    rho2 = float(points["l2_of_l2"].min())
    for label, colour, marker in ((1.0, "C1", "o"), (-1.0, "C2", "s")):
        at = y == label
        ax.scatter(
            H[at, 0],
            H[at, 1],
            s=18,
            c=colour,
            marker=marker,
            edgecolors="k",
            linewidths=0.4,
            zorder=3,
            label=f"y = {label:+.0f}",
        )
    span = 1.15 * float(np.abs(H).max())
    t = np.linspace(-span, span, 2)
    for normal, colour, name, norm in (
        (a, _L1, "L1 (LP)", "ℓ∞"),
        (w, _L2, "L2 (SVM)", "ℓ2"),
    ):
        direction = np.array([-normal[1], normal[0]]) / np.linalg.norm(normal)
        ax.plot(
            t * direction[0],
            t * direction[1],
            color=colour,
            lw=1.8,
            label=f"{name} max-margin line, {norm} margin "
            f"{rho1 if norm == 'ℓ∞' else rho2:.3g}",
        )
    for i in _closest(points["l1_of_l1"].to_numpy()):
        ax.add_patch(
            Rectangle(
                (H[i, 0] - rho1, H[i, 1] - rho1),
                2 * rho1,
                2 * rho1,
                fill=False,
                ec=_L1,
                lw=1.4,
                ls="--",
            )
        )
    for i in _closest(points["l2_of_l2"].to_numpy()):
        ax.add_patch(Circle(H[i], rho2, fill=False, ec=_L2, lw=1.4, ls="--"))
    ax.plot([], [], color=_L1, ls="--", label="ℓ∞ square of radius ρ₁ (closest points)")
    ax.plot([], [], color=_L2, ls="--", label="ℓ2 disc of radius ρ₂ (closest points)")
    ax.axhline(0.0, color="k", lw=0.5)
    ax.axvline(0.0, color="k", lw=0.5)
    ax.set_aspect("equal")
    ax.set_xlim(-span, span)
    ax.set_ylim(-span, span)
    ax.set_xlabel("h1(x)")
    ax.set_ylabel("h2(x)")
    lp, svm = s.loc["l1_lp"], s.loc["l2_svm"]
    ax.set_title(
        f"h(x) ∈ R² (toy, {int(lp['n_points'])} points): the lines differ by "
        f"{float(lp['angle_deg']):.3g}°\nL1 margins LP {float(lp['l1_margin']):.3g} "
        f"{_compare(lp['l1_margin'], svm['l1_margin'])} SVM "
        f"{float(svm['l1_margin']):.3g}; L2 margins SVM "
        f"{float(svm['l2_margin']):.3g} "
        f"{_compare(svm['l2_margin'], lp['l2_margin'])} LP "
        f"{float(lp['l2_margin']):.3g}",
        fontsize=9,
    )
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2)


def _draw_weights(ax_l1, ax_l2, weights: pd.DataFrame, solutions: pd.DataFrame) -> None:
    s = solutions[solutions["setting"] == "stumps"].set_index("method")
    part = weights[weights["setting"] == "stumps"]
    for ax, method, colour, name in (
        (ax_l1, "l1_lp", _L1, "L1 max-margin LP: |α_j| / ‖α‖₁"),
        (ax_l2, "l2_svm", _L2, "L2 max-margin SVM: |w_j| / ‖w‖₁"),
    ):
        p = part[part["method"] == method].sort_values("feature")
        v = p["weight"].abs().to_numpy()
        v = v / v.sum()
        ax.vlines(p["feature"], 0.0, v, color=colour, lw=1.0)
        r = s.loc[method]
        ax.set_title(
            f"{name}: {int(r['nonzeros'])} of {int(r['n_hypotheses'])} non-zero; "
            f"L1 margin {float(r['l1_margin']):.3g}, L2 margin "
            f"{float(r['l2_margin']):.3g}",
            fontsize=9,
        )
        ax.set_ylabel("share of the norm")
        ax.set_ylim(bottom=0.0)
    ax_l2.set_xlabel(
        f"stump j on {s['dataset'].iloc[0]} (constant first, then x1 and x2 "
        "thresholds, increasing)"
    )


def plot_margin_geometry(
    points: pd.DataFrame, solutions: pd.DataFrame, weights: pd.DataFrame
) -> Figure:
    """Figure ``margin_geometry`` (B19).

    Left: a toy with h(x) ∈ R²; the L1 (LP) and L2 (SVM) maximum-margin lines
    through the origin, an ℓ∞ square of half-side ρ₁ around each point at
    the L1 solution's minimum margin (it touches the L1 line) and an ℓ2 disc
    of radius ρ₂ around each point at the L2 solution's (it touches the L2
    line). Right: the weights of the two solutions over the stumps of a
    dataset, each as a share of its L1 norm.
    """
    fig = None
    with plt.rc_context(STYLE):
        fig, _ = new_figure(width=13.0, height=6.0)
        fig.clf()
        grid = fig.add_gridspec(2, 2, width_ratios=[1.0, 1.25])
        plane = fig.add_subplot(grid[:, 0])
        top = fig.add_subplot(grid[0, 1])
        bottom = fig.add_subplot(grid[1, 1], sharex=top)
        _draw_plane(plane, points, solutions)
        _draw_weights(top, bottom, weights, solutions)
        fig.suptitle(SUPTITLE, fontsize=11)
        fig.tight_layout()
    return fig
