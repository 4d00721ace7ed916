"""Figures of the boosting_cost experiment, drawn from its tables.

Figure boosting_cost; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .._shared.exponents import EXPONENT_TOL, fitted
from .._shared.figures import STYLE, draw_timings, legend_outside, new_figure
from .._shared.timing import exponent_table
from .claims import PRESORT_M_WHAT, timing_fits

_BOOSTING_COST_PANELS = (
    ("adaboost_vs_m", "against m (N, T fixed)", "m (training points)"),
    ("adaboost_vs_n", "against N (m, T fixed)", "N (features)"),
    ("adaboost_vs_t", "against T (m, N fixed)", "T (rounds)"),
)

#: The timing rows of B11 (:func:`.claims.timing_fits`) by the panel and the
#: curve of the CPU-time row that draws their times.
_TIMING_ROWS = {
    ("adaboost_vs_m", "rounds"): "time/rounds/m",
    ("adaboost_vs_n", "rounds"): "time/rounds/N",
    ("adaboost_vs_t", "rounds"): "time/rounds/T",
    ("adaboost_vs_m", "presort"): "time/presort/m",
    ("adaboost_vs_n", "presort"): "time/presort/N",
}

#: The work rows of B11 (:func:`.claims.b11_boosting_cost`): the curve of the
#: work table each reads and the exponent it states.
_WORK_ROWS = {
    "work/rounds/m": ("adaboost_vs_m", "split sums", 1),
    "work/rounds/N": ("adaboost_vs_n", "split sums", 1),
    "work/rounds/T": ("adaboost_vs_t", "split sums", 1),
    "work/presort/T": ("adaboost_vs_t", "presorted values", 0),
}


def _exponent_text(fit: pd.Series) -> str:
    """A fitted exponent with its 95 % interval, as a legend gives it."""
    return (
        f"{float(fit['exponent']):.2f} "
        f"[{float(fit['exponent_low']):.2f}, {float(fit['exponent_high']):.2f}]"
    )


def _label_timing_rows(axes, read: dict[str, pd.Series]) -> None:
    """Relabel each CPU-time curve with the exponent its row reads and its
    95 % interval: the fitted slope of the drawn time, except for the presort
    against m, whose row reads the time divided by log m."""
    for ax, (experiment, *_) in zip(axes, _BOOSTING_COST_PANELS, strict=True):
        for line in ax.get_lines():
            form, _, slope = line.get_label().partition("  (slope ")
            name = _TIMING_ROWS.get((experiment, form))
            if name is None:
                continue
            label = f"{form}  {_exponent_text(read[name])}"
            if name == "time/presort/m":
                label = (
                    f"{form}  {_exponent_text(read[name])}\n"
                    f"  of {PRESORT_M_WHAT} (time: {slope.rstrip(')')})"
                )
            line.set_label(label)
        legend_outside(
            ax,
            title="exponent, 95 % interval",
            title_fontsize=8,
            handlelength=1.5,
            ncols=1,
        )


def _draw_exponents(ax: Axes, rows: list[tuple[str, pd.Series, int]]) -> None:
    """The exponent each of ``rows`` (name, fit, stated exponent) of B11
    reads, one line each, over the band within :data:`EXPONENT_TOL` of the
    exponent it states: the CPU time's with its 95 % interval (timings.csv),
    the counted work's without one (the counts are the same on every run;
    claims.csv)."""
    for y, (name, fit, stated) in enumerate(rows):
        ax.fill_betweenx(
            [y - 0.35, y + 0.35],
            stated - EXPONENT_TOL,
            stated + EXPONENT_TOL,
            color="0.88",
            lw=0,
            label=f"within {EXPONENT_TOL:g} of the\nstated exponent"
            if y == 0
            else None,
        )
        ax.plot([stated, stated], [y - 0.35, y + 0.35], color="k", lw=0.8)
        value = float(fit["exponent"])
        if name.startswith("time/"):
            ax.errorbar(
                [value],
                [y],
                xerr=[
                    [value - float(fit["exponent_low"])],
                    [float(fit["exponent_high"]) - value],
                ],
                fmt="D",
                color="C3",
                capsize=3,
                ms=4,
                label="fitted, 95 % interval" if y == 0 else None,
                gid=name,
            )
        else:
            ax.plot(
                [value],
                [y],
                "o",
                color="C0",
                ms=4,
                label="fitted" if y == 0 else None,
                gid=name,
            )
    labels = [
        name.split("/", 1)[1]
        .replace("/", " vs ")
        .replace("presort vs m", "presort / log m\nvs m")
        for name, _, _ in rows
    ]
    ax.set_yticks(range(len(rows)), labels, fontsize=8)
    ax.set_ylim(len(rows) - 0.4, -0.6)
    ax.grid(axis="y", visible=False)
    legend_outside(ax, ncols=1)


def plot_boosting_cost(
    timings: pd.DataFrame, fits: pd.DataFrame, work: pd.DataFrame
) -> Figure:
    """Figure ``boosting_cost`` (B11), log-log: above, the best CPU time of the
    rounds and of the presort; below, the work one fit counted (partial sums
    of the scans, values presorted). Each CPU-time legend gives the exponent
    its row reads with its 95 % interval (:func:`.claims.timing_fits`: for
    the presort against m, of the time divided by log m), each work legend
    the fitted slope; on the right, the exponent each row reads against
    its band."""
    fig, axes = new_figure(
        2,
        4,
        width=15.0,
        height=7.6,
        layout="constrained",
        gridspec_kw={"width_ratios": [1.0, 1.0, 1.0, 0.75]},
    )
    read = timing_fits(timings, fits)
    work_fits = exponent_table(work, "count")
    with plt.rc_context(STYLE):
        draw_timings(axes[0, :3], timings, fits, _BOOSTING_COST_PANELS)
        _label_timing_rows(axes[0, :3], read)
        draw_timings(axes[1, :3], work, work_fits, _BOOSTING_COST_PANELS, value="count")
        _draw_exponents(axes[0, 3], [(name, fit, 1) for name, fit in read.items()])
        axes[0, 3].set_title("the exponent each row\nof timings.csv reads", fontsize=10)
        _draw_exponents(
            axes[1, 3],
            [
                (name, fitted(work_fits, experiment, form, 0), stated)
                for name, (experiment, form, stated) in _WORK_ROWS.items()
            ],
        )
        axes[1, 3].set_title("the exponent each row\nof claims.csv reads", fontsize=10)
        for ax in axes[:, 3]:
            ax.set_xlabel("fitted exponent")
        fig.suptitle(
            "Stump boosting's cost against m, N and T, claimed O(N m log m) + "
            "O(m N T) (B11): CPU time above (timings.csv), counted work below "
            "(claims.csv)",
            fontsize=11,
        )
    return fig
