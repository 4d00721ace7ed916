"""Figures of the lasso_path experiment, drawn from its tables.

Figure lasso_path; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .._shared.figures import STYLE, count_steps, never_or_count, new_figure

#: How many features of the Lasso path are drawn in colour (Shewchuk, Lecture 14:
#: "only four of the weights are really useful for prediction; they're in
#: color").
N_COLOURED = 4


def _entry_order(weights: pd.DataFrame) -> list[str]:
    """Lasso features in the order they first become non-zero as λ decreases."""
    lasso = weights[weights["method"] == "lasso"]
    first = {}
    for feature, part in lasso.groupby("feature", sort=False):
        nonzero = part.loc[part["weight"] != 0.0, "alpha"]
        first[str(feature)] = float(nonzero.max()) if len(nonzero) else -np.inf
    return sorted(first, key=lambda f: -first[f])


def _dropout_spans(weights: pd.DataFrame) -> list[tuple[str, float, float]]:
    """λ ranges where a Lasso weight that had entered is exactly 0 again.

    Returns ``(feature, λ_low, λ_high)``: the grid values from λ_high down to
    λ_low where the weight is 0 after being non-zero at a larger λ.
    """
    spans = []
    lasso = weights[weights["method"] == "lasso"]
    for feature, part in lasso.groupby("feature", sort=False):
        p = part.sort_values("alpha", ascending=False)
        w, a = p["weight"].to_numpy(), p["alpha"].to_numpy()
        entered, start = False, None
        for k in range(len(w)):
            if w[k] != 0.0:
                if start is not None:
                    spans.append((str(feature), float(a[k - 1]), float(a[start])))
                    start = None
                entered = True
            elif entered and start is None:
                start = k
        if start is not None:
            spans.append((str(feature), float(a[-1]), float(a[start])))
    return spans


#: The vertical room of one feature's name, as a fraction of the panel's y
#: range (about 13 points on the top panels, a line of 8-point text and a gap).
LABEL_GAP = 0.05

#: The margin left of the paths that holds the features' names, as a
#: fraction of the paths' λ range in decades.
LABEL_MARGIN = 0.16


def spread(targets: np.ndarray, gap: float) -> np.ndarray:
    """Positions as close to ``targets`` as they can be with at least ``gap``
    between any two: labels that would collide are set ``gap`` apart, each
    group centred on the mean of its targets (groups that then collide
    merge). The order of the targets is kept.

    Examples
    --------
    >>> spread(np.array([0.0, 0.1, 5.0]), 1.0).tolist()
    [-0.45, 0.55, 5.0]
    """
    order = np.argsort(targets, kind="stable")
    groups: list[list[float]] = []
    for t in np.asarray(targets, dtype=float)[order]:
        groups.append([t])
        while len(groups) > 1:
            below, above = groups[-2], groups[-1]
            top = np.mean(below) + (len(below) - 1) * gap / 2
            bottom = np.mean(above) - (len(above) - 1) * gap / 2
            if bottom - top >= gap:
                break
            groups[-2:] = [below + above]
    placed = np.concatenate(
        [np.mean(g) + (np.arange(len(g)) - (len(g) - 1) / 2) * gap for g in groups]
    )
    out = np.empty_like(placed)
    out[order] = placed
    return out


def _draw_path(
    ax: Axes, part: pd.DataFrame, coloured: list[str], features: list[str]
) -> None:
    """The weights against λ (log scale), each feature named left of where
    its path starts (the smallest λ): the names are spread so that no two
    overlap (:func:`spread`), in a margin left of the paths, where neither
    a path nor the zero line (drawn over the paths' λ range only) runs; a
    thin line joins each name to its path."""
    curves = {f: part[part["feature"] == f].sort_values("alpha") for f in features}
    for feature, curve in curves.items():
        if feature in coloured:
            colour, width, z = f"C{coloured.index(feature)}", 1.8, 3
        else:
            colour, width, z = "0.6", 1.0, 2
        ax.plot(curve["alpha"], curve["weight"], color=colour, lw=width, zorder=z)
    ax.set_xscale("log")
    lo, hi = float(part["alpha"].min()), float(part["alpha"].max())
    ax.hlines(0.0, lo, hi, color="k", lw=0.6)
    starts = np.array([float(c["weight"].iloc[0]) for c in curves.values()])
    y0, y1 = ax.get_ylim()
    placed = spread(starts, LABEL_GAP * (y1 - y0))
    decades = np.log10(hi / lo)
    x_text = lo / 10 ** (0.4 * LABEL_MARGIN * decades)
    x_join = lo / 10 ** (0.1 * LABEL_MARGIN * decades)
    labels = zip(curves.items(), placed, starts, strict=True)
    for (feature, curve), y, y_start in labels:
        colour = f"C{coloured.index(feature)}" if feature in coloured else "0.45"
        ax.plot(
            [x_text, x_join, float(curve["alpha"].iloc[0])],
            [y, y, y_start],
            color=colour,
            lw=0.5,
        )
        ax.annotate(
            feature,
            (x_text, y),
            xytext=(-2, 0),
            textcoords="offset points",
            ha="right",
            va="center",
            fontsize=8,
            color=colour,
            # Over the grid lines, which would run through a name.
            bbox={"fc": "white", "ec": "none", "pad": 0.5},
        )
    ax.set_xlim(lo / 10 ** (LABEL_MARGIN * decades), hi * 10 ** (0.03 * decades))
    ax.set_ylim(min(y0, placed.min() - LABEL_GAP * (y1 - y0)), max(y1, placed.max()))


def zeros_title(z: pd.DataFrame) -> str:
    """Title of the Lasso's zero-count panel: at how many steps to a larger λ
    the count of exact zeros fell, as S1's first row reads it (not "more
    weights reach 0 as λ grows")."""
    k, n = count_steps(z.sort_values("alpha")["n_zero"], "down")
    return (
        "number of weights exactly 0 against λ: "
        + never_or_count("falls", k, n, "step")
        + " to a larger λ"
    )


def plot_lasso_path(weights: pd.DataFrame, zeros: pd.DataFrame) -> Figure:
    """Figure ``lasso_path`` (S1): Lasso and ridge weights against λ, zero counts.

    Top: the weights against λ (log scale), the Lasso on the left and ridge
    on the right, each on its own λ scale; the first ``N_COLOURED`` features
    to enter the Lasso model are coloured, the others grey. Bottom: the
    number of weights that are exactly zero at each λ, with the stretches
    where a Lasso weight has dropped back to zero shaded. The top titles name
    the objectives; the Lasso's bottom title counts the steps at which the
    zero count fell (:func:`zeros_title`), ridge's the exact zeros. One
    legend below the panels names α_max and the shaded stretches (with their
    features).
    """
    fig, axes = new_figure(
        2,
        2,
        width=12.0,
        height=6.6,
        sharex="col",
        gridspec_kw={"height_ratios": [3.0, 1.3]},
        layout="constrained",
    )
    with plt.rc_context(STYLE):
        order = _entry_order(weights)
        coloured = order[:N_COLOURED]
        features = list(dict.fromkeys(weights["feature"]))
        for col, method in enumerate(("lasso", "ridge")):
            top, bottom = axes[0, col], axes[1, col]
            part = weights[weights["method"] == method]
            _draw_path(top, part, coloured, features)
            z = zeros[zeros["method"] == method].sort_values("alpha")
            bottom.step(
                z["alpha"], z["n_zero"], where="mid", color="C3", marker=".", ms=3
            )
            n_features = int(z["n_features"].iloc[0])
            bottom.set_ylim(-0.5, n_features + 0.5)
            bottom.set_yticks(range(0, n_features + 1, max(1, n_features // 5)))
            bottom.set_xlabel("λ (log scale)")
            bottom.set_ylabel("exact zeros")
            if method == "lasso":
                alpha_max = float(z["alpha_max"].iloc[0])
                for ax in (top, bottom):
                    ax.axvline(
                        alpha_max,
                        color="grey",
                        ls=":",
                        lw=1,
                        label=f"α_max = {alpha_max:.3g}: every Lasso weight 0",
                    )
                spans = _dropout_spans(weights)
                names = ", ".join(dict.fromkeys(f for f, _, _ in spans))
                for i, (_, lo, hi) in enumerate(spans):
                    for ax in (top, bottom):
                        ax.axvspan(
                            lo,
                            hi,
                            color="C3",
                            alpha=0.15,
                            lw=0,
                            label=None
                            if i
                            else f"{names}: back at exactly 0 after entering "
                            "(the count of zeros falls as λ grows)",
                        )
                top.set_title("Lasso: ½m⁻¹‖y − b − Xw‖² + λ‖w‖₁", fontsize=10)
                bottom.set_title(zeros_title(z), fontsize=9)
            else:
                top.set_title("Ridge: ‖y − b − Xw‖² + λ‖w‖²", fontsize=10)
                bottom.set_title(
                    f"number of weights exactly 0 (total {int(z['n_zero'].sum())})",
                    fontsize=9,
                )
            top.set_ylabel("weight (standardized features)")
        handles, labels = axes[1, 0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower center", ncols=2, fontsize=8)
        name = str(zeros["dataset"].iloc[0]) if "dataset" in zeros else "data"
        fig.suptitle(
            f"S1 — Lasso vs ridge paths on {name} "
            f"({int(zeros['n_samples'].iloc[0])} × "
            f"{int(zeros['n_features'].iloc[0])}); coloured: the first "
            f"{N_COLOURED} features to enter the Lasso",
            fontsize=11,
        )
    return fig
