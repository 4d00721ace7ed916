"""Figures of the primal_dual_cost experiment, drawn from its tables.

Figure primal_dual_cost; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.colors import LogNorm
from matplotlib.figure import Figure

from ...theory.intervals import ratio_interval
from .._shared.figures import STYLE, new_figure


def plot_primal_dual_cost(timings: pd.DataFrame) -> Figure:
    """Figure ``primal_dual_cost`` (K20): dual/primal training time over (n, d').

    Each cell is coloured by the geometric mean of the repeats' time ratios
    (log scale, blue: the dual is faster, red: the primal is) and labelled with
    it; a cell whose 95 % interval straddles 1 is labelled in grey italics.
    Cells drawn with a thick edge are those that decide the claim rows (a
    factor ``dominance`` either way and max(n, d') ≥ ``min_size``); blank cells
    were not run (too many explicit features). The dashed line is d' = n.
    """
    ratios = []
    for (n, d_features), part in timings.groupby(["n", "d_features"], sort=True):
        ratio, low, high = ratio_interval(part["dual_seconds"] / part["primal_seconds"])
        ratios.append((int(n), int(d_features), ratio, low, high))
    cells = pd.DataFrame(ratios, columns=["n", "d_features", "ratio", "low", "high"])
    ns = sorted(cells["n"].unique())
    dims = sorted(cells["d_features"].unique())
    grid = np.full((len(ns), len(dims)), np.nan)
    for r in cells.itertuples(index=False):
        grid[ns.index(r.n), dims.index(r.d_features)] = r.ratio
    D = float(timings["dominance"].iloc[0])
    floor = int(timings["min_size"].iloc[0])
    fig, ax = new_figure(1, 1, width=8.0, height=5.6, layout="constrained")
    with plt.rc_context(STYLE):
        span = (
            float(np.nanmax(np.abs(np.log10(grid)))) if np.isfinite(grid).any() else 1
        )
        span = max(span, 0.5)
        image = ax.imshow(
            grid,
            origin="lower",
            cmap="RdBu_r",
            norm=LogNorm(vmin=10**-span, vmax=10**span),
            aspect="auto",
        )
        for r in cells.itertuples(index=False):
            i, j = ns.index(r.n), dims.index(r.d_features)
            resolved = r.high < 1.0 or r.low > 1.0
            ax.text(
                j,
                i,
                f"{r.ratio:.2g}",
                ha="center",
                va="center",
                fontsize=8,
                color=(
                    ("white" if abs(np.log10(r.ratio)) > 0.6 * span else "black")
                    if resolved
                    else "dimgrey"
                ),
                style="normal" if resolved else "italic",
            )
            decides = max(r.n, r.d_features) >= floor and (
                r.d_features >= D * r.n or r.n >= D * r.d_features
            )
            if decides:
                ax.add_patch(
                    plt.Rectangle(
                        (j - 0.5, i - 0.5), 1, 1, fill=False, lw=2.0, ec="black"
                    )
                )
        # d' = n: both axes are geometric grids; draw through the equal values.
        diag = [(dims.index(v), ns.index(v)) for v in ns if v in dims]
        if len(diag) >= 2:
            xs, ys = zip(*diag, strict=True)
            ax.plot(xs, ys, color="black", ls="--", lw=1.0, label="d' = n")
            ax.legend(fontsize=8, loc="upper left")
        ax.set_xticks(range(len(dims)), [str(d) for d in dims])
        ax.set_yticks(range(len(ns)), [str(n) for n in ns])
        ax.set_xlabel("d' (explicit features, (d + 1)²)")
        ax.set_ylabel("n (training examples)")
        ax.grid(False)
        fig.colorbar(image, ax=ax, label="training time, dual / primal")
        ax.set_title(
            f"Blue: dual faster; red: primal faster; grey italics: 95 % interval "
            f"across 1;\nframed: the cells that decide (a factor {D:g} either way, "
            f"max(n, d') ≥ {floor})",
            fontsize=9,
        )
        fig.suptitle(
            "Dual is cheaper when #features ≫ #examples (Huang 2017, "
            "'Dual Perceptron'; K20)",
            fontsize=11,
        )
    return fig
