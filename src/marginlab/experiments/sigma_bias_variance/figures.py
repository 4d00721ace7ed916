"""Figures of the sigma_bias_variance experiment, drawn from its tables.

Figure sigma_bias_variance; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import (
    STYLE,
    count_steps,
    draw_correlations,
    draw_regions,
    draw_sweeps,
    legend_outside,
    proportion_bars,
)
from .claims import paired_agreement

#: The suptitle: what is drawn, no verdict (the caption and the rows give it).
SUPTITLE = "Gaussian SVM decision regions for several σ, and 1-NN (K10)"


def length_title(lengths: pd.Series) -> str:
    """Title of the boundary-length panel: how many steps of σ shorten it on
    the run's own training set."""
    shorter, steps = count_steps(lengths, "down")
    return (
        f"Boundary length; the run's own set: {shorter} of {steps}\n"
        "steps to a larger σ shorten it"
    )


def agreement_title(errors: pd.DataFrame, agreement: pd.DataFrame) -> str:
    """Title of the agreement panel: the difference K10's agreement row reads,
    at σ_a (column ``kernel_sigma``) minus at the largest σ, with its paired
    95 % interval; neutral when there is no σ_a."""
    e = errors.sort_values("sigma")
    at_a = e[e["kernel_sigma"].astype(str) == "True"]
    if at_a.empty:
        return "Agreement with 1-NN; points decided by b\n(no σ_a: K10's row)"
    s_a, s_max = float(at_a["sigma"].iloc[0]), float(e["sigma"].iloc[-1])
    d = paired_agreement(agreement, s_a, s_max)
    return (
        f"Agreement with 1-NN, σ_a = {s_a:g} − σ = {s_max:g}: {d.value:+.3f},\n"
        f"paired 95 % interval [{d.low:.3f}, {d.high:.3f}] (K10's row)"
    )


def plot_sigma_bias_variance(
    errors: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    agreement: pd.DataFrame,
    replicates: pd.DataFrame,
) -> Figure:
    """Figure ``sigma_bias_variance`` (K10): regions, errors and boundary vs σ.

    The second bottom panel shows, against σ, the agreement of the SVM with
    1-NN on all test points (with its 95 % Clopper–Pearson interval per σ)
    and the fraction of test points decided by the intercept b, marks σ_a,
    and gives in its title the paired difference row 2 reads
    (:func:`agreement_title`). The third draws
    the boundary length against σ on every training set of ``replicates``,
    the last Spearman's ρ of σ and the length on each set, with the mean and
    its t interval that row 4 reads
    (:func:`~.._shared.samples.mean_correlation`).
    """
    shown = list(dict.fromkeys(regions["sigma"]))
    fig = plt.figure(figsize=(3.6 * len(shown), 7.6), layout="constrained")
    with plt.rc_context(STYLE):
        n = len(shown)
        grid = fig.add_gridspec(2, 3 * n)
        train = points[points["train"]]
        e = errors.sort_values("sigma")
        chosen = e[e["chosen"].astype(str) == "True"].iloc[0]
        for i, sigma in enumerate(shown):
            ax = fig.add_subplot(grid[0, 3 * i : 3 * i + 3])
            draw_regions(ax, regions[regions["sigma"] == sigma], train)
            if sigma == 0:
                # What the panel is; its errors are the rows' (no fit here:
                # a plotter draws its tables and computes nothing).
                ax.set_title("1-NN", fontsize=9)
                continue
            row = e[e["sigma"] == sigma].iloc[0]
            tag = " (CV choice)" if sigma == chosen["sigma"] else ""
            ax.set_title(
                f"σ = {sigma:g}{tag}: train {row['train_error']:.3f}, "
                f"test {row['test_error']:.3f}\nagreement with 1-NN "
                f"{row['knn1_agreement']:.3f}; b decides "
                f"{row['intercept_decided']:.2f}",
                fontsize=9,
            )
        # Bottom row: errors, agreement, lengths, and a narrower panel of ρ.
        bottom = grid[1, :].subgridspec(1, 4, width_ratios=[1.0, 1.0, 1.0, 0.5])
        ex, ax, bx, rx = (fig.add_subplot(bottom[0, j]) for j in range(4))
        ex.plot(e["sigma"], e["train_error"], marker="o", ms=3, label="training")
        ex.plot(e["sigma"], e["test_error"], marker="s", ms=3, label="test")
        ex.errorbar(
            e["sigma"],
            e["cv_error"],
            yerr=e["cv_std"],
            marker="^",
            ms=3,
            capsize=2,
            label="cross-validation (± fold std)",
        )
        ex.axvline(chosen["sigma"], color="grey", ls=":", label="CV choice")
        ex.set_xscale("log")
        ex.set_xlabel("σ")
        ex.set_ylabel("error")
        ex.set_title(f"Errors against σ (C = {float(e['C'].iloc[0]):g})", fontsize=9)
        legend_outside(ex, ncols=2)
        ax.errorbar(
            e["sigma"],
            e["knn1_agreement"],
            yerr=proportion_bars(e["knn1_agreement"], e["n_test"]),
            marker="o",
            ms=3,
            capsize=2,
            color="C5",
            label="agreement with 1-NN, all test\npoints (95 % interval per σ)",
        )
        for at_a in e[e["kernel_sigma"].astype(str) == "True"].itertuples():
            ax.axvline(
                at_a.sigma,
                color="grey",
                ls=":",
                label=f"σ_a: b decides ≤ {float(at_a.intercept_share):g} of them",
            )
        ax.plot(
            e["sigma"],
            e["intercept_decided"],
            marker="x",
            ms=4,
            color="grey",
            label=f"decided by b: |s(x)| < {float(e['negligible'].iloc[0]):g}|b|",
        )
        ax.set_xscale("log")
        ax.set_xlabel("σ")
        ax.set_ylabel("fraction of test points")
        ax.set_title(agreement_title(e, agreement), fontsize=9)
        legend_outside(ax, ncols=1)
        draw_sweeps(bx, replicates, "sigma")
        bx.set_xlabel("σ")
        bx.set_ylabel("decision boundary length (data units)")
        bx.set_title(length_title(e["boundary_length"]), fontsize=9)
        bx.legend(fontsize=8)
        draw_correlations(rx, replicates, "sigma", "σ")
        fig.suptitle(SUPTITLE, fontsize=11)
    return fig
