"""The shared figure style and files (marginlab.experiments._shared.figures):
its font sizes pass the layout check and its legend beside the data covers
none; saving gives the PNG matplotlib's own tight crop gives, the same bytes
on every call, and nothing on a failure; titles count steps."""

from __future__ import annotations

import hashlib
import io
import itertools

import matplotlib.image as mpl_image
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

from marginlab.experiments._shared.figures import (
    STYLE,
    count_steps,
    legend_outside,
    log_axis_if_decades,
    never_or_count,
    new_figure,
    save_figure,
)
from marginlab.experiments._shared.layout import MIN_FONT_PT, layout_problems
from marginlab.experiments.losses.figures import plot_losses
from marginlab.experiments.losses.study import margin_grid
from marginlab.theory.losses import loss_curves


def test_every_font_size_of_the_style_is_at_least_the_checked_minimum() -> None:
    sizes = {k: v for k, v in STYLE.items() if "size" in k and "fig" not in k}
    sizes |= {"figure.titlesize": STYLE["figure.titlesize"]}
    assert len(sizes) >= 8
    assert all(isinstance(v, int | float) and v >= MIN_FONT_PT for v in sizes.values())


def _crowded(rows: int = 1) -> tuple[Figure, list]:
    """Panels of points everywhere, with an x label and a title each."""
    fig, axes = new_figure(rows, 2, width=8.0, height=3.2 * rows, squeeze=False)
    rng = np.random.default_rng(1)
    with plt.rc_context(STYLE):
        for k, ax in enumerate(axes.ravel()):
            ax.scatter(*rng.uniform(0, 1, (2, 300)), s=4, label="points")
            ax.plot([0, 1], [0, 1], color="k", label="the diagonal")
            ax.plot([0, 1], [1, 0], color="C3", label="the other diagonal")
            ax.set_xlabel("x")
            ax.set_title(f"panel {k + 1}")
    return fig, list(axes.ravel())


def test_a_legend_inside_the_crowded_panel_is_a_problem() -> None:
    fig, axes = _crowded()
    with plt.rc_context(STYLE):
        axes[0].legend(loc="center")
    assert any(p.startswith("legend:") for p in layout_problems(fig, close=True))


@pytest.mark.parametrize("side", ["below", "right"])
def test_a_legend_outside_covers_no_data_and_no_text(side: str) -> None:
    fig, axes = _crowded()
    for ax in axes:
        legend_outside(ax, side)
    fig.set_layout_engine("constrained")
    assert layout_problems(fig, close=True) == []


def test_a_legend_below_makes_room_in_a_constrained_grid() -> None:
    """Under a panel of the top row, above the titles of the row below."""
    fig, axes = _crowded(rows=2)
    fig.set_layout_engine("constrained")
    legend = legend_outside(axes[0], "below")
    assert legend.get_frame_on() is False
    assert layout_problems(fig, close=True) == []


def test_a_legend_below_is_saved_as_png_and_as_pdf(tmp_path) -> None:
    """A PDF canvas has no ``get_renderer``: the box the legend hangs from
    finds the renderer of whichever canvas draws (save_figure writes both)."""
    fig, axes = _crowded()
    fig.set_layout_engine("constrained")
    legend_outside(axes[0], "below")
    save_figure(fig, tmp_path / "f.png", tmp_path / "f.pdf")
    assert (tmp_path / "f.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_legend_outside_knows_two_sides() -> None:
    fig, ax = new_figure()
    with pytest.raises(ValueError, match="'below' or 'right'"):
        legend_outside(ax, "inside")  # type: ignore[arg-type]
    plt.close(fig)


@pytest.mark.parametrize(
    ("values", "log"),
    [
        ([1.0, 10.0, 100.0], True),
        ([1.0, 10.0, 99.0], False),
        ([-1.0, 10.0, 1000.0], False),
        ([np.nan, 1e-3, 1.0], True),
        ([5.0], False),
    ],
)
def test_log_axis_when_values_span_decades(values: list[float], log: bool) -> None:
    fig, ax = new_figure()
    assert log_axis_if_decades(ax, values) is log
    assert ax.get_yscale() == ("log" if log else "linear")
    plt.close(fig)


def _figure():
    fig, axes = new_figure(1, 2, width=7.0, height=3.0, layout="constrained")
    x = np.logspace(0, 4, 9)
    axes[0].loglog(x, x**2, marker="o", label="x²")
    axes[0].legend()
    axes[1].plot(x, np.sqrt(x))
    axes[1].set_title("a long title that widens the tight box")
    fig.suptitle("two panels")
    return fig


def _beyond():
    """A figure whose suptitle and legend lie beyond its canvas, as a
    suptitle placed at y > 1 and a legend anchored below the axes do."""
    fig, ax = new_figure(width=5.0, height=3.0)
    ax.plot([0, 1], [0, 1], label="a line")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25))
    fig.suptitle("a suptitle above the canvas", y=1.1)
    return fig


@pytest.mark.parametrize("make", [_figure, _beyond])
def test_the_png_is_matplotlibs_tight_crop(make, tmp_path) -> None:
    """The PNG is what savefig(bbox_inches="tight") gives: the same size to
    within the pixel that rounding the box outwards may add at each edge, and
    the same image once the two are aligned to the pixel. Both rasterise one
    layout at origins less than a pixel apart, so antialiased edges differ:
    the mean difference per channel must stay below 1 % of full scale
    (0.4 % measured; a missing panel, label or padding gives several %).
    Artists beyond the canvas (``_beyond``) are in the PNG too, not cut off
    at the canvas's edge."""
    save_figure(make(), tmp_path / "f.png")
    ours = mpl_image.imread(tmp_path / "f.png")[..., :3]
    buffer = io.BytesIO()
    fig = make()
    with plt.rc_context(STYLE):
        fig.savefig(buffer, format="png", bbox_inches="tight")
    plt.close(fig)
    theirs = mpl_image.imread(io.BytesIO(buffer.getvalue()))[..., :3]
    assert abs(ours.shape[0] - theirs.shape[0]) <= 2
    assert abs(ours.shape[1] - theirs.shape[1]) <= 2
    differences = []
    for dy, dx in itertools.product((-1, 0, 1), repeat=2):
        a = ours[max(dy, 0) :, max(dx, 0) :]
        b = theirs[max(-dy, 0) :, max(-dx, 0) :]
        h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
        differences.append(np.abs(a[:h, :w] - b[:h, :w]).mean())
    assert min(differences) < 0.01, differences
    if make is _beyond:
        # The suptitle's ink in the top rows, the legend's in the bottom ones:
        # a raster of the canvas alone leaves both blank (face colour).
        band = max(1, ours.shape[0] // 10)
        assert ours[:band].min() < 0.5
        assert ours[-band:].min() < 0.5


def test_the_files_are_the_same_bytes_each_time(tmp_path) -> None:
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
        save_figure(_figure(), tmp_path / run / "f.png", tmp_path / run / "f.pdf")
    for name in ("f.png", "f.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (
            tmp_path / "b" / name
        ).read_bytes()
    png = (tmp_path / "a" / "f.png").read_bytes()
    assert b"Software" not in png
    assert b"matplotlib" not in png.lower()


def test_a_failed_save_leaves_no_file(tmp_path) -> None:
    with pytest.raises(ValueError, match="Format 'nope' is not supported"):
        save_figure(_figure(), tmp_path / "f.png", tmp_path / "f.nope")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.png"]


def test_the_figure_is_laid_out_once_and_drawn_once_per_file(tmp_path, monkeypatch):
    """One draw lays the figure out and gives the PNG its raster; the PDF is one
    draw more. savefig draws a figure twice when it still has a layout engine
    (once to lay it out), which cost a quarter of the saving time."""
    fig, ax = new_figure(1, 2, layout="constrained")
    for a in ax:
        a.plot([1, 10, 100], [3, 1, 2], label="a line")
        a.set_xscale("log")
        a.set_title("a panel")
        a.legend()
    fig.suptitle("a figure")
    draws = []
    original = type(fig).draw

    def counted(self, renderer):
        draws.append(type(renderer).__name__)
        return original(self, renderer)

    monkeypatch.setattr(type(fig), "draw", counted)
    save_figure(fig, tmp_path / "f.png", tmp_path / "f.pdf")
    assert draws == ["RendererAgg", "MixedModeRenderer"]  # the PDF backend's


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_saving_the_same_figure_twice_gives_the_same_bytes(tmp_path) -> None:
    curves = loss_curves(margin_grid(-2, 2, 41))
    paths = []
    for run in ("a", "b"):
        png, pdf = tmp_path / f"{run}.png", tmp_path / f"{run}.pdf"
        save_figure(plot_losses(curves), png, pdf)
        paths.append((png, pdf))
    assert sha(paths[0][0]) == sha(paths[1][0])
    assert sha(paths[0][1]) == sha(paths[1][1])
    assert b"CreationDate" not in paths[0][1].read_bytes()
    assert b"matplotlib" not in paths[0][0].read_bytes().lower()


def test_titles_count_the_steps_instead_of_asserting_a_direction() -> None:
    """The words a monotone figure title uses come from the values: "never"
    only when no step went the wrong way."""
    assert count_steps([3.0, 2.0, 2.0, 1.0], "up") == (0, 3)
    assert count_steps([3.0, 2.0, 2.5, 1.0], "up") == (1, 3)
    assert count_steps([1.0, 2.0, np.nan, 0.5], "down") == (0, 3)
    assert count_steps([5.0], "down") == (0, 0)
    assert never_or_count("falls", 0, 3) == "never falls"
    assert never_or_count("falls", 1, 3, "round") == "falls at 1 of 3 rounds"
    with pytest.raises(ValueError, match="'up' or 'down'"):
        count_steps([1.0, 2.0], "sideways")


def test_a_failed_save_of_an_unknown_format_leaves_no_file(tmp_path) -> None:
    fig, _ = new_figure()
    target = tmp_path / "figure.unknownformat"
    with pytest.raises(ValueError, match="unknownformat"):
        save_figure(fig, target)
    assert list(tmp_path.iterdir()) == []
