"""One figure style, deterministic saving (PNG + PDF without timestamps), and the
drawing helpers several rooms share (regions, timings, proportions, legends).

The style every room gets from :data:`STYLE` and these helpers, and that
:mod:`~marginlab.experiments._shared.layout` checks on every figure:

- fonts of 8 pt or more: the sizes of :data:`STYLE` (titles 11, labels 10,
  ticks and legends 9); a smaller ``fontsize=`` given by hand fails the check;
- legends beside the data, not over it: :func:`legend_outside` puts one under
  its axes' tick labels and label, or to their right;
- symbols with a sub- or superscript as mathtext (``"$e^{-\\alpha}$"``,
  ``"$h^t$"``) or in Unicode (``"ε₁"``, ``"x²"``), never as raw ``^`` or
  ``_{``;
- a log axis where a quantity spans decades: :func:`log_axis_if_decades`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import matplotlib.image as mpl_image
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.ticker import NullFormatter
from matplotlib.transforms import Bbox, BboxBase, IdentityTransform

from ...core.io import atomic_path
from ...theory.intervals import MeanInterval, clopper_pearson, count
from .samples import correlations, mean_correlation

#: The figures' matplotlib settings (``plt.rc_context(STYLE)``): one look, every
#: font size set in points and none below 8 (``MIN_FONT_PT`` of
#: :mod:`~marginlab.experiments._shared.layout`), and a fixed hash salt so
#: that SVG output does not change between runs.
STYLE = {
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "font.family": "DejaVu Sans",
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "xtick.labelsize": 9,
    "ytick.labelsize": 9,
    "legend.fontsize": 9,
    "legend.title_fontsize": 9,
    "figure.titlesize": 12,
    "figure.labelsize": 10,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "legend.frameon": False,
    "svg.hashsalt": "marginlab",
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

    The figure is laid out and rasterised once, at the PNG's resolution (its
    layout engine, e.g. constrained layout, runs in that draw), and every file
    is cropped to the same box: the drawn artists' tight bounding box with
    ``savefig.pad_inches`` around it, what ``bbox_inches="tight"`` gives. A
    PNG is that raster cropped to whole pixels (``savefig`` would lay out and
    draw the figure again for it); a vector file is drawn again, clipped to
    the box. When an artist lies beyond the canvas (a suptitle placed above
    it, a legend below it), the raster holds none of it, so the PNG is drawn
    again as the vector files are, clipped to the box, and shows it. The
    files carry no timestamp or software metadata, so the same figure gives
    the same bytes on every run; each file is written to a temporary name and
    renamed, so a failure never leaves a partial figure behind.
    """
    try:
        with plt.rc_context(STYLE):
            canvas, tight, box = draw_as_saved(fig)
            # The layout is fixed now. With no engine at all (a placeholder
            # would keep one) savefig draws a vector file once, not twice
            # (a dry draw "for the layout" first): a quarter of the saving.
            fig.set_layout_engine(None)
            for path in map(Path, paths):
                with atomic_path(path) as tmp:
                    if path.suffix.lower() == ".png" and _on_canvas(fig, tight):
                        _save_raster(canvas, box, tmp)
                    else:
                        fig.savefig(
                            tmp,
                            metadata=_METADATA.get(path.suffix.lower()),
                            bbox_inches=box,
                        )
    finally:
        plt.close(fig)


def draw_as_saved(fig: Figure) -> tuple[FigureCanvasAgg, Bbox, Bbox]:
    """Lay out and draw ``fig`` once, as :func:`save_figure` does before it
    writes any file: in the project style, at the PNG's resolution, on an Agg
    canvas.

    Returns
    -------
    canvas : FigureCanvasAgg
        The canvas drawn (its renderer gives every artist's extent, in pixels).
    tight : Bbox
        The drawn artists' tight bounding box, in inches.
    box : Bbox
        What every file holds: ``tight`` with ``savefig.pad_inches`` around it,
        in inches (it may reach beyond the canvas).
    """
    with plt.rc_context(STYLE):
        fig.set_dpi(plt.rcParams["savefig.dpi"])
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        tight = fig.get_tightbbox(canvas.get_renderer())
        return canvas, tight, tight.padded(plt.rcParams["savefig.pad_inches"])


def _on_canvas(fig: Figure, tight: Bbox) -> bool:
    """Whether the drawn artists' box (inches) lies on the figure's canvas,
    to within a pixel: then its raster holds every one of them."""
    width, height = fig.get_size_inches()
    slack = 1.0 / fig.dpi
    return bool(
        tight.x0 >= -slack
        and tight.y0 >= -slack
        and tight.x1 <= width + slack
        and tight.y1 <= height + slack
    )


def _save_raster(canvas: FigureCanvasAgg, box: Bbox, path: Path) -> None:
    """The drawn raster of ``canvas`` inside ``box`` (inches, rounded outwards
    to whole pixels), as a PNG at the figure's resolution without metadata.
    Where the box reaches beyond the canvas (the padding around artists at
    the figure's edge), the figure's face colour fills it, as ``savefig``
    fills it."""
    fig = canvas.figure
    pixels = np.asarray(canvas.buffer_rgba())
    height, width = pixels.shape[:2]
    # Pixel columns x0..x1 and rows y0..y1 counted from the top, as in ``pixels``.
    x0, x1 = int(np.floor(box.x0 * fig.dpi)), int(np.ceil(box.x1 * fig.dpi))
    y0, y1 = (
        height - int(np.ceil(box.y1 * fig.dpi)),
        height - int(np.floor(box.y0 * fig.dpi)),
    )
    face = np.round(np.asarray(to_rgba(fig.get_facecolor())) * 255).astype(np.uint8)
    out = np.empty((y1 - y0, x1 - x0, 4), dtype=np.uint8)
    out[...] = face
    top, left = max(y0, 0), max(x0, 0)
    bottom, right = min(y1, height), min(x1, width)
    out[top - y0 : bottom - y0, left - x0 : right - x0] = pixels[top:bottom, left:right]
    mpl_image.imsave(path, out, format="png", dpi=fig.dpi, metadata=_METADATA[".png"])


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
    *,
    value: str = "seconds",
) -> None:
    """Log-log CPU time (or counted work) against size, one panel per experiment.

    Parameters
    ----------
    axes : sequence of Axes, one per panel
    timings, fits : DataFrame
        A cost table (CPU seconds, :data:`~.timing.TIMING_COLUMNS`) or a work
        table (counts, :data:`~.timing.WORK_COLUMNS`), e.g. from the study of
        ``kernel_cost`` or ``boosting_cost``, and its
        :func:`~.timing.exponent_table`.
    panels : tuple of (experiment, title, x label)
        Each curve (form, degree) of an experiment is labelled with its fitted
        exponent, the slope in log-log.
    value : {"seconds", "count"}, default="seconds"
        The column drawn: best CPU time per ``unit`` (s), or the number of
        operations ``unit`` counted.
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
            ax.loglog(curve["size"], curve[value], marker="os^v"[i % 4], label=label)
        sizes = sorted(panel["size"].unique())
        if panel.groupby(["form", "degree"])["size"].nunique().eq(len(sizes)).all():
            ax.xaxis.set_minor_formatter(NullFormatter())  # one size grid: label it
            many = len(sizes) > 6  # slanted, so that long labels do not overlap
            ax.set_xticks(
                sizes,
                [f"{s:g}" for s in sizes],
                fontsize=8,
                rotation=45 if many else 0,
                ha="right" if many else "center",
            )
        unit = panel["unit"].iloc[0] if len(panel) else ""
        ax.set_xlabel(xlabel)
        ax.set_ylabel(
            f"best CPU time per {unit} (s)" if value == "seconds" else f"{unit} (count)"
        )
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=8)


def dataset_axes(names: list[str], height: float = 3.8, extra: int = 0):
    """One panel per dataset (plus ``extra``), in a row; returns (fig, axes)."""
    n = len(names) + extra
    fig, axes = new_figure(1, n, width=3.9 * n, height=height, squeeze=False)
    return fig, list(axes[0])


def draw_replicates(
    ax: Axes,
    values: object,
    interval: MeanInterval | None,
    bound: float = 0.0,
    what: str = "training sets",
    own: bool = True,
) -> None:
    """A statistic measured on independent training sets (or replicates):
    one dot each (the first, the run's own, ringed unless ``own`` is false:
    the run's own set is not among them), their mean with the Student t 95 %
    interval a row reads (``interval``, e.g.
    :func:`~marginlab.theory.intervals.mean_interval`; None draws no
    interval), and the row's ``bound`` as a line."""
    v = np.asarray(values, dtype=float)
    x = np.linspace(-0.15, 0.15, v.size) if v.size > 1 else np.zeros(v.size)
    ax.plot(x, v, "o", color="0.55", ms=3.5, alpha=0.8, label=f"each of the {what}")
    if v.size and own:
        ax.plot(x[:1], v[:1], "o", ms=8, mfc="none", c="k", label="the run's own")
    if interval is not None:
        ax.errorbar(
            [0.4],
            [interval.mean],
            yerr=[[interval.mean - interval.low], [interval.high - interval.mean]],
            fmt="D",
            color="C3",
            capsize=4,
            label=f"mean, 95 % t interval over\nthe {interval.n} {what}",
        )
    ax.axhline(bound, color="k", lw=0.8)
    ax.set_xlim(-0.5, 0.8)
    ax.set_xticks([])


def replicates_row(panels: int, height: float) -> tuple[Figure, np.ndarray]:
    """One row of ``panels`` panels 3.9 inches wide and, after them, a narrow
    one for a statistic over training sets (:func:`draw_replicates`)."""
    n = panels + 1
    return new_figure(
        1,
        n,
        width=3.9 * n,
        height=height,
        layout="constrained",
        gridspec_kw={"width_ratios": [1.0] * panels + [0.6]},
    )


def draw_sweeps(
    ax: Axes, replicates: pd.DataFrame, x: str, y: str = "boundary_length"
) -> None:
    """``y`` against ``x`` (log axis) on every training set of ``replicates``
    (:mod:`.samples`): the others in grey, the run's own (replicate 0) in
    colour."""
    others = replicates[replicates["replicate"] != 0]
    for i, (_, rep) in enumerate(others.groupby("replicate")):
        rep = rep.sort_values(x)
        ax.plot(
            rep[x],
            rep[y],
            color="0.7",
            lw=0.7,
            label="the other training sets" if i == 0 else None,
        )
    own = replicates[replicates["replicate"] == 0].sort_values(x)
    ax.plot(own[x], own[y], marker="o", ms=3, color="C4", label="the run's own")
    ax.set_xscale("log")


def draw_correlations(ax: Axes, replicates: pd.DataFrame, x: str, symbol: str) -> None:
    """Spearman's ρ of ``x`` and the boundary length on each training set of
    ``replicates``, with the mean and the t interval a row reads
    (:func:`.samples.mean_correlation`), titled with them."""
    rho = correlations(replicates, x)
    m = mean_correlation(replicates, x)
    draw_replicates(ax, rho.to_numpy(), m)
    ax.set_ylim(-1.05, 1.05)
    ax.set_ylabel(f"Spearman ρ of {symbol} and the boundary length")
    ax.set_title(
        f"ρ on {len(rho)} training sets"
        + (f":\nmean {m.mean:.2f} [{m.low:.2f}, {m.high:.2f}]" if m else ""),
        fontsize=9,
    )
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.02))


C_MARKERS = "os^DvP*X"


def c_label(value: float) -> str:
    """C as a label: ``∞`` for the hard margin, else as ``%g`` does."""
    return "∞" if np.isinf(value) else f"{value:g}"


def proportion_bars(rates: pd.Series, n: pd.Series) -> np.ndarray:
    """Distances from each rate k/n to the ends of its 95 % Clopper–Pearson
    interval (:func:`marginlab.theory.intervals.clopper_pearson`, as the claims)."""
    values = rates.to_numpy(dtype=float)
    ends = np.array(
        [
            clopper_pearson(count(rate, int(m)), int(m))
            for rate, m in zip(values, n.to_numpy(), strict=True)
        ]
    ).reshape(-1, 2)
    return np.vstack([values - ends[:, 0], ends[:, 1] - values])


def count_steps(values, direction: str) -> tuple[int, int]:
    """How many steps between consecutive ``values`` go ``direction``
    (``"up"``: the next value is strictly larger; ``"down"``: strictly
    smaller), and how many steps there are; NaN steps count as neither.

    Examples
    --------
    >>> count_steps([3.0, 2.0, 2.5, 1.0], "up")
    (1, 3)
    """
    steps = np.diff(np.asarray(values, dtype=float))
    if direction not in ("up", "down"):
        raise ValueError(f"direction must be 'up' or 'down', not {direction!r}")
    moved = steps > 0 if direction == "up" else steps < 0
    return int(np.count_nonzero(moved)), int(steps.size)


def never_or_count(verb: str, k: int, n: int, step: str = "step") -> str:
    """A title's statement of a monotone claim, read from the data rather than
    asserted: ``"never <verb>"`` when no step of ``n`` did, else
    ``"<verb> at k of n <step>s"``, e.g. from :func:`count_steps`.

    Examples
    --------
    >>> never_or_count("increases", 0, 99, "round")
    'never increases'
    >>> never_or_count("increases", 2, 99, "round")
    'increases at 2 of 99 rounds'
    """
    return f"never {verb}" if k == 0 else f"{verb} at {k} of {n} {step}s"


def label_axes(ax: Axes) -> None:
    """Name the axes of a dataset's plane x1 and x2."""
    ax.set_xlabel("x1")
    ax.set_ylabel("x2")


def region_legend(ax: Axes, loc: str = "lower left") -> None:
    """Legend for :func:`draw_regions`: the two region colours and classes,
    at ``loc`` in the axes, or under them (``"below"``,
    :func:`legend_outside`)."""
    handles = [
        plt.Rectangle((0, 0), 1, 1, color="#d9ead3", label="predicted +1"),
        plt.Rectangle((0, 0), 1, 1, color="#f4cccc", label="predicted −1"),
        plt.Line2D([], [], color="C2", marker="o", ls="", ms=4, label="label +1"),
        plt.Line2D([], [], color="C3", marker="s", ls="", ms=4, label="label −1"),
    ]
    if loc == "below":
        legend_outside(ax, handles=handles, ncols=2, numpoints=1)
        return
    ax.legend(handles=handles, fontsize=8, loc=loc, framealpha=0.85, numpoints=1)


class _UnderXAxis(BboxBase):
    """A flat box (pixels) as wide as ``ax``, at the bottom of what its x
    axis draws (tick labels, label) or of the axes if lower: a legend hung
    from it sits under them, whatever their size. Found again whenever the
    axes move (a layout engine's pass, a new resolution): the legend's copy
    of the box is told so through the axes' box, a child of this one."""

    def __init__(self, ax: Axes) -> None:
        super().__init__()
        self._ax = ax
        self.set_children(ax.bbox)

    def get_points(self) -> np.ndarray:
        ax = self._ax
        bottom = ax.bbox.y0
        drawn = ax.xaxis.get_tightbbox()  # the renderer of whatever canvas draws
        if drawn is not None:
            bottom = min(bottom, drawn.y0)
        self._invalid = 0  # found: the axes' next move invalidates it again
        return np.array([[ax.bbox.x0, bottom], [ax.bbox.x1, bottom]])


def legend_outside(
    ax: Axes, side: Literal["below", "right"] = "below", **kwargs: Any
) -> Legend:
    """A legend of ``ax`` beside its data, never over it.

    ``"below"`` hangs it under the axes' x tick labels and label, centred,
    in up to three columns; ``"right"`` puts it to the right of the axes,
    from its top. Either may reach beyond the canvas: :func:`save_figure`
    keeps every drawn artist. In a figure of several rows or columns, give
    :func:`new_figure` ``layout="constrained"`` so that the panels make room.

    Parameters
    ----------
    ax : Axes
    side : {"below", "right"}, default="below"
    **kwargs
        Passed to :meth:`~matplotlib.axes.Axes.legend` over these defaults
        (``handles``, ``labels``, ``ncols``, ``fontsize``, ...).

    Returns
    -------
    Legend
    """
    options: dict[str, Any] = {"fontsize": STYLE["legend.fontsize"], "frameon": False}
    if side == "below":
        handles = kwargs.get("handles") or ax.get_legend_handles_labels()[0]
        options |= {
            "loc": "upper center",
            "bbox_to_anchor": _UnderXAxis(ax),
            "bbox_transform": IdentityTransform(),
            "ncols": min(3, max(1, len(handles))),
        }
    elif side == "right":
        options |= {"loc": "upper left", "bbox_to_anchor": (1.0, 1.0)}
    else:
        raise ValueError(f"side must be 'below' or 'right', not {side!r}")
    return ax.legend(**(options | kwargs))


def log_axis_if_decades(
    ax: Axes,
    values: object,
    axis: Literal["x", "y"] = "y",
    decades: float = 2.0,
) -> bool:
    """Put ``axis`` of ``ax`` on a log scale when the finite ``values`` it
    shows are all positive and span at least ``decades`` decades (largest
    over smallest at least ``10**decades``); a linear axis would flatten all
    but the largest of them against zero.

    Returns
    -------
    bool
        Whether the axis is now logarithmic.

    Examples
    --------
    >>> fig, ax = new_figure()
    >>> log_axis_if_decades(ax, [0.5, 3.0, 900.0]), ax.get_yscale()
    (True, 'log')
    >>> log_axis_if_decades(ax, [0.0, 3.0, 900.0], axis="x"), ax.get_xscale()
    (False, 'linear')
    >>> plt.close(fig)
    """
    v = np.asarray(values, dtype=float).ravel()
    v = v[np.isfinite(v)]
    if v.size < 2 or v.min() <= 0 or v.max() < v.min() * 10.0**decades:
        return False
    (ax.set_xscale if axis == "x" else ax.set_yscale)("log")
    return True
