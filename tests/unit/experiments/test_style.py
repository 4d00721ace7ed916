"""The shared figure style (marginlab.experiments._shared.figures): its font
sizes pass the layout check, and its legend beside the data covers none."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

from marginlab.experiments._shared.figures import (
    STYLE,
    legend_outside,
    log_axis_if_decades,
    new_figure,
    save_figure,
)
from marginlab.experiments._shared.layout import MIN_FONT_PT, layout_problems


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
