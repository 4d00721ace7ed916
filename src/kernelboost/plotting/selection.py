"""Figures of claims S1–S6: the Lasso path, the L1 diamond, subset selection,
forward stepwise stopped by the validation error, the faces of the L1 ball.

Each function takes the tables of the matching study in
:mod:`kernelboost.studies.selection_paths`,
:mod:`~kernelboost.studies.stepwise_stopping` or
:mod:`~kernelboost.studies.l1_ball`, in the order the study returns them
(possibly read back from CSV).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ._base import STYLE, new_figure

__all__ = [
    "plot_l1_ball_faces",
    "plot_lasso_path",
    "plot_lasso_ridge_contours",
    "plot_stepwise_stopping",
    "plot_subset_selection",
]

#: How many features of the Lasso path are drawn in colour (Shewchuk, Lecture 14:
#: "only four of the weights are really useful for prediction; they're in
#: color").
N_COLOURED = 4

_METHOD_STYLE = {
    "best_subset": ("best subset", "k", "o", "-"),
    "forward": ("forward stepwise", "C0", "s", "--"),
    "backward_cv": ("backward stepwise (CV)", "C1", "^", "-."),
    "backward_zscore": ("backward elimination (z-score)", "C2", "v", ":"),
}


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


def _draw_path(
    ax: Axes, part: pd.DataFrame, coloured: list[str], features: list[str]
) -> None:
    for feature in features:
        curve = part[part["feature"] == feature].sort_values("alpha")
        if feature in coloured:
            colour, width, z = f"C{coloured.index(feature)}", 1.8, 3
        else:
            colour, width, z = "0.6", 1.0, 2
        ax.plot(curve["alpha"], curve["weight"], color=colour, lw=width, zorder=z)
        ax.annotate(
            feature,
            (float(curve["alpha"].iloc[0]), float(curve["weight"].iloc[0])),
            xytext=(-3, 0),
            textcoords="offset points",
            ha="right",
            va="center",
            fontsize=7,
            color=colour,
        )
    ax.axhline(0.0, color="k", lw=0.6)
    ax.set_xscale("log")


def plot_lasso_path(weights: pd.DataFrame, zeros: pd.DataFrame) -> Figure:
    """Figure ``lasso_path`` (S1): Lasso and ridge weights against λ, zero counts.

    Top: the weights against λ (log scale), the Lasso on the left and ridge
    on the right, each on its own λ scale; the first ``N_COLOURED`` features
    to enter the Lasso model are coloured, the others grey. Bottom: the
    number of weights that are exactly zero at each λ, with the stretches
    where a Lasso weight has dropped back to zero shaded.
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
                    ax.axvline(alpha_max, color="grey", ls=":", lw=1)
                top.text(
                    alpha_max,
                    top.get_ylim()[1],
                    " α_max: w = 0",
                    fontsize=8,
                    va="top",
                    color="grey",
                )
                for i, (feature, lo, hi) in enumerate(_dropout_spans(weights)):
                    for ax in (top, bottom):
                        ax.axvspan(
                            lo,
                            hi,
                            color="C3",
                            alpha=0.15,
                            lw=0,
                            label=None
                            if i
                            else "a weight back at exactly 0 (count falls as λ grows)",
                        )
                    top.text(
                        np.sqrt(lo * hi),
                        top.get_ylim()[0],
                        feature,
                        ha="center",
                        va="bottom",
                        fontsize=7,
                        color="C3",
                    )
                if bottom.get_legend_handles_labels()[0]:
                    bottom.legend(fontsize=7, loc="upper left")
                top.set_title(
                    "Lasso: ½m⁻¹‖y − b − Xw‖² + λ‖w‖₁ — weights reach exactly 0",
                    fontsize=10,
                )
                bottom.set_title("number of weights exactly 0 against λ", fontsize=9)
            else:
                top.set_title(
                    "Ridge: ‖y − b − Xw‖² + λ‖w‖² — weights shrink, none is 0",
                    fontsize=10,
                )
                bottom.set_title(
                    f"number of weights exactly 0 (total {int(z['n_zero'].sum())})",
                    fontsize=9,
                )
            top.set_ylabel("weight (standardized features)")
        name = str(zeros["dataset"].iloc[0]) if "dataset" in zeros else "data"
        fig.suptitle(
            f"S1 — Lasso vs ridge paths on {name} "
            f"({int(zeros['n_samples'].iloc[0])} × "
            f"{int(zeros['n_features'].iloc[0])}); coloured: the first "
            f"{N_COLOURED} features to enter the Lasso",
            fontsize=11,
        )
    return fig


def plot_lasso_ridge_contours(
    contours: pd.DataFrame, balls: pd.DataFrame, solutions: pd.DataFrame
) -> Figure:
    """Figure ``lasso_ridge_contours`` (S2): RSS ellipses, diamond and circle.

    Left: the ellipses RSS(w) = const around the least-squares β̂, the
    diamond ‖w‖₁ ≤ t and the Lasso solution, where the ellipse through it
    (drawn thick) touches the diamond. Right: the same ellipses, the circle
    ‖w‖₂ ≤ t and the ridge solution. Equal aspect, so the ellipses and balls
    have their true shapes.
    """
    fig, axes = new_figure(1, 2, width=11.0, height=5.4, layout="constrained")
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
            ax.legend(fontsize=7, loc="lower left")
        first = solutions.iloc[0]
        fig.suptitle(
            "S2 — RSS isocontours meet the L1 diamond at a tip (one weight 0), "
            f"the L2 circle off the axes\n(2 features, corr "
            f"{float(first['rho']):g}, {int(first['n_samples'])} points, seed "
            f"{int(first['seed'])})",
            fontsize=11,
        )
    return fig


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
            label=f"{label}: {int(c['n_models'])} models = {c['formula']}{chosen}",
            zorder=3,
        )
    ax.set_ylim(low - 0.1 * (high - low), top)
    ax.set_xlabel("number of features")
    ax.set_ylabel(f"{int(counts['n_splits'].iloc[0])}-fold CV mean squared error")
    ax.set_xticks(range(1, int(counts.loc[counts["dataset"] == name, "d"].iloc[0]) + 1))
    ax.legend(
        fontsize=7, loc="upper right", frameon=True, facecolor="white", framealpha=0.9
    )


def _draw_zscores(ax: Axes, part: pd.DataFrame, fig: Figure) -> None:
    steps = sorted(part["step"].unique())
    features = list(dict.fromkeys(part["feature"]))
    grid = np.full((len(features), len(steps)), np.nan)
    removed = part["removed"].astype(str).str.lower().eq("true").to_numpy()
    for r, ok in zip(part.itertuples(index=False), removed, strict=True):
        i, j = features.index(r.feature), steps.index(r.step)
        grid[i, j] = r.abs_z
        ax.text(j, i, f"{r.z:.2g}", ha="center", va="center", fontsize=6.5)
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
    path, with the models each method trained; a box lists each method's
    2-feature model. Bottom, per dataset: the z-scores z = w/(σ̂√v) of the
    remaining features at each step of backward elimination by z-score
    (colour: log10 |z|; a red box marks the feature removed).
    """
    names = list(dict.fromkeys(counts["dataset"]))
    fig, axes = new_figure(
        2,
        len(names),
        width=6.2 * len(names),
        height=9.0,
        squeeze=False,
        gridspec_kw={"height_ratios": [1.25, 1.0]},
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


def plot_stepwise_stopping(
    curve: pd.DataFrame, summary: pd.DataFrame, losses: pd.DataFrame
) -> Figure:
    """Figure ``stepwise_stopping`` (S5): validation and test error of forward
    stepwise selection against the number of features, per dataset, with the
    step where the validation error first rose and the model kept."""
    del losses
    names = list(dict.fromkeys(summary["dataset"]))
    fig, axes = new_figure(
        1, len(names), width=5.6 * len(names), height=4.4, squeeze=False
    )
    with plt.rc_context(STYLE):
        for ax, name in zip(axes[0], names, strict=True):
            c = curve[curve["dataset"] == name].sort_values("size")
            s = summary[summary["dataset"] == name].iloc[0]
            d, kept, stop = int(s["d"]), int(s["kept_size"]), int(s["stop_step"])
            ax.plot(
                c["size"],
                c["cv_mse"],
                "o-",
                color="C0",
                ms=3.5,
                label=f"validation ({int(s['n_splits'])}-fold CV on the training part)",
            )
            ax.plot(
                c["size"],
                c["test_mse"],
                "s-",
                color="C1",
                ms=3.5,
                label=f"test ({int(s['n_test'])} held-out points)",
            )
            ax.axvline(
                kept,
                color="C3",
                lw=1.4,
                label=f"kept: {kept} features, "
                f"test MSE {float(s['test_mse_kept']):.4g}",
            )
            if stop <= d:
                rise = c[c["size"] == stop]
                ax.plot(
                    rise["size"],
                    rise["cv_mse"],
                    "x",
                    color="C3",
                    ms=10,
                    mew=2,
                    label=f"step {stop}: validation error rose, search stopped",
                )
            best = int(s["test_min_size"])
            ax.plot(
                [best],
                [float(s["test_mse_min"])],
                "*",
                color="k",
                ms=11,
                label=f"test minimum on the path ({best} features)",
            )
            ax.plot(
                [d],
                [float(s["test_mse_all"])],
                "D",
                color="C1",
                mec="k",
                ms=6,
                label=f"all {d} features, test MSE {float(s['test_mse_all']):.4g}",
            )
            ax.set_xlabel("features in the model (forward stepwise order)")
            ax.set_ylabel("mean squared error")
            ax.set_title(
                f"{name} ({int(s['n_train'])} training points, d = {d})", fontsize=10
            )
            ax.legend(fontsize=7)
        fig.suptitle(
            "S5 — forward stepwise: add the best feature until the validation "
            "error rises (Shewchuk, Lecture 14, §14.2)",
            fontsize=11,
        )
        fig.tight_layout()
    return fig


_FACE_STYLE = {
    "corner": ("corner: 2 zero weights", "C3"),
    "edge": ("edge: 1 zero weight", "C1"),
    "facet": ("facet: no zero weight", "C0"),
}


def plot_l1_ball_faces(solutions: pd.DataFrame) -> Figure:
    """Figure ``l1_ball_faces`` (S6).

    Left: the unit cross-polytope ‖w‖₁ = 1 and every constrained solution
    scaled to it, w*/t, coloured by the face it lies on (corners drawn with
    their counts). Right: the share of corners, edges and facets for each
    radius t = f‖β̂‖₁.
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
                for p, n in zip(corners, counts, strict=True):
                    ax3.text(*(1.15 * p), str(n), fontsize=7, color=colour)
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
        ax3.legend(fontsize=7, loc="upper left")
        ax3.set_title("solutions w*/t on the unit cross-polytope", fontsize=10)

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
            "S6 — the RSS isosurface touches the L1 ball at a corner (2 zeros), an "
            "edge (1) or a facet (0) (Shewchuk, Lecture 14, §14.3)",
            fontsize=11,
        )
    return fig
