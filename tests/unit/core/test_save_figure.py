"""Saving a figure (marginlab.experiments._shared.figures.save_figure): one
raster pass gives the PNG matplotlib's own tight crop gives, and the files are
the same bytes on every call."""

from __future__ import annotations

import io
import itertools

import matplotlib.image as mpl_image
import matplotlib.pyplot as plt
import numpy as np
import pytest

from marginlab.experiments._shared.figures import STYLE, new_figure, save_figure


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
