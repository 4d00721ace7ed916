"""Figures of the cv_model_selection experiment, drawn from its tables.

Figure cv_model_selection; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import C_MARKERS, STYLE, c_label, new_figure
from .claims import E3_MARGIN


def plot_cv_model_selection(grid: pd.DataFrame, summary: pd.DataFrame) -> Figure:
    """Figure ``cv_model_selection`` (E3): CV and test error over σ for each C.

    One row of panels per dataset of ``summary``. Left: the K-fold
    cross-validation error (± fold standard deviation) of the Gaussian SVM
    against σ, one curve per C, computed on the training part only; the star
    is the CV choice. Right: the test error of the same (σ, C), each fitted on
    the whole training part; the star is the CV choice, the diamond the best
    test error on the grid. The title names E3's margin
    (:data:`.claims.E3_MARGIN`); the verdict reads the row's interval.

    Parameters
    ----------
    grid, summary : DataFrame
        From :func:`.study.cv_selection_tables`.
    """
    n = len(summary)
    fig, axes = new_figure(
        n, 2, width=11.0, height=4.4 * n, squeeze=False, layout="constrained"
    )
    with plt.rc_context(STYLE):
        for (ax, bx), (_, s) in zip(axes, summary.iterrows(), strict=True):
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
                a.legend(fontsize=7)
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
                f"{float(s['regret']):+.3f}, claim: ≤ {E3_MARGIN:g} "
                "(read with E3's interval)",
                fontsize=9,
            )
        fig.suptitle(
            "Choosing σ and C by cross-validation (Shewchuk, Lecture 14; E3)",
            fontsize=11,
        )
    return fig
