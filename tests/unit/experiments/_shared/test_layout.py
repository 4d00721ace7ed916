"""The layout check of drawn figures (marginlab.experiments._shared.layout):
each check fires on a small figure made to break it, and stays quiet on one
that does not."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

from marginlab.experiments._shared.figures import new_figure
from marginlab.experiments._shared.layout import (
    CHECKS,
    along,
    draw,
    layout_problems,
    overlap_depth,
    problem_counts,
)


def _checked(fig: Figure) -> list[str]:
    return layout_problems(fig, close=True)


def _of(check: str, problems: list[str]) -> list[str]:
    return [p for p in problems if p.startswith(f"{check}:")]


def _clean() -> Figure:
    """Two labelled panels, a legend in the empty corner of each."""
    fig, axes = new_figure(1, 2, width=8.0, height=3.5, layout="constrained")
    x = np.linspace(0.0, 1.0, 50)
    for ax, k in zip(axes, (1, 2), strict=True):
        ax.plot(x, x**k, label=f"x to the power {k}")
        ax.plot(x, 0.5 * x**k, label="half of it")
        ax.set_xlabel("x")
        ax.set_ylabel("value")
        ax.set_title(f"power {k}")
        ax.set_ylim(0.0, 2.0)
        ax.legend(loc="upper left")
    fig.suptitle("a clean figure")
    return fig


def test_a_clean_figure_has_no_problems() -> None:
    assert _checked(_clean()) == []


def test_every_check_is_counted() -> None:
    counts = problem_counts(["font: a", "tex: b", "font: c"])
    assert set(counts) == set(CHECKS)
    assert (counts["font"], counts["tex"], counts["overlap"]) == (2, 1, 0)


# -- overlap ---------------------------------------------------------------
def test_two_texts_on_each_other_overlap() -> None:
    fig, ax = new_figure()
    ax.set_title("panel")
    ax.text(0.5, 0.5, "first words", transform=ax.transAxes)
    ax.text(0.52, 0.5, "second words", transform=ax.transAxes)
    found = _of("overlap", _checked(fig))
    assert len(found) == 1
    assert '"first words"' in found[0]
    assert '"second words"' in found[0]
    assert 'panel 1 "panel"' in found[0]


def test_a_title_under_the_suptitle_overlaps() -> None:
    fig, ax = new_figure()
    ax.set_title("the panel's title")
    fig.suptitle("a suptitle placed on the title", y=0.92)
    found = _of("overlap", _checked(fig))
    assert any("suptitle" in p and "title" in p for p in found), found


def test_a_legends_own_entries_do_not_overlap_each_other() -> None:
    fig, ax = new_figure()
    for k in range(6):
        ax.plot([0, 1], [k, k], label=f"line {k}")
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), labelspacing=-0.6)
    assert _of("overlap", _checked(fig)) == []


def test_slanted_labels_are_compared_as_drawn() -> None:
    """Long labels turned 45°: their upright boxes overlap, they do not."""
    fig, ax = new_figure(width=6.0)
    ax.plot(range(8), range(8))
    ax.set_xticks(range(8), [f"a long label {k}" for k in range(8)])
    ax.tick_params(axis="x", labelrotation=45)
    for label in ax.get_xticklabels():
        label.set_horizontalalignment("right")
    drawn = draw(fig)
    labels = [t for t in drawn.texts if t.get_text().startswith("a long")]
    first, second = (t.get_window_extent(drawn.renderer) for t in labels[:2])
    assert first.overlaps(second)  # the upright boxes
    assert _of("overlap", _checked(fig)) == []


def test_overlap_depth_of_turned_rectangles() -> None:
    square = np.array([[0, 0], [4, 0], [4, 4], [0, 4]], dtype=float)
    assert overlap_depth(square, square + [3, 1]) == pytest.approx(1.0)
    diamond = np.array([[2, 0], [4, 2], [2, 4], [0, 2]], dtype=float) + [4.5, 0]
    # The diamond's box overlaps the square's; the diamond does not.
    assert overlap_depth(square, diamond) < 0


# -- outside ---------------------------------------------------------------
def test_a_text_beyond_the_canvas_in_the_layout_is_saved() -> None:
    """save_figure crops to the drawn artists' box, so a text beyond the
    canvas that counts in it is saved, and is no problem."""
    fig, ax = new_figure()
    fig.text(1.05, 0.5, "beyond the canvas, yet saved")
    assert _of("outside", _checked(fig)) == []


def test_a_text_left_out_of_the_saved_box_is_outside() -> None:
    fig, ax = new_figure()
    note = fig.text(1.05, 0.5, "beyond and left out")
    note.set_in_layout(False)
    found = _of("outside", _checked(fig))
    assert len(found) == 1, found
    assert "past the saved figure" in found[0]


def test_a_text_cut_by_its_axes_is_outside() -> None:
    fig, ax = new_figure()
    ax.text(0.9, 0.5, "a text cut at the axes' edge", transform=ax.transAxes)
    ax.texts[0].set_clip_on(True)
    found = _of("outside", _checked(fig))
    assert len(found) == 1
    assert "cut by its axes" in found[0]


def test_texts_of_a_3d_axes_are_taken_where_drawn() -> None:
    fig = plt.figure(figsize=(4.0, 4.0))
    ax = fig.add_subplot(projection="3d")
    ax.scatter([0, 1], [0, 1], [0, 1])
    ax.text(0.5, 0.5, 0.5, "in the cube")
    assert _of("outside", _checked(fig)) == []


# -- legends over the data ---------------------------------------------------
def _scatter_with_legend(**legend: object) -> Figure:
    fig, ax = new_figure()
    rng = np.random.default_rng(0)
    ax.scatter(*rng.uniform(0, 1, (2, 400)), s=4, label="uniform points")
    ax.plot([0, 1], [0.5, 0.5], color="k", label="a level")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(**legend)
    return fig


def test_a_legend_over_the_points_covers_them() -> None:
    found = _of("legend", _checked(_scatter_with_legend(loc="center", fontsize=14)))
    assert len(found) == 1
    assert "covers" in found[0]
    assert "panel 1" in found[0]


def test_a_legend_beside_the_axes_covers_nothing() -> None:
    fig = _scatter_with_legend(loc="upper left", bbox_to_anchor=(1.02, 1.0))
    assert _of("legend", _checked(fig)) == []


def test_a_line_is_weighed_by_its_drawn_length() -> None:
    samples = along(np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 1.0]]), step=2.0)
    assert len(samples) == 3 + 4  # the vertices, and 4 points inside 10 px
    broken = along(np.array([[0.0, 0.0], [np.nan, 0.0], [4.0, 0.0]]), step=2.0)
    assert len(broken) == 2  # no segment: only the finite vertices


# -- fonts -----------------------------------------------------------------
def test_small_tick_labels_are_one_problem_per_axis() -> None:
    fig, ax = new_figure()
    ax.plot(range(5), range(5))
    ax.set_title("small")
    ax.tick_params(axis="x", labelsize=6)
    found = _of("font", _checked(fig))
    assert len(found) == 1
    assert "x tick labels" in found[0]
    assert "6 pt" in found[0]


def test_the_texts_of_an_axes_turned_off_are_not_drawn() -> None:
    fig, ax = new_figure()
    ax.tick_params(labelsize=5)
    ax.axis("off")
    assert _checked(fig) == []


# -- raw TeX ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("label", "raw"),
    [
        ("Z = Σ D e^{-α y h}", True),
        ("edge of h^t", True),
        ("x_{i} against y", True),
        (r"\alpha against t", True),
        ("$e^{-\\alpha}$ against t", False),
        ("weight $w_{j}$ of feature_j", False),
        ("cost in $ of 2^{k", True),  # one $: not mathtext, all shown raw
        ("moons_label_noise", False),
    ],
)
def test_raw_tex_outside_mathtext(label: str, raw: bool) -> None:
    fig, ax = new_figure()
    ax.set_xlabel(label)
    found = _of("tex", _checked(fig))
    assert bool(found) == raw, found
