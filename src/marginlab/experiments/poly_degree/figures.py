"""Figures of the poly_degree experiment, drawn from its tables.

Figure poly_degree; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .._shared.figures import (
    STYLE,
    new_figure,
    proportion_bars,
)
from .claims import degree_difference


def overfit_title(noisy: pd.DataFrame, mistakes: pd.DataFrame) -> str:
    """Title of the noisy panel: the test error at the largest degree minus at
    the CV choice d*, with the paired 95 % interval K12's row reads
    (:func:`.claims.degree_difference`); the per-degree intervals drawn are
    not the verdict's."""
    name = noisy["dataset"].iloc[0]
    picked = noisy[noisy["cv_choice"].astype(str) == "True"]
    if picked.empty:
        return f"{name}: no lower degree chosen by CV"
    top, chosen = int(noisy["degree"].max()), int(picked["degree"].iloc[0])
    d = degree_difference(mistakes, top, chosen)
    return (
        f"{name}: test error at d = {top} − at d* = {chosen}: {d.value:+.3f},\n"
        f"paired 95 % interval [{d.low:.3f}, {d.high:.3f}] (K12's row)"
    )


def plot_poly_degree(degrees: pd.DataFrame, mistakes: pd.DataFrame) -> Figure:
    """Figure ``poly_degree`` (K12): errors, margin/R and overfitting vs the degree.

    Left: training and test error on the separable-ish dataset (role
    ``"data"``), hard-margin degrees shaded. Middle: the margin γ = 1/‖w‖
    divided by the data radius R = max_i √k(x_i, x_i), with γ alone for
    comparison. Right: training and test error on the noisy dataset, the test
    error with its 95 % Clopper–Pearson interval, the cross-validation error
    on the training part (± its standard deviation over the folds) and the
    lower degree it chooses (column ``cv_choice``); its title gives the
    paired interval of the overfitting row, from the per-point ``mistakes``
    (:func:`overfit_title`).
    """
    fig, (ax, bx, cx) = new_figure(1, 3, width=14.5, height=5.0, layout="constrained")
    with plt.rc_context(STYLE):
        t = degrees.sort_values(["role", "degree"], kind="stable")
        base, noisy = t[t["role"] == "data"], t[t["role"] == "noisy"]
        ax.plot(base["degree"], base["train_error"], marker="o", label="training")
        ax.plot(base["degree"], base["test_error"], marker="s", label="test")
        separable = base["separable"].astype(str) == "True"
        sep = base[separable]
        if len(sep):
            ax.axvspan(
                sep["degree"].min() - 0.5,
                base["degree"].max() + 0.5,
                color="C2",
                alpha=0.08,
                label="separable (hard margin)",
            )
        ax.set_xlabel("degree d of (1 + x·x')ᵈ")
        ax.set_ylabel("error")
        ax.set_title(f"{base['dataset'].iloc[0]}: errors", fontsize=10)
        ax.legend(fontsize=8)
        bx.semilogy(
            base["degree"],
            base["margin_over_radius"],
            marker="o",
            color="C4",
            label="γ/R (one scale for all d)",
        )
        bx.semilogy(
            base["degree"],
            base["margin"],
            marker=".",
            ls="--",
            color="grey",
            label="γ alone (each feature space's scale)",
        )
        for r in base[~separable].itertuples(index=False):
            bx.annotate(
                f"soft, C={r.C:g}",
                (r.degree, r.margin_over_radius),
                fontsize=8,
                xytext=(4, 4),
                textcoords="offset points",
            )
        bx.set_xlabel("degree d")
        bx.set_ylabel("γ/R, R = max_i √k(x_i, x_i)")
        bx.set_title(f"{base['dataset'].iloc[0]}: margin / radius", fontsize=10)
        bx.legend(fontsize=8, loc="best")
        if len(noisy):
            cx.plot(noisy["degree"], noisy["train_error"], marker="o", label="training")
            cx.errorbar(
                noisy["degree"],
                noisy["test_error"],
                yerr=proportion_bars(noisy["test_error"], noisy["n_test"]),
                marker="s",
                capsize=2,
                label=f"test (95 % interval per degree, {int(noisy['n_test'].iloc[0])}"
                " points)",
            )
            cv = noisy[noisy["cv_error"].notna()]
            cx.errorbar(
                cv["degree"],
                cv["cv_error"],
                yerr=cv["cv_std"],
                marker="^",
                ms=4,
                capsize=2,
                ls=":",
                label="cross-validation, training part (± fold std)",
            )
            for chosen in noisy[noisy["cv_choice"].astype(str) == "True"].itertuples():
                cx.axvline(
                    chosen.degree,
                    color="grey",
                    ls=":",
                    label=f"CV choice d* = {int(chosen.degree)} (compared "
                    f"with d = {int(noisy['degree'].max())})",
                )
            cx.set_title(overfit_title(noisy, mistakes), fontsize=9)
        cx.set_xlabel("degree d")
        cx.set_ylabel("error")
        # Below the axes: the four curves fill the panel's height.
        cx.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2)
        for axis in (ax, bx, cx):
            axis.xaxis.set_major_locator(MaxNLocator(integer=True))
        fig.suptitle(
            "Polynomial degree: separability, margin, overfitting (K12)", fontsize=11
        )
    return fig
