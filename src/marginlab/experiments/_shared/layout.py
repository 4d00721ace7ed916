"""What a reader would see go wrong in a drawn figure, checked on the extents
of its artists (``get_window_extent``) after the figure is drawn as
:func:`~marginlab.experiments._shared.figures.save_figure` draws it.

:func:`layout_problems` lists, one readable line each, prefixed by its check:

``overlap``
    two drawn texts whose boxes overlap by more than :data:`OVERLAP_PX`;
``outside``
    a drawn text beyond what the saved files hold, or cut by its clip box;
``legend``
    a legend whose box covers more than :data:`LEGEND_SHARE` of the data
    drawn in its axes (:func:`data_points`: lines sampled along their drawn
    length, markers, scatter points, error bars);
``font``
    texts set in less than :data:`MIN_FONT_PT`;
``tex``
    TeX left as raw characters (``^{``, ``_{``, ``\\alpha``) outside ``$...$``.

Only the texts that reach the renderer count (they are recorded as they
draw): a tick label beyond the view limits, the texts of an axes turned off
or an annotation clipped away are not drawn, and not checked. A slanted
text is compared as drawn, turned, not by its upright box.

``python -m marginlab.pipeline.layout RESULTS`` lists the problems of every
figure of a run; ``tests/workflow/test_layout.py`` checks the small run's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import cbook
from matplotlib.axes import Axes
from matplotlib.backend_bases import RendererBase
from matplotlib.collections import Collection, LineCollection, PathCollection
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from .figures import draw_as_saved

__all__ = [
    "CHECKS",
    "EDGE_PX",
    "LEGEND_SHARE",
    "LINE_STEP_PX",
    "MIN_FONT_PT",
    "OVERLAP_PX",
    "Drawn",
    "along",
    "data_points",
    "draw",
    "layout_problems",
    "overlap_depth",
    "problem_counts",
]

#: How far (pixels, at the saved 150 dpi: about 1 pt) two text boxes may run
#: into each other before they overlap. A text's box holds the font's full
#: ascent and descent, not its ink, so neighbouring tick labels and stacked
#: lines touch or share a pixel of rounding without any glyphs meeting.
OVERLAP_PX = 2.0

#: How far (pixels) a text may reach past the saved box or its clip box:
#: the box is rounded outwards to whole pixels when the PNG is cropped.
EDGE_PX = 1.0

#: The share of an axes' drawn data points a legend may cover. A legend in
#: an honest empty corner still sits over a stray point or the end of a
#: curve; covering one in twenty hides a part of the data a reader looks for.
LEGEND_SHARE = 0.05

#: The spacing (pixels) at which :func:`data_points` samples a drawn line.
LINE_STEP_PX = 2.0

#: The most points :func:`along` takes inside one segment (a segment may
#: reach far beyond its axes: its far part is then sampled sparsely).
MAX_SAMPLES = 10_000

#: The smallest font size (points) a text may have: below it a printed
#: figure, or one shrunk to a column, is hard to read.
MIN_FONT_PT = 8.0

#: TeX a reader would see as raw characters (outside ``$...$``): ``^{``,
#: ``_{``, a caret before a letter or digit, a backslash before a command.
RAW_TEX = re.compile(r"\^\{|_\{|\^\w|\\[A-Za-z{}]")


@dataclass(frozen=True)
class Drawn:
    """A figure drawn as
    :func:`~marginlab.experiments._shared.figures.save_figure` draws it.

    Attributes
    ----------
    figure : Figure
    renderer : RendererBase
        The renderer of the draw (extents in its pixels).
    texts : list of Text
        The non-empty texts that reached the renderer, in drawing order.
    corners : dict
        ``id(text)`` → the four corners (pixels) of its box as drawn, turned
        with the text (:func:`_corners`). Taken while the text draws: a 3D
        axes' text holds its projected place only then.
    saved : Bbox
        The box the saved files hold, in the renderer's pixels.
    places : dict
        ``id(text)`` → the text's role (``"x tick label"``) and where it is
        (``"panel 2"``, an axes' title in quotes, ``"the figure"``).
    """

    figure: Figure
    renderer: RendererBase
    texts: list[Text]
    corners: dict[int, np.ndarray]
    saved: Bbox
    places: dict[int, tuple[str, str]]

    def place(self, text: Text) -> tuple[str, str]:
        """``text``'s role and where it is."""
        return self.places.get(id(text), ("text", "the figure"))

    def name(self, text: Text) -> str:
        """How a problem names ``text``: role, string, where."""
        role, where = self.place(text)
        return f"{role} {_quoted(text)} of {where}"

    def box(self, text: Text) -> Bbox:
        """``text``'s upright box as drawn (pixels)."""
        corners = self.corners[id(text)]
        return Bbox([corners.min(axis=0), corners.max(axis=0)])


@contextmanager
def _recording_texts() -> Iterator[dict[int, tuple[Text, np.ndarray]]]:
    """Every non-empty, visible :class:`Text` drawn while inside, by ``id``,
    with the corners of its box as drawn (Annotation, Text3D and the legends'
    texts draw through ``Text.draw``)."""
    drawn: dict[int, tuple[Text, np.ndarray]] = {}
    original = Text.draw

    def draw(self: Text, renderer: RendererBase) -> None:
        original(self, renderer)
        if self.get_visible() and self.get_text().strip():
            drawn[id(self)] = (self, _corners(self, renderer))

    Text.draw = draw  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        Text.draw = original  # type: ignore[method-assign]


def draw(fig: Figure) -> Drawn:
    """Draw ``fig`` as
    :func:`~marginlab.experiments._shared.figures.save_figure` does,
    recording its texts (:class:`Drawn`)."""
    with _recording_texts() as drawn:
        canvas, _, box = draw_as_saved(fig)
    return Drawn(
        figure=fig,
        renderer=canvas.get_renderer(),
        texts=[text for text, _ in drawn.values()],
        corners={key: corners for key, (_, corners) in drawn.items()},
        saved=Bbox(box.get_points() * fig.dpi),
        places=_text_places(fig),
    )


def _quoted(text: Text) -> str:
    """``text``'s string, on one line and at most 40 characters, in quotes
    (a tick label's ``$\\mathdefault{...}$`` wrapper left out)."""
    s = " / ".join(text.get_text().split("\n"))
    s = re.sub(r"^\$\\mathdefault\{(.*)\}\$$", r"\1", s)
    return f'"{s[:39]}…"' if len(s) > 40 else f'"{s}"'


def axes_name(fig: Figure, ax: Axes) -> str:
    """``ax`` as a problem names it: its place among the figure's axes
    (``panel 2``, colour bars counted) and its title, if any."""
    titles = [ax.get_title(loc) for loc in ("center", "left", "right")]
    title = " / ".join(t.replace("\n", " ") for t in titles if t.strip())
    panel = f"panel {fig.axes.index(ax) + 1}" if ax in fig.axes else "an inset"
    if not title:
        return panel
    return f'{panel} "{title[:49]}…"' if len(title) > 50 else f'{panel} "{title}"'


def _axes_roles(ax: Axes) -> Iterator[tuple[str, Text]]:
    """The texts of ``ax``, each with its role."""
    for title in (ax.title, ax._left_title, ax._right_title):
        yield "title", title
    for letter, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
        yield f"{letter} label", axis.label
        yield f"{letter} offset", axis.get_offset_text()
        for tick in [*axis.majorTicks, *axis.minorTicks]:
            yield f"{letter} tick label", tick.label1
            yield f"{letter} tick label", tick.label2
    for text in ax.texts:
        yield "text", text
    for legend in legends(ax):
        yield from _legend_roles(legend)


def _legend_roles(legend: Legend) -> Iterator[tuple[str, Text]]:
    yield "legend title", legend.get_title()
    for text in legend.get_texts():
        yield "legend entry", text


def _text_places(fig: Figure) -> dict[int, tuple[str, str]]:
    """``id(text)`` → its role and place, for every text of ``fig`` with a
    known role (the rest are texts of the figure)."""
    places: dict[int, tuple[str, str]] = {}
    for ax in fig.axes:
        where = axes_name(fig, ax)
        for role, text in _axes_roles(ax):
            places[id(text)] = (role, where)
    figure_texts = [
        ("suptitle", getattr(fig, "_suptitle", None)),
        ("x suplabel", getattr(fig, "_supxlabel", None)),
        ("y suplabel", getattr(fig, "_supylabel", None)),
        *(("text", t) for t in fig.texts),
        *(r for legend in fig.legends for r in _legend_roles(legend)),
    ]
    for role, text in figure_texts:
        if text is not None:
            places[id(text)] = (role, "the figure")
    return places


def legends(ax: Axes) -> list[Legend]:
    """The legends drawn in ``ax``: its own and any added as artists."""
    found = [c for c in ax.get_children() if isinstance(c, Legend) and c.get_visible()]
    return list({id(g): g for g in found}.values())


# -- overlapping texts ---------------------------------------------------------
def _corners(text: Text, renderer: RendererBase) -> np.ndarray:
    """The four corners (pixels) of ``text``'s box, turned with the text: a
    slanted tick label's upright box would cover its neighbours'."""
    box = text.get_window_extent(renderer)
    angle = text.get_rotation()
    if angle % 90 == 0:
        return np.array(
            [[box.x0, box.y0], [box.x1, box.y0], [box.x1, box.y1], [box.x0, box.y1]]
        )
    text.set_rotation(0)
    try:
        flat = text.get_window_extent(renderer)
    finally:
        text.set_rotation(angle)
    half = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [
        flat.width / 2,
        flat.height / 2,
    ]
    theta = np.deg2rad(angle)
    turn = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    center = np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
    return center + half @ turn.T


def overlap_depth(a: np.ndarray, b: np.ndarray) -> float:
    """How far two convex quadrilaterals (corners in order) run into each
    other: the least overlap of their projections on the normals of their
    edges (separating axes); zero or less when they are apart.

    Examples
    --------
    >>> square = np.array([[0, 0], [4, 0], [4, 4], [0, 4]], dtype=float)
    >>> float(overlap_depth(square, square + [3, 1]))
    1.0
    >>> float(overlap_depth(square, square + [5, 0]))
    -1.0
    """
    depth = np.inf
    for corners in (a, b):
        for edge in corners[1:3] - corners[:2]:
            normal = np.array([-edge[1], edge[0]]) / np.hypot(*edge)
            pa, pb = a @ normal, b @ normal
            depth = min(depth, min(pa.max(), pb.max()) - max(pa.min(), pb.min()))
    return float(depth)


def _same_legend(drawn: Drawn, a: Text, b: Text) -> bool:
    """Whether ``a`` and ``b`` are texts of one legend (it lays them out)."""
    for legend in [
        *drawn.figure.legends,
        *(g for ax in drawn.figure.axes for g in legends(ax)),
    ]:
        own = {id(t) for t in (legend.get_title(), *legend.get_texts())}
        if id(a) in own and id(b) in own:
            return True
    return False


def overlapping_texts(drawn: Drawn) -> list[str]:
    """Pairs of drawn texts whose boxes overlap by more than :data:`OVERLAP_PX`
    (texts of one legend excepted)."""
    corners = [drawn.corners[id(t)] for t in drawn.texts]
    problems = []
    for i, a in enumerate(drawn.texts):
        for j in range(i + 1, len(drawn.texts)):
            b = drawn.texts[j]
            depth = overlap_depth(corners[i], corners[j])
            if depth > OVERLAP_PX and not _same_legend(drawn, a, b):
                problems.append(
                    f"overlap: {drawn.name(a)} overlaps {drawn.name(b)} "
                    f"by {depth:.0f} px"
                )
    return problems


# -- texts beyond the saved figure -----------------------------------------------
def _beyond(box: Bbox, frame: Bbox) -> float:
    """How far (pixels) ``box`` reaches past ``frame`` on its worst side."""
    return max(
        frame.x0 - box.x0, box.x1 - frame.x1, frame.y0 - box.y0, box.y1 - frame.y1
    )


def _outside(drawn: Drawn, text: Text) -> str | None:
    """What of ``text`` is not seen: the part its clip box cuts off (a
    clipped text shows only inside it), else the part beyond the saved box."""
    box = drawn.box(text)
    clip = text.get_clip_box() if text.get_clip_on() else None
    if clip is not None:
        past = _beyond(box, clip)
        where = "is cut by its axes"
    else:
        past = _beyond(box, drawn.saved)
        where = "reaches past the saved figure"
    if past <= EDGE_PX:
        return None
    return f"outside: {drawn.name(text)} {where} (by {past:.0f} px)"


def texts_outside(drawn: Drawn) -> list[str]:
    """Drawn texts cut by their clip box, or reaching past the box the saved
    files hold, by more than :data:`EDGE_PX`."""
    found = (_outside(drawn, text) for text in drawn.texts)
    return [p for p in found if p]


# -- legends over the data -----------------------------------------------------
def along(vertices: np.ndarray, step: float = LINE_STEP_PX) -> np.ndarray:
    """Points every ``step`` pixels (or closer) along the polyline through
    ``vertices`` (pixels, shape (n, 2)), its vertices included; a vertex
    that is not finite breaks the line, as matplotlib draws it.

    Examples
    --------
    >>> along(np.array([[0.0, 0.0], [4.0, 0.0]]), step=2.0).tolist()
    [[0.0, 0.0], [4.0, 0.0], [2.0, 0.0]]
    """
    v = np.asarray(vertices, dtype=float).reshape(-1, 2)
    a, b = v[:-1], v[1:]
    ok = np.isfinite(a).all(axis=1) & np.isfinite(b).all(axis=1)
    a, b = a[ok], b[ok]
    steps = np.ceil(np.hypot(*(b - a).T) / step) if len(a) else np.empty(0)
    steps = np.clip(steps, 1, MAX_SAMPLES).astype(int)
    # Inside segment i, the points k/steps_i of the way, k = 1 .. steps_i - 1.
    seg = np.repeat(np.arange(len(a)), steps - 1)
    k = np.arange(len(seg)) - np.repeat(np.cumsum(steps - 1) - (steps - 1), steps - 1)
    t = (k + 1) / steps[seg]
    inner = a[seg] + t[:, None] * (b - a)[seg]
    return np.vstack([v[np.isfinite(v).all(axis=1)], inner])


def _line_points(line: Line2D) -> np.ndarray:
    """What ``line`` draws, as points (pixels): its path sampled by
    :func:`along` when it has one, its vertices when it has markers."""
    vertices = line.get_transform().transform(line.get_xydata())
    parts = [np.empty((0, 2))]
    if line.get_linestyle() not in ("None", "", " ") and line.get_linewidth() > 0:
        parts.append(along(vertices))
    if line.get_marker() not in (None, "None", "", " "):
        parts.append(vertices)
    return np.vstack(parts)


def _collection_points(coll: Collection) -> np.ndarray:
    """What a scatter (its offsets) or a line collection (error bars, vlines:
    its segments sampled by :func:`along`) draws, as points (pixels)."""
    if isinstance(coll, PathCollection) and len(coll.get_offsets()):
        offsets = np.asarray(coll.get_offsets(), dtype=float)
        return coll.get_offset_transform().transform(offsets)
    if isinstance(coll, LineCollection):
        transform = coll.get_transform()
        paths = [along(transform.transform(p.vertices)) for p in coll.get_paths()]
        return np.vstack([np.empty((0, 2)), *paths])
    return np.empty((0, 2))


def data_points(ax: Axes) -> np.ndarray:
    """The data drawn in ``ax`` as points (pixels), shape (n, 2): its lines
    sampled every :data:`LINE_STEP_PX` along their drawn length, their
    markers, the points of its scatters, its error bars and vlines; only
    finite points inside the axes. Sampling the drawn length, not the data's
    vertices, weighs a curve by what a reader sees of it (a thousand
    vertices bunched at one end of a log axis are a short stretch of line)."""
    parts = [_line_points(line) for line in ax.lines if line.get_visible()]
    parts += [_collection_points(c) for c in ax.collections if c.get_visible()]
    points = np.vstack([np.empty((0, 2)), *parts])
    points = points[np.isfinite(points).all(axis=1)]
    return points[_inside(points, ax.bbox, 0.5)]


def _inside(points: np.ndarray, box: Bbox, slack: float = 0.0) -> np.ndarray:
    x, y = points[:, 0], points[:, 1]
    return (
        (x >= box.x0 - slack)
        & (x <= box.x1 + slack)
        & (y >= box.y0 - slack)
        & (y <= box.y1 + slack)
    )


def _legend_over(drawn: Drawn, legend: Legend, ax: Axes, where: str) -> str | None:
    points = data_points(ax)
    if not len(points):
        return None
    box = legend.get_window_extent(drawn.renderer)
    covered = int(np.count_nonzero(_inside(points, box)))
    if covered / len(points) <= LEGEND_SHARE:
        return None
    return (
        f"legend: the legend {where} covers "
        f"{100 * covered / len(points):.0f} % of the data drawn in "
        f"{axes_name(drawn.figure, ax)} ({covered} of {len(points)} points; "
        f"more than {100 * LEGEND_SHARE:.0f} %)"
    )


def legends_over_data(drawn: Drawn) -> list[str]:
    """Legends whose box covers more than :data:`LEGEND_SHARE` of the data
    points of their axes (a figure's legend: of each axes)."""
    fig = drawn.figure
    pairs = [
        (g, ax, f"of {axes_name(fig, ax)}") for ax in fig.axes for g in legends(ax)
    ]
    pairs += [
        (g, ax, "of the figure")
        for g in fig.legends
        if g.get_visible()
        for ax in fig.axes
    ]
    found = (_legend_over(drawn, g, ax, where) for g, ax, where in pairs)
    return [p for p in found if p]


# -- small fonts and raw TeX ---------------------------------------------------
def small_fonts(drawn: Drawn) -> list[str]:
    """Texts below :data:`MIN_FONT_PT`, one line per role, place and size."""
    groups: Counter[tuple[str, str, float]] = Counter()
    for text in drawn.texts:
        size = float(text.get_fontsize())
        if size < MIN_FONT_PT:
            groups[(*drawn.place(text), size)] += 1
    return [
        f"font: {n} {role}{'s' if n > 1 else ''} of {where} at {size:g} pt "
        f"(below {MIN_FONT_PT:g} pt)"
        for (role, where, size), n in groups.items()
    ]


def shown_outside_math(text: Text) -> str:
    """The part of ``text``'s string drawn as plain text: all of it unless
    matplotlib parses it as mathtext, then what lies outside ``$...$``."""
    s = text.get_text()
    if text.get_usetex():
        return ""
    if not (text.get_parse_math() and cbook.is_math_text(s)):
        return s
    return "".join(re.split(r"(?<!\\)\$", s)[::2])


def raw_tex(drawn: Drawn) -> list[str]:
    """Texts that show TeX as raw characters (:data:`RAW_TEX`) outside ``$...$``."""
    problems = []
    for text in drawn.texts:
        found = RAW_TEX.search(shown_outside_math(text))
        if found:
            problems.append(
                f"tex: {drawn.name(text)} shows {found.group()!r} outside $...$ "
                "(mathtext would set it)"
            )
    return problems


#: The checks, by the name that prefixes their problems.
CHECKS: dict[str, Callable[[Drawn], list[str]]] = {
    "overlap": overlapping_texts,
    "outside": texts_outside,
    "legend": legends_over_data,
    "font": small_fonts,
    "tex": raw_tex,
}


def layout_problems(fig: Figure, *, close: bool = False) -> list[str]:
    """Every problem of :data:`CHECKS` in ``fig``, drawn as it is saved.

    Parameters
    ----------
    fig : Figure
        A figure as a plotter returns it (it is drawn at the saved resolution).
    close : bool, default=False
        Close ``fig`` (pyplot keeps it open otherwise) once checked.

    Returns
    -------
    list of str
        One line per problem, ``"<check>: <what, naming the text and axes>"``;
        empty when the figure passes.
    """
    try:
        drawn = draw(fig)
        return [p for check in CHECKS.values() for p in check(drawn)]
    finally:
        if close:
            plt.close(fig)


def problem_counts(problems: list[str]) -> Counter[str]:
    """How many of ``problems`` each check found (every check named)."""
    counts = Counter({name: 0 for name in CHECKS})
    counts.update(p.partition(":")[0] for p in problems)
    return counts
