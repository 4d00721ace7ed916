"""Figures of the cv_model_selection experiment, drawn from its tables.

Figure cv_model_selection; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .._shared.figures import C_MARKERS, STYLE, c_label, new_figure
from .claims import E3_MARGIN, e3_cv_selection, k16_c_fit


def _interval(row) -> str:
    """``[low, high]`` of a claim row's interval, three decimals."""
    return f"[{row.ci_low:.3f}, {row.ci_high:.3f}]"


def _draw_k16(ax: Axes, grid: pd.DataFrame, s: pd.Series, rows: list) -> None:
    """K16's two rows as they read: at the chosen σ, the test error at the
    smallest and at the largest C of the grid minus at the chosen C, each
    with its paired 95 % interval (the verdict reads it), against the bound
    0; the ticks name the two Cs, each row's difference, interval and
    verdict."""
    sigma, c_star = float(s["chosen_sigma"]), float(s["chosen_C"])
    at = grid[
        (grid["dataset"].astype(str) == str(s["dataset"]))
        & np.isclose(grid["sigma"].astype(float), sigma)
    ].sort_values("C")
    ends = [float(at["C"].iloc[0]), float(at["C"].iloc[-1])]
    x = np.arange(len(rows))
    measured = np.array([r.measured for r in rows])
    ax.errorbar(
        x,
        measured,
        yerr=[
            measured - np.array([r.ci_low for r in rows]),
            np.array([r.ci_high for r in rows]) - measured,
        ],
        fmt="D",
        color="C3",
        capsize=5,
        label="K16: difference, paired 95 % interval",
    )
    ax.axhline(0.0, color="k", lw=0.8, label="K16's bound: 0")
    ax.set_xticks(
        x,
        [
            f"C = {c_label(C)} ({fit})\n{r.measured:+.3f} "
            f"[{r.ci_low:.3f}, {r.ci_high:.3f}]\nverdict: {r.verdict}"
            for C, fit, r in zip(ends, ("smallest", "largest"), rows, strict=True)
        ],
        fontsize=8,
    )
    ax.set_xlim(-0.6, len(rows) - 0.4)
    ax.set_ylabel(f"test error minus at C* = {c_label(c_star)}")
    ax.set_title(
        f"K16 at the chosen σ = {sigma:g}:\nthe grid's C ends against C*",
        fontsize=9,
    )


def plot_cv_model_selection(
    grid: pd.DataFrame, summary: pd.DataFrame, mistakes: pd.DataFrame
) -> Figure:
    """Figure ``cv_model_selection`` (E3, K16): CV and test error over σ for
    each C, and K16's rows.

    One row of panels per dataset of ``summary``. Left: the K-fold
    cross-validation error (± fold standard deviation) of the Gaussian SVM
    against σ, one curve per C, computed on the training part only; the star
    is the CV choice. Middle: the test error of the same (σ, C), each fitted
    on the whole training part; the star is the CV choice, the diamond the
    best test error on the grid, the dotted line the chosen σ at which K16
    reads it. The title names E3's margin (:data:`.claims.E3_MARGIN`) and
    gives the interval the row's verdict reads
    (:func:`.claims.e3_cv_selection`). Right, on the row of the dataset K16
    reads (the first): its two rows from :func:`.claims.k16_c_fit`, the
    differences with the paired intervals the verdicts read
    (:func:`_draw_k16`). One legend below the panels.

    Parameters
    ----------
    grid, summary, mistakes : DataFrame
        From :func:`.study.cv_selection_tables`.
    """
    n = len(summary)
    fig, axes = new_figure(
        n,
        3,
        width=16.0,
        height=4.6 * n + 0.6,
        squeeze=False,
        layout="constrained",
        gridspec_kw={"width_ratios": [1.0, 1.0, 0.75]},
    )
    k16 = k16_c_fit(grid, summary, mistakes)
    e3 = {r.name: r for r in e3_cv_selection(grid, summary, mistakes)}
    with plt.rc_context(STYLE):
        for row, (ax, bx, kx) in enumerate(axes):
            s = summary.iloc[row]
            part = grid[grid["dataset"] == s["dataset"]]
            Cs = sorted(part["C"].unique())
            for i, C in enumerate(Cs):
                curve = part[part["C"] == C].sort_values("sigma")
                label = f"C = {c_label(float(C))}"
                ax.errorbar(
                    curve["sigma"],
                    curve["cv_error"],
                    yerr=curve["cv_std"],
                    marker=C_MARKERS[i % len(C_MARKERS)],
                    ms=4,
                    capsize=2,
                    color=f"C{i % 10}",
                    label=label,
                )
                bx.plot(
                    curve["sigma"],
                    curve["test_error"],
                    marker=C_MARKERS[i % len(C_MARKERS)],
                    ms=4,
                    color=f"C{i % 10}",
                    label=label,
                )
            for a, error in ((ax, "chosen_cv_error"), (bx, "chosen_test_error")):
                a.scatter(
                    s["chosen_sigma"],
                    s[error],
                    marker="*",
                    s=260,
                    color="gold",
                    edgecolors="black",
                    zorder=5,
                    label="CV choice",
                )
            bx.scatter(
                s["best_sigma"],
                s["best_test_error"],
                marker="D",
                s=70,
                facecolors="none",
                edgecolors="black",
                zorder=6,
                label="best test error on the grid",
            )
            for a in (ax, bx):
                a.set_xscale("log")
                a.set_xlabel("σ (Gaussian width)")
            ax.set_ylabel("cross-validation error")
            bx.set_ylabel("test error")
            ax.set_title(
                f"{s['dataset']}: {int(s['folds'])}-fold CV on "
                f"{int(s['n_train'])} training points\nchoice σ = "
                f"{float(s['chosen_sigma']):g}, C = {c_label(float(s['chosen_C']))}"
                f" (CV error {float(s['chosen_cv_error']):.3f})",
                fontsize=9,
            )
            bx.set_title(
                f"test error on {int(s['n_test'])} held-out points: choice "
                f"{float(s['chosen_test_error']):.3f}, best "
                f"{float(s['best_test_error']):.3f}\n(σ = {float(s['best_sigma']):g}, "
                f"C = {c_label(float(s['best_C']))}); difference "
                f"{float(s['regret']):+.3f}, E3: ≤ {E3_MARGIN:g}, simultaneous "
                f"95 % interval {_interval(e3['regret/' + str(s['dataset'])])}",
                fontsize=9,
            )
            if row == 0:
                bx.axvline(
                    float(s["chosen_sigma"]),
                    color="grey",
                    ls=":",
                    lw=1,
                    label="the chosen σ, where K16 reads the test errors",
                )
                _draw_k16(kx, grid, s, k16)
            else:
                kx.axis("off")
        handles, labels = axes[0, 1].get_legend_handles_labels()
        more, more_labels = axes[0, 2].get_legend_handles_labels()
        fig.legend(
            handles + more,
            labels + more_labels,
            loc="outside lower center",
            ncols=4,
            fontsize=8,
        )
        fig.suptitle(
            "Choosing σ and C by cross-validation (Shewchuk, Lecture 14; E3), "
            "and the C ends at the chosen σ (Huang 2017; K16)",
            fontsize=11,
        )
    return fig
