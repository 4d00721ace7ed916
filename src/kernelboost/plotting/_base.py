"""One figure style and deterministic saving (PNG + PDF without timestamps)."""

from __future__ import annotations

import os
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import NullFormatter  # noqa: E402

from ..io import atomic_path  # noqa: E402

STYLE = {
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "font.family": "DejaVu Sans",
    "font.size": 10,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "legend.frameon": False,
    "svg.hashsalt": "kernelboost",
    "pdf.compression": 6,
}


#: Metadata that would otherwise embed software versions or the current time.
_METADATA = {
    ".png": {"Software": None},
    ".pdf": {"Creator": None, "Producer": None, "CreationDate": None},
}


def new_figure(
    nrows: int = 1,
    ncols: int = 1,
    *,
    width: float = 6.4,
    height: float = 4.2,
    **kwargs: object,
) -> tuple[Figure, object]:
    """A figure and its axes in the project style (see :data:`STYLE`)."""
    with plt.rc_context(STYLE):
        fig, axes = plt.subplots(nrows, ncols, figsize=(width, height), **kwargs)
    return fig, axes


def save_figure(fig: Figure, *paths: str | os.PathLike[str]) -> None:
    """Save ``fig`` to each path (format from the suffix), then close it.

    The files carry no timestamp or software metadata, so the same figure gives
    the same bytes on every run; each file is written to a temporary name and
    renamed, so a failure never leaves a partial figure behind.
    """
    try:
        with plt.rc_context(STYLE):
            for path in map(Path, paths):
                with atomic_path(path) as tmp:
                    fig.savefig(
                        tmp,
                        metadata=_METADATA.get(path.suffix.lower()),
                        bbox_inches="tight",
                    )
    finally:
        plt.close(fig)


def draw_regions(ax, part: pd.DataFrame, train: pd.DataFrame) -> None:
    """Decision regions (``x1, x2, prediction`` on a square grid), training points."""
    side = int(round(np.sqrt(len(part))))
    ax.contourf(
        part["x1"].to_numpy().reshape(side, side),
        part["x2"].to_numpy().reshape(side, side),
        part["prediction"].to_numpy().reshape(side, side),
        levels=[-2, 0, 2],
        colors=["#f4cccc", "#d9ead3"],
        alpha=0.8,
    )
    for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
        sel = train[train["label"] == label]
        ax.scatter(sel["x1"], sel["x2"], color=color, marker=marker, s=9)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.grid(False)


def draw_timings(
    axes,
    timings: pd.DataFrame,
    fits: pd.DataFrame,
    panels: tuple[tuple[str, str, str], ...],
) -> None:
    """Log-log wall time against size, one panel per experiment.

    Parameters
    ----------
    axes : sequence of Axes, one per panel
    timings, fits : DataFrame
        From :func:`kernelboost.studies.cost.kernel_cost_table` (or
        ``boosting_cost_table``) and :func:`~kernelboost.studies.cost.exponent_table`.
    panels : tuple of (experiment, title, x label)
        Each curve (form, degree) of an experiment is labelled with its fitted
        exponent, the slope in log-log.
    """
    for ax, (experiment, title, xlabel) in zip(axes, panels, strict=True):
        panel = timings[timings["experiment"] == experiment]
        several_degrees = panel["degree"].nunique() > 1
        curves = panel.groupby(["form", "degree"], sort=True)
        for i, ((form, degree), curve) in enumerate(curves):
            fit = fits[
                (fits["experiment"] == experiment)
                & (fits["form"] == form)
                & (fits["degree"] == degree)
            ]["exponent"]
            label = f"{form}, d={degree}" if several_degrees else str(form)
            label += f"  (slope {float(fit.iloc[0]):.2f})" if len(fit) else ""
            ax.loglog(
                curve["size"], curve["seconds"], marker="os^v"[i % 4], label=label
            )
        sizes = sorted(panel["size"].unique())
        if panel.groupby(["form", "degree"])["size"].nunique().eq(len(sizes)).all():
            ax.xaxis.set_minor_formatter(NullFormatter())  # one size grid: label it
            ax.set_xticks(sizes, [f"{s:g}" for s in sizes], fontsize=8)
        unit = panel["unit"].iloc[0] if len(panel) else ""
        ax.set_xlabel(xlabel)
        ax.set_ylabel(f"best wall time per {unit} (s)")
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=8)
