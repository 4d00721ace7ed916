"""Figures of the margin_cycle experiment, drawn from its tables.

Figure margin_cycle; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure


def _draw_cycle(ax, part: pd.DataFrame, title: str, vmax: float):
    """Heat map of D_t(i) (rows i, columns t), the chosen column j_t on top."""
    ts = sorted(part["t"].unique())
    examples = sorted(part["example"].unique())
    grid = part.pivot(index="example", columns="t", values="weight").loc[examples, ts]
    image = ax.imshow(
        grid.to_numpy(),
        aspect="auto",
        cmap="viridis",
        vmin=0.0,
        vmax=vmax,
        interpolation="none",
    )
    ax.set_xticks(range(len(ts)), [str(t) for t in ts], fontsize=8, rotation=90)
    ax.set_yticks(range(len(examples)), [str(i) for i in examples], fontsize=8)
    ax.grid(False)
    chosen = part.drop_duplicates("t").set_index("t").loc[ts, "column"]
    for k, j in enumerate(chosen):
        ax.text(k, -0.75, f"{int(j)}", ha="center", va="bottom", fontsize=8)
    ax.set_xlabel("round t  (number above: column j_t chosen)")
    ax.set_ylabel("example i")
    ax.set_title(title, fontsize=9, pad=24)
    return image


def cycle_title(lp: pd.DataFrame, runs: pd.DataFrame) -> str:
    """The suptitle: where AdaBoost's L1 margin went from the paper's D_1 (the
    limit of its cycle, or its margin at T when no cycle was found) against
    the LP maximum ρ*, read from the tables (not "1/3 instead of 3/8", which
    rows B15 test)."""
    first = lp.iloc[0]
    run = runs.set_index("start").loc["paper"]
    ended = (
        f"cycle of period {int(run['period'])}, limit margin "
        f"{float(run['limit_margin']):.4g}"
        if int(run["period"])
        else f"no cycle found, margin {float(run['margin_last']):.4g} at T"
    )
    return (
        f"AdaBoost on the {int(first['n_examples'])} × "
        f"{int(first['n_classifiers'])} example from the paper's D_1: {ended}; "
        f"LP maximum ρ* = {float(first['rho_star']):.4g}\n(B15; Mohri, Boosting; "
        "Rudin, Daubechies and Schapire 2004)"
    )


def plot_margin_cycle(
    lp: pd.DataFrame,
    runs: pd.DataFrame,
    history: pd.DataFrame,
    distributions: pd.DataFrame,
) -> Figure:
    """Figure ``margin_cycle`` (B15): AdaBoost on the 8 × 8 example of Rudin,
    Daubechies and Schapire (2004).

    Left: the L1 margin min_i (Mα)_i / ‖α‖₁ after each round t (log axis)
    from the paper's D_1, from uniform and from random D_1 (thin grey), with
    the LP maximum ρ* and the paper's 1/3. Middle: D_t over the first rounds
    from the paper's D_1, a cycle of period 3. Right: D_t over the last
    rounds from uniform.
    """
    rho = float(lp["rho_star"].iloc[0])
    T = int(runs["n_rounds"].iloc[0])
    fig, axes = new_figure(
        1, 3, width=15.5, height=4.6, gridspec_kw={"width_ratios": [1.6, 1, 1]}
    )
    with plt.rc_context(STYLE):
        ax = axes[0]
        random = [s for s in dict.fromkeys(history["start"]) if s.startswith("random")]
        for k, start in enumerate(random):
            part = history[history["start"] == start]
            ax.plot(
                part["t"],
                part["min_margin"],
                color="0.6",
                lw=0.7,
                label=f"{len(random)} random D_1" if k == 0 else None,
            )
        for start, color, label in (
            ("paper", "C0", "D_1 of Rudin et al."),
            ("uniform", "C1", "uniform D_1"),
        ):
            part = history[history["start"] == start]
            ax.plot(part["t"], part["min_margin"], color=color, lw=0.8, label=label)
        ax.axhline(rho, color="C3", label=f"LP maximum ρ* = {rho:.4g}")
        ax.axhline(1 / 3, color="black", ls="--", lw=1, label="1/3 (the paper's limit)")
        ax.set_xscale("log")
        ax.set_ylim(0.2, 0.39)
        ax.set_xlim(1, T)
        ax.set_xlabel("round t")
        ax.set_ylabel("L1 margin min_i (Mα)_i / ‖α‖₁")
        ax.set_title("AdaBoost's L1 margin (earlier rounds below the axis)", fontsize=9)
        ax.legend(fontsize=8, loc="lower right")
        by_start = runs.set_index("start")
        vmax = float(distributions["weight"].max())
        for axis, start, title in (
            (axes[1], "paper", "D_t from the D_1 of Rudin et al."),
            (axes[2], "uniform", "D_t from uniform D_1, last rounds"),
        ):
            run = by_start.loc[start]
            cycle = (
                f"period {int(run['period'])}, limit {float(run['limit_margin']):.4g}"
                if int(run["period"])
                else "no cycle found"
            )
            image = _draw_cycle(
                axis,
                distributions[distributions["start"] == start],
                f"{title}\n{cycle}",
                vmax,
            )
        fig.colorbar(image, ax=axes[2], fraction=0.05, pad=0.02, label="D_t(i)")
        fig.suptitle(cycle_title(lp, runs), fontsize=11, y=1.14)
    return fig
