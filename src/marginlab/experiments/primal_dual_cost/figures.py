"""Figures of the primal_dual_cost experiment, drawn from its tables.

Figure primal_dual_cost; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.colors import LogNorm
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure
from .claims import ratio_cells


def _heatmap(
    ax: Axes,
    fig: Figure,
    cells: pd.DataFrame,
    D: float,
    floor: int | None,
    label: str,
) -> None:
    """Cells (n, d') coloured by ``ratio`` (log scale, blue below 1, red
    above) and labelled with it; with ``low``/``high`` columns, a cell whose
    interval straddles 1 is labelled in grey italics. Framed: the cells with a
    factor D either way (and max(n, d') ≥ ``floor`` when given)."""
    ns = sorted(cells["n"].unique())
    dims = sorted(cells["d_features"].unique())
    grid = np.full((len(ns), len(dims)), np.nan)
    for r in cells.itertuples(index=False):
        grid[ns.index(r.n), dims.index(r.d_features)] = r.ratio
    span = float(np.nanmax(np.abs(np.log10(grid)))) if np.isfinite(grid).any() else 1
    span = max(span, 0.5)
    image = ax.imshow(
        grid,
        origin="lower",
        cmap="RdBu_r",
        norm=LogNorm(vmin=10**-span, vmax=10**span),
        aspect="auto",
    )
    intervals = "low" in cells.columns
    for r in cells.itertuples(index=False):
        i, j = ns.index(r.n), dims.index(r.d_features)
        resolved = not intervals or r.high < 1.0 or r.low > 1.0
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
            # On the cell's own colour, so that the line d' = n, which runs
            # through the centres of its cells, passes behind the label.
            bbox={"fc": image.cmap(image.norm(r.ratio)), "ec": "none", "pad": 1.5},
            zorder=4,
        )
        framed = r.d_features >= D * r.n or r.n >= D * r.d_features
        if floor is not None:
            framed = framed and max(r.n, r.d_features) >= floor
        if framed:
            ax.add_patch(
                plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, lw=2.0, ec="black")
            )
    # d' = n: both axes are geometric grids; draw through the equal values.
    diag = [(dims.index(v), ns.index(v)) for v in ns if v in dims]
    if len(diag) >= 2:
        xs, ys = zip(*diag, strict=True)
        ax.plot(xs, ys, color="black", ls="--", lw=1.0, label="d' = n", zorder=3)
    ax.set_xticks(range(len(dims)), [str(d) for d in dims])
    ax.set_yticks(range(len(ns)), [str(n) for n in ns])
    ax.set_xlabel("d' (explicit features, (d + 1)²)")
    ax.set_ylabel("n (training examples)")
    ax.grid(False)
    fig.colorbar(image, ax=ax, label=label)


def plot_primal_dual_cost(work: pd.DataFrame, timings: pd.DataFrame) -> Figure:
    """Figure ``primal_dual_cost`` (K20), over the grid of (n, d'): left, the
    ratio dual/primal of the multiply-adds one training run does, counted
    (claims.csv); right, of the CPU time it takes, the geometric mean of the
    repeats (timings.csv).

    Blue: the dual does less or is faster; red: the primal. On the right a
    cell whose 95 % interval straddles 1 is labelled in grey italics. Framed
    on the left: the cells with a factor ``dominance`` either way; on the
    right, those of them with max(n, d') ≥ ``min_size`` (the restricted timing
    rows; the whole-population row reads every cell framed on the left).
    Blank cells were not run (too many explicit features). The dashed line is
    d' = n, named in one legend below the panels; it passes behind the
    cells' labels.
    """
    D = float(work["dominance"].iloc[0])
    floor = int(timings["min_size"].iloc[0])
    counted = work.assign(ratio=work["dual_madds"] / work["primal_madds"])
    fig, axes = new_figure(1, 2, width=14.0, height=6.0, layout="constrained")
    with plt.rc_context(STYLE):
        _heatmap(axes[0], fig, counted, D, None, "multiply-adds counted, dual / primal")
        axes[0].set_title(
            f"Counted work (claims.csv); framed: a factor {D:g} either way",
            fontsize=9,
        )
        _heatmap(
            axes[1], fig, ratio_cells(timings), D, floor, "CPU time, dual / primal"
        )
        axes[1].set_title(
            f"CPU time (timings.csv); grey italics: 95 % interval across 1;\n"
            f"framed: a factor {D:g} either way and max(n, d') ≥ {floor}",
            fontsize=9,
        )
        # One legend, below the panels: in the corner of a panel it covered
        # a cell.
        handles, labels = axes[0].get_legend_handles_labels()
        if handles:
            fig.legend(handles, labels, loc="outside lower center", fontsize=8)
        fig.suptitle(
            "Dual against primal perceptron over n examples and d' features, "
            "ratio dual / primal (Huang 2017, 'Dual Perceptron'; K20)",
            fontsize=11,
        )
    return fig
