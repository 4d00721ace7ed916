"""Figures of the subset_selection experiment, drawn from its tables.

Figure subset_selection; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from .._shared.figures import STYLE, new_figure

_METHOD_STYLE = {
    "best_subset": ("best subset", "k", "o", "-"),
    "forward": ("forward stepwise", "C0", "s", "--"),
    "backward_cv": ("backward stepwise (CV)", "C1", "^", "-."),
    "backward_zscore": ("backward elimination (z-score)", "C2", "v", ":"),
}


def _shown(formula: str) -> str:
    """A count's formula as printed: 2^d as 2ᵈ, a minus sign as −.

    >>> _shown("2^d - 1")
    '2ᵈ − 1'
    """
    return formula.replace("^d", "ᵈ").replace(" - ", " − ")


def _draw_cv_by_size(
    ax: Axes,
    name: str,
    path: pd.DataFrame,
    subsets: pd.DataFrame,
    counts: pd.DataFrame,
) -> None:
    """CV error of every subset (grey) and along each method's path."""
    mine = path[path["dataset"] == name]
    low, high = float(mine["cv_mse"].min()), float(mine["cv_mse"].max())
    top = high + 1.0 * (high - low)
    s = subsets[subsets["dataset"] == name]
    hidden = int((s["cv_mse"] > top).sum())
    jitter = np.random.default_rng(0).uniform(-0.12, 0.12, len(s))  # fixed
    ax.scatter(
        s["size"] + jitter,
        s["cv_mse"],
        s=6,
        color="0.7",
        label=f"every subset ({len(s)}"
        + (f"; {hidden} above the frame)" if hidden else ")"),
        zorder=1,
    )
    for method, (label, colour, marker, ls) in _METHOD_STYLE.items():
        p = mine[mine["method"] == method].sort_values("size")
        c = counts[(counts["dataset"] == name) & (counts["method"] == method)].iloc[0]
        pair = p.loc[p["size"] == 2, "features"]
        chosen = f"; pair {{{pair.iloc[0]}}}" if len(pair) else ""
        ax.plot(
            p["size"],
            p["cv_mse"],
            color=colour,
            marker=marker,
            ls=ls,
            ms=5,
            lw=1.4,
            label=f"{label}: {int(c['n_models'])} models = "
            f"{_shown(str(c['formula']))}{chosen}",
            zorder=3,
        )
    ax.set_ylim(low - 0.1 * (high - low), top)
    ax.set_xlabel("number of features")
    ax.set_ylabel(f"{int(counts['n_splits'].iloc[0])}-fold CV mean squared error")
    ax.set_xticks(range(1, int(counts.loc[counts["dataset"] == name, "d"].iloc[0]) + 1))
    # Below the panel: in it, the legend covered the subsets' grey points.
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.13))


def _draw_zscores(ax: Axes, part: pd.DataFrame, fig: Figure) -> None:
    steps = sorted(part["step"].unique())
    features = list(dict.fromkeys(part["feature"]))
    grid = np.full((len(features), len(steps)), np.nan)
    removed = part["removed"].astype(str).str.lower().eq("true").to_numpy()
    for r, ok in zip(part.itertuples(index=False), removed, strict=True):
        i, j = features.index(r.feature), steps.index(r.step)
        grid[i, j] = r.abs_z
        ax.text(j, i, f"{r.z:.2g}", ha="center", va="center", fontsize=8)
        if ok:
            ax.add_patch(
                Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, ec="C3", lw=2.0)
            )
    image = ax.imshow(
        np.log10(np.maximum(grid, 1e-3)), cmap="Blues", aspect="auto", alpha=0.8
    )
    fig.colorbar(image, ax=ax, label="log10 |z|", shrink=0.85)
    ax.set_xticks(range(len(steps)), [str(s) for s in steps])
    ax.set_yticks(range(len(features)), features)
    ax.set_xlabel("elimination step (red box: the feature removed)")
    ax.grid(False)


def plot_subset_selection(
    path: pd.DataFrame,
    subsets: pd.DataFrame,
    counts: pd.DataFrame,
    zscores: pd.DataFrame,
) -> Figure:
    """Figure ``subset_selection`` (S3, S4).

    Top, per dataset: the CV error of every subset best subset tried (grey),
    and the CV error against the number of features along each method's
    path; the legend, below the panel, gives the models each method trained
    and its 2-feature model. Bottom, per dataset: the z-scores z = w/(σ̂√v) of the
    remaining features at each step of backward elimination by z-score
    (colour: log10 |z|; a red box marks the feature removed).
    """
    names = list(dict.fromkeys(counts["dataset"]))
    fig, axes = new_figure(
        2,
        len(names),
        width=6.2 * len(names),
        height=11.0,
        squeeze=False,
        gridspec_kw={"height_ratios": [1.6, 1.0]},
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        for col, name in enumerate(names):
            c = counts[counts["dataset"] == name].iloc[0]
            top, bottom = axes[0, col], axes[1, col]
            _draw_cv_by_size(top, name, path, subsets, counts)
            top.set_title(
                f"{name} ({int(c['n_samples'])} × {int(c['d'])}): CV error by size",
                fontsize=10,
            )
            _draw_zscores(bottom, zscores[zscores["dataset"] == name], fig)
            bottom.set_title(f"{name}: backward elimination by z-score", fontsize=10)
        fig.suptitle(
            "S3 — best subset vs forward/backward stepwise; S4 — elimination "
            "by the smallest |z|",
            fontsize=11,
        )
    return fig
