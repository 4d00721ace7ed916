"""Figures of the knn_k experiment, drawn from its tables.

Figure knn_k; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .._shared.figures import STYLE, draw_regions, draw_replicates
from .claims import k14_knn, loo_chosen_k, loo_differences, mean_difference


def _draw_k14(ax: Axes, rows: list, ks: tuple[int, int], k_star: int) -> None:
    """K14's two empirical rows as they read: the test error at k = 1 and at
    k = N minus at k*, each with the paired 95 % interval its verdict reads,
    against the bound 0; the ticks give k, the difference, the interval and
    the verdict."""
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
        label="K14: difference, paired 95 % interval",
    )
    ax.axhline(0.0, color="k", lw=0.8, label="K14's bound: 0")
    ax.set_xticks(
        x,
        [
            f"k = {k} ({what})\n{r.measured:+.3f} [{r.ci_low:.3f}, "
            f"{r.ci_high:.3f}]\nverdict: {r.verdict}"
            for k, what, r in zip(ks, ("overfit?", "underfit?"), rows, strict=True)
        ],
        fontsize=8,
    )
    ax.set_xlim(-0.6, len(rows) - 0.4)
    ax.set_ylabel(f"test error minus at k* = {k_star}")
    ax.set_title(
        f"K14: the ends of k against k* = {k_star}\n(the k of smallest LOO error)",
        fontsize=9,
    )


def plot_knn_k(
    errors: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    mistakes: pd.DataFrame,
    replicates: pd.DataFrame,
) -> Figure:
    """Figure ``knn_k`` (K14, E4).

    Top: k-NN regions for a few k. Bottom, left: the errors against k, with
    k* (the k of smallest leave-one-out error, :func:`.claims.loo_chosen_k`)
    marked; middle: K14's over- and underfitting rows as
    :func:`.claims.k14_knn` reads them, each difference with its paired
    interval (:func:`_draw_k14`); right: LOO(1-NN) − LOO(3-NN) on every
    training set, with the mean and its t interval that E4's row reads
    (:func:`.claims.mean_difference`)."""
    ks = list(dict.fromkeys(regions["k"]))
    n = len(ks)
    top = [f"k{i}" for i in range(n) for _ in range(3)]
    bottom = ["errors"] * n + ["k14"] * n + ["e4"] * n
    with plt.rc_context(STYLE):
        fig, axd = plt.subplot_mosaic(
            [top, bottom],
            figsize=(max(4.0 * n, 12.0), 8.6),
            layout="constrained",
            height_ratios=[1.0, 1.1],
        )
        train = points[points["train"]]
        for i, k in enumerate(ks):
            ax = axd[f"k{i}"]
            draw_regions(ax, regions[regions["k"] == k], train)
            row = errors[errors["k"] == k].iloc[0]
            ax.set_title(
                f"K = {k}: training error {row['train_error']:.3f},\n"
                f"test error {row['test_error']:.3f}",
                fontsize=9,
            )
        ex = axd["errors"]
        e = errors.sort_values("k")
        k_star = loo_chosen_k(e)
        at_star = e[e["k"] == k_star].iloc[0]
        ex.plot(e["k"], e["train_error"], marker="o", ms=3, label="training error")
        ex.plot(e["k"], e["test_error"], marker="s", ms=3, label="test error")
        ex.plot(e["k"], e["loo_error"], marker="^", ms=3, label="leave-one-out (E4)")
        ex.axhline(
            float(e["majority_test_error"].iloc[-1]),
            color="grey",
            ls=":",
            label="majority class (test)",
        )
        ex.axvline(
            k_star,
            color="C3",
            ls="--",
            lw=1,
            label=f"k* = {k_star}: smallest leave-one-out error",
        )
        ex.plot(
            [k_star],
            [float(at_star["test_error"])],
            "o",
            ms=9,
            mfc="none",
            color="C3",
            label=f"test error at k* ({float(at_star['test_error']):.3f})",
        )
        ex.set_xscale("log")
        ex.set_xlabel("k")
        ex.set_ylabel("error")
        ex.set_title(
            f"Errors against k (k = N = {int(e['k'].iloc[-1])}: majority)", fontsize=9
        )
        ex.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncols=2)
        kx = axd["k14"]
        k14 = [
            r
            for r in k14_knn(errors, regions, points, mistakes)
            if r.name in ("overfit", "underfit")
        ]
        _draw_k14(kx, k14, (int(e["k"].iloc[0]), int(e["k"].iloc[-1])), k_star)
        kx.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.3))
        dx = axd["e4"]
        d = loo_differences(replicates)
        m = mean_difference(replicates)
        draw_replicates(dx, d.to_numpy(), m)
        dx.set_ylabel("LOO(1-NN) − LOO(3-NN)")
        dx.set_title(
            f"E4 on {len(d)} training sets"
            + (f":\nmean {m.mean:.3f} [{m.low:.3f}, {m.high:.3f}]" if m else ""),
            fontsize=9,
        )
        dx.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.02))
        fig.suptitle(
            "k-NN regions and errors against k (K14); LOO(1-NN) − LOO(3-NN) "
            "over training sets (E4)",
            fontsize=11,
        )
    return fig
