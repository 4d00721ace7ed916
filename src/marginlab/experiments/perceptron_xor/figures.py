"""Figures of the perceptron_xor experiment, drawn from its tables.

Figure perceptron_xor; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from .._shared.figures import STYLE, new_figure

#: Both legends: below their panels, off the curves, the points and the
#: corners of the shaded regions.
_BELOW = {
    "loc": "upper center",
    "bbox_to_anchor": (0.5, -0.13),
    "ncols": 2,
    "fontsize": 8,
}


def plot_perceptron_xor(epochs: pd.DataFrame, points: pd.DataFrame) -> Figure:
    """Figure ``perceptron_xor`` (K7): XOR with a linear and a quadratic
    perceptron; each legend lies below its panel."""
    fig, (ax, bx) = new_figure(1, 2, width=10.0, height=5.0, layout="constrained")
    with plt.rc_context(STYLE):
        for k, (model, part) in enumerate(epochs.groupby("model", sort=False)):
            ax.plot(
                part["epoch"],
                part["train_error"],
                marker="o" if k else None,
                ms=4,
                label=model,
                color=f"C{k}",
            )
        ax.set_xscale("log")
        ax.set_xlabel("epoch")
        ax.set_ylabel("training error at the end of the epoch")
        ax.set_ylim(-0.05, 1.05)
        ax.set_title("Training error on XOR")
        ax.legend(**_BELOW)
        lim = 1.1 * float(np.abs(points[["x1", "x2"]]).to_numpy().max()) + 0.2
        g = np.linspace(-lim, lim, 201)
        g1, g2 = np.meshgrid(g, g)
        bx.contourf(
            g1,
            g2,
            np.sign(g1 * g2),
            levels=[-2, 0, 2],
            colors=["#f4cccc", "#d9ead3"],
            alpha=0.8,
        )
        for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
            part = points[points["label"] == label]
            bx.scatter(
                part["x1"],
                part["x2"],
                color=color,
                marker=marker,
                s=18,
                label=f"label {label:+d}",
            )
        w = points["alpha"].to_numpy() @ points[["phi1", "phi2", "phi3"]].to_numpy()
        norm = float(np.linalg.norm(w))
        along = float(w[1]) / norm if norm > 0 else 0.0
        bx.set_title(
            f"Kernel perceptron: w = ({w[0]:.3g}, {w[1]:.3g}, {w[2]:.3g}) in\n"
            f"φ = (x₁², √2x₁x₂, x₂²), cos to the √2x₁x₂ axis {along:.3g}; "
            "shaded: x₁x₂ > 0",
            fontsize=9,
        )
        bx.set_xlabel("x₁")
        bx.set_ylabel("x₂")
        bx.set_aspect("equal")
        handles, _ = bx.get_legend_handles_labels()
        handles += [
            Patch(color="#d9ead3", label="x₁x₂ > 0"),
            Patch(color="#f4cccc", label="x₁x₂ < 0"),
        ]
        bx.legend(handles=handles, **_BELOW)
    return fig
