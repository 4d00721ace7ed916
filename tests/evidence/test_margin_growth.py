"""The margin_growth room (B7): the max-margin LP bounds AdaBoost's margin, the
claim rows, and the figures (with noise_robustness' and boosting_cost's)."""

from __future__ import annotations

import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.margin_growth.claims import b7_max_margin
from marginlab.experiments.margin_growth.study import margin_growth_table
from marginlab.pipeline.jobs import place_rows, plotter
from tests.flips import flips

from .conftest import MOONS


@pytest.fixture(scope="module")
def growth() -> pd.DataFrame:
    table = margin_growth_table(
        make_dataset(MOONS), n_rounds=300, test_fraction=0.5, split_seed=1
    )
    table.insert(0, "dataset", "moons")
    return table


def test_lp_bounds_adaboost_and_primal_equals_dual(growth) -> None:
    rho = growth["rho_star"].iloc[0]
    assert rho > 0  # stumps are weak learners on moons: the margin is positive
    assert abs(rho - growth["game_value"].iloc[0]) <= 1e-8
    assert growth["min_margin"].max() <= rho + 1e-9
    rows = place_rows("B7", b7_max_margin(growth))
    assert [r.id for r in rows] == ["B7"] * 3
    assert [r.name for r in rows] == ["duality/moons", "ceiling/moons", "half/moons"]
    assert rows[0].holds
    assert rows[1].holds


@pytest.mark.can_fail("B7")
def test_b7_reports_a_margin_above_the_lp(growth) -> None:
    broken = growth.copy()
    broken["game_value"] += 1e-6
    broken.loc[broken.index[-1], "min_margin"] = broken["rho_star"].iloc[0] + 0.01
    first, second, _ = b7_max_margin(broken)
    assert first.holds is False  # the check of the two LP solves
    flips("B7", "ceiling/*", [second])
    low = growth.copy()
    low["min_margin"] = low["rho_star"] / 4
    (half,) = flips("B7", "half/*", b7_max_margin(low))
    assert half.measured == pytest.approx(-growth["rho_star"].iloc[0] / 4)


@pytest.mark.can_fail("B7")
def test_b7_takes_adaboost_s_margin_at_its_best_round(growth) -> None:
    # The theorem bounds every round: a margin above the LP at a middle round
    # must fail the row even when the last round is below it.
    middle = growth.copy()
    middle["min_margin"] = middle["rho_star"] / 2
    middle.loc[middle.index[len(middle) // 2], "min_margin"] = (
        middle["rho_star"].iloc[0] + 0.01
    )
    rows = b7_max_margin(middle)
    flips("B7", "ceiling/*", rows)
    assert rows[2].holds is True  # the last round reaches exactly rho*/2


@pytest.mark.parametrize("name", ["margin_growth", "noise_robustness", "boosting_cost"])
def test_figures_draw(name, growth, noise, cost, tmp_path) -> None:
    inputs = {
        "margin_growth": (growth,),
        "noise_robustness": (noise,),
        "boosting_cost": cost,
    }[name]
    save_figure(plotter(name)(*inputs), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_the_margin_titles_read_the_last_round(growth) -> None:
    """No "grows towards, but need not reach" written in: the suptitle says
    what is drawn, each panel gives the margin at the last round as a
    fraction of ρ*, as B7's last row reads it, and follows it."""
    fig = plotter("margin_growth")(growth)
    suptitle, panel = fig.get_suptitle(), fig.axes[0].get_title()
    plt.close(fig)
    assert suptitle == (
        "AdaBoost's minimum margin against T, with the LP maximum ρ* (B7)"
    )
    last, rho = growth.iloc[-1], float(growth["rho_star"].iloc[0])
    margin = float(last["min_margin"])
    assert panel.endswith(
        f"min margin at T = {int(last['t'])}: {margin:.4f} ({margin / rho:.2f} ρ*)"
    )
    low = growth.copy()
    low.loc[low.index[-1], "min_margin"] = 0.25 * rho
    assert b7_max_margin(low)[2].holds is False
    fig = plotter("margin_growth")(low)
    assert fig.axes[0].get_title().endswith("(0.25 ρ*)")
    plt.close(fig)


def test_the_zoomed_panels_read_the_gap_to_rho_star(growth) -> None:
    """The top row draws every round (from the margin −1 of the first
    rounds); the row below it takes its y range from the rows: ρ*/2 and the
    last margin up to ρ* and the largest margin, so that the gap between the
    last margin and ρ* is at least as large a part of the panel as of that
    range, and its title gives the gap."""
    part = growth.sort_values("t")
    rho = float(part["rho_star"].iloc[0])
    last = float(part["min_margin"].iloc[-1])
    fig = plotter("margin_growth")(growth)
    top, zoom = fig.axes[0], fig.axes[1]
    top_lo, top_hi = top.get_ylim()
    lo, hi = zoom.get_ylim()
    title = zoom.get_title()
    plt.close(fig)
    assert top_lo <= float(part["min_margin"].min())
    assert top_hi >= rho
    assert lo <= min(rho / 2, last)
    assert hi >= max(rho, part["min_margin"].max())
    # Within the padding of the data: ρ* − ρ*/2 is most of the panel.
    assert (rho - min(rho / 2, last)) / (hi - lo) >= 0.75
    assert title.endswith(f"{rho - last:.4f}")
    # A margin below ρ*/2 at the last round widens the range to show it.
    low = growth.copy()
    low.loc[low.index[-1], "min_margin"] = rho / 4
    fig = plotter("margin_growth")(low)
    assert fig.axes[1].get_ylim()[0] < rho / 4
    plt.close(fig)


def test_the_margin_figure_has_one_legend_below_the_panels(growth) -> None:
    """One figure legend (fonts of 8 pt), below every panel."""
    fig = plotter("margin_growth")(growth)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        (legend,) = fig.legends
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            assert ax.get_legend() is None
            assert box.y1 <= ax.get_window_extent(renderer).y0
        assert all(t.get_fontsize() >= 8 for t in legend.get_texts())
    finally:
        plt.close(fig)
