"""Figures of the l1_ball_faces experiment, drawn from its tables.

Figure l1_ball_faces; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure

_FACE_STYLE = {
    "corner": ("corner: 2 zero weights", "C3"),
    "edge": ("edge: 1 zero weight", "C1"),
    "facet": ("facet: no zero weight", "C0"),
}


def corner_counts(solutions: pd.DataFrame) -> dict[str, int]:
    """How many solutions lie at each corner ±e_k of the cross-polytope, for
    all six corners in a fixed order (+e1, −e1, …; 0 where none lies)."""
    at = (solutions["face"] == "corner").to_numpy()
    W = (
        solutions[["w1", "w2", "w3"]].to_numpy()[at]
        / solutions["t"].to_numpy()[at, None]
    )
    nearest = np.round(W)
    counts = {}
    for k in range(3):
        for sign, name in ((1.0, "+"), (-1.0, "−")):
            corner = np.zeros(3)
            corner[k] = sign
            counts[f"{name}e{k + 1}"] = int(np.all(nearest == corner, axis=1).sum())
    return counts


def corner_title(solutions: pd.DataFrame) -> str:
    """The 3-D panel's title: how many of the solutions lie at a corner, and
    how many at each of the six (they add up to it: a count drawn beside
    each corner hid the one that faces the viewer)."""
    counts = corner_counts(solutions)
    each = ", ".join(f"{corner} {n}" for corner, n in counts.items())
    return (
        "solutions w*/t on the unit cross-polytope\n"
        f"{sum(counts.values())} of {len(solutions)} at a corner: {each}"
    )


def plot_l1_ball_faces(solutions: pd.DataFrame) -> Figure:
    """Figure ``l1_ball_faces`` (S6).

    Left: the unit cross-polytope ‖w‖₁ = 1 and every constrained solution
    scaled to it, w*/t, coloured by the face it lies on (corners sized by
    their counts, which the title gives, :func:`corner_title`). Right: the
    share of corners, edges and facets for each radius t = f‖β̂‖₁.
    """
    fig = None
    with plt.rc_context(STYLE):
        fig, _ = new_figure(width=12.5, height=5.6)
        fig.clf()
        ax3 = fig.add_subplot(1, 2, 1, projection="3d")
        ax = fig.add_subplot(1, 2, 2)
        vertices = np.vstack([np.eye(3), -np.eye(3)])
        for i in range(6):
            for j in range(i + 1, 6):
                if abs(i - j) != 3:  # ±e_k are not joined
                    a, b = vertices[i], vertices[j]
                    ax3.plot(*zip(a, b, strict=True), color="grey", lw=0.7)
        W = (
            solutions[["w1", "w2", "w3"]].to_numpy()
            / solutions["t"].to_numpy()[:, None]
        )
        for face, (label, colour) in _FACE_STYLE.items():
            at = (solutions["face"] == face).to_numpy()
            if face == "corner":
                corners, counts = np.unique(np.round(W[at]), axis=0, return_counts=True)
                ax3.scatter(
                    *corners.T,
                    s=12 + 1.2 * counts,
                    c=colour,
                    depthshade=False,
                    label=f"{label} ({int(at.sum())})",
                )
            else:
                ax3.scatter(
                    *W[at].T,
                    s=5,
                    c=colour,
                    depthshade=False,
                    label=f"{label} ({int(at.sum())})",
                )
        ax3.set_xlabel("w1 / t")
        ax3.set_ylabel("w2 / t")
        ax3.set_zlabel("w3 / t")
        for axis in (ax3.xaxis, ax3.yaxis, ax3.zaxis):
            axis.set_ticks([-1.0, 0.0, 1.0])
        ax3.set_box_aspect((1, 1, 1))
        ax3.view_init(elev=22, azim=35)
        ax3.legend(fontsize=8, loc="upper left")
        ax3.set_title(corner_title(solutions), fontsize=9)

        shares = (
            solutions.groupby("fraction")["face"]
            .value_counts(normalize=True)
            .unstack(fill_value=0.0)
        )
        fractions = shares.index.to_numpy()
        at = np.arange(len(fractions))
        bottom = np.zeros(len(fractions))
        for face, (label, colour) in _FACE_STYLE.items():
            v = shares[face].to_numpy() if face in shares else np.zeros(len(fractions))
            ax.bar(at, v, width=0.8, bottom=bottom, color=colour, label=label)
            bottom += v
        ax.set_xticks(at, [f"{f:g}" for f in fractions])
        ax.set_xlabel("radius t / ‖β̂‖₁ (smaller: larger λ)")
        ax.set_ylabel("share of problems")
        ax.set_ylim(0.0, 1.12)
        ax.set_yticks(np.linspace(0.0, 1.0, 6))
        ax.legend(fontsize=8, loc="upper center", ncol=3)
        first = solutions.iloc[0]
        ax.set_title(
            f"{solutions['problem'].nunique()} random problems, 3 correlated "
            f"features, {int(first['n_samples'])} points (seed {int(first['seed'])})",
            fontsize=10,
        )
        fig.suptitle(
            "S6 — where the RSS isosurface touches the L1 ball (corner, edge or "
            "facet) and the zero weights there (Shewchuk, Lecture 14, §14.3)",
            fontsize=11,
        )
    return fig
