"""Figures of the svm_sigma_C_grid experiment, drawn from its tables.

Figure svm_sigma_C_grid; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure


def plot_svm_sigma_C_grid(
    summary: pd.DataFrame,
    surface: Sequence[pd.DataFrame],
    points: Sequence[pd.DataFrame],
) -> Figure:
    """Figure ``svm_sigma_C_grid`` (K11): one SMO picture per (σ, C).

    ``surface`` (x1, x2, f) and ``points`` hold one table per panel, in the
    order of ``summary``'s rows. Regions are sign(f); the lines are
    f = −1, 0, +1; support vectors are circled.
    """
    n = len(summary)
    cols = min(n, 3)
    rows = -(-n // cols)
    fig, axes = new_figure(
        rows, cols, width=4.2 * cols, height=4.0 * rows, squeeze=False
    )
    with plt.rc_context(STYLE):
        for k, r in enumerate(summary.itertuples(index=False)):
            ax = axes[k // cols][k % cols]
            grid, train = surface[k], points[k]
            side = int(round(np.sqrt(len(grid))))
            g1 = grid["x1"].to_numpy().reshape(side, side)
            g2 = grid["x2"].to_numpy().reshape(side, side)
            f = grid["f"].to_numpy().reshape(side, side)
            ax.contourf(
                g1,
                g2,
                np.sign(f),
                levels=[-2, 0, 2],
                colors=["#f4cccc", "#d9ead3"],
                alpha=0.8,
            )
            ax.contour(
                g1,
                g2,
                f,
                levels=[-1, 0, 1],
                colors="black",
                linestyles=["--", "-", "--"],
                linewidths=[0.8, 1.4, 0.8],
            )
            for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
                part = train[train["label"] == label]
                ax.scatter(
                    part["x1"], part["x2"], color=color, marker=marker, s=14, zorder=3
                )
            sv = train[train["support"]]
            ax.scatter(
                sv["x1"],
                sv["x2"],
                s=70,
                facecolors="none",
                edgecolors="black",
                linewidths=1.0,
                zorder=4,
            )
            c = "∞" if np.isinf(r.C) else f"{r.C:g}"
            ax.set_title(
                f"σ = {r.sigma:g}, C = {c}\n{r.n_kernel_evals:,} kernel evals"
                f" · {r.n_sv} SV\nmargin {r.margin:.4f} · training error "
                f"{r.train_error:.3f}",
                fontsize=9,
            )
            ax.set_xticks([])
            ax.set_yticks([])
            ax.grid(False)
        for k in range(n, rows * cols):
            axes[k // cols][k % cols].axis("off")
        fig.suptitle(
            "SMO: Gaussian-kernel SVM for σ and C (K11); "
            "circled points are support vectors",
            fontsize=11,
        )
    return fig
