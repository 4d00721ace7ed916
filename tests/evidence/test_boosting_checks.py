"""The boosting_checks room (B22, B23, B24): confidence-rated weights, the
Rademacher complexity of a convex hull, rock-paper-scissors."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt
from matplotlib.text import Text

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.boosting_checks import study
from marginlab.experiments.boosting_checks.claims import (
    b22_confidence_rated,
    b23_convex_hull,
    b24_rock_paper_scissors,
)
from marginlab.experiments.boosting_checks.study import (
    boosting_check_tables,
    confidence_rated_rounds,
    game_tables,
    regression_stump,
)
from marginlab.pipeline.jobs import place_rows, plotter
from marginlab.theory.games import ROCK_PAPER_SCISSORS
from tests.flips import flips

Tables = tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]


@pytest.fixture(scope="module")
def data():
    return make_dataset(
        {"generator": "moons", "n_samples": 80, "noise": 0.2, "seed": 4}
    )


@pytest.fixture(scope="module")
def tables(data) -> Tables:
    return boosting_check_tables(data, 8, 21, 30, 0, 12)


def test_the_regression_stump_is_a_weighted_least_squares_fit(data) -> None:
    rng = np.random.default_rng(0)
    D = rng.dirichlet(np.ones(len(data.y)))
    h = regression_stump(data.X, data.y, D)
    assert (np.abs(h) <= 1).all()
    assert len(np.unique(h)) == 2  # two leaves
    loss = float(D @ (data.y - h) ** 2)
    # No threshold on either feature fits better (brute force over all splits).
    for j in range(2):
        for theta in np.unique(data.X[:, j])[:-1]:
            left = data.X[:, j] <= theta
            fit = np.where(
                left,
                D[left] @ data.y[left] / D[left].sum(),
                D[~left] @ data.y[~left] / D[~left].sum(),
            )
            assert loss <= float(D @ (data.y - fit) ** 2) + 1e-12


def test_the_tables(tables: Tables) -> None:
    rounds, curves, draws, game, simplex = tables
    assert sorted(rounds["variant"].unique()) == ["real", "sign"]
    assert (rounds.groupby("variant")["t"].max() == 8).all()
    sign = rounds[rounds["variant"] == "sign"]
    assert (sign["interior"] == 0).all()  # ±1 values
    assert (rounds[rounds["variant"] == "real"]["interior"] > 0).any()
    # The update divides by Z at the α it uses: α_r for ±1, α* for [−1, 1].
    np.testing.assert_allclose(sign["alpha"], sign["alpha_slide"])
    np.testing.assert_allclose(sign["Z"], sign["Z_slide"], rtol=1e-12)
    real = rounds[rounds["variant"] == "real"]
    np.testing.assert_allclose(real["Z"], real["Z_star"], rtol=1e-12)
    assert len(curves) == 2 * 21
    assert len(draws) == 30
    assert (draws["sup_class"] >= 0).all()  # both constants are stumps
    assert game["row"].sum() == pytest.approx(1.0)
    assert len(simplex) == 13 * 14 // 2
    assert simplex["guarantee"].max() == pytest.approx(0.0, abs=1e-12)


def test_boosting_stops_when_a_stump_is_perfect(data) -> None:
    # A sample one stump separates: the first base classifier is perfect.
    y = np.where(data.X[:, 0] > 0.5, 1.0, -1.0)
    with pytest.raises(ValueError, match="no single stump separates"):
        confidence_rated_rounds(data.X, y, 3, 5)
    # The two extreme points relabelled: no stump is perfect, the rounds run.
    y[np.argsort(data.X[:, 0])[[0, -1]]] *= -1
    rounds, _ = confidence_rated_rounds(data.X, y, 50, 5)
    assert set(rounds["variant"]) == {"sign", "real"}
    assert (rounds.groupby("variant")["t"].max() <= 50).all()


@pytest.mark.can_fail("B22")
def test_b22_rows_follow_the_rounds(tables: Tables, data, monkeypatch) -> None:
    rounds = tables[0]
    rows = place_rows("B22", b22_confidence_rated(rounds))
    assert [r.name for r in rows] == [
        "minimizer/sign",
        "minimizer/real",
        "convexity_bound/real",
        "error_bound/real",
    ]
    assert [r.kind for r in rows] == [
        "identity",
        "illustration",  # the ±1 formula on real values: settled by algebra
        "theorem",
        "theorem",
    ]
    assert rows[0].holds
    assert rows[0].measured <= 1e-14
    # The ±1 formula does not minimize Z for real-valued h (it minimizes the
    # convexity bound): shown without a verdict, its gap in the quantity.
    row = rows[1]
    assert (row.kind, row.relation, row.verdict) == ("illustration", "n/a", "n/a")
    assert np.isnan(row.bound)
    assert row.measured > 1e-3
    assert f"= {row.measured:.3g}" in row.quantity
    assert rows[2].holds
    assert rows[3].holds
    # Fed ±1 values as "real" ones, the gap vanishes: the row reads the values.
    as_real = rounds[rounds["variant"] == "sign"].assign(variant="real")
    both = pd.concat([rounds[rounds["variant"] == "sign"], as_real])
    assert b22_confidence_rated(both)[1].measured <= 1e-10
    # α = ln((1 − ε)/ε), without the ½: Z(2α_r) = ((1+r)/2)e^{−2α} + ((1−r)/2)e^{2α}.
    doubled = rounds.copy()
    sign = doubled["variant"] == "sign"
    r, a = doubled.loc[sign, "r"], doubled.loc[sign, "alpha_slide"]
    doubled.loc[sign, "Z_slide"] = (1 + r) / 2 * np.exp(-2 * a) + (1 - r) / 2 * np.exp(
        2 * a
    )
    flips("B22", "minimizer/sign", b22_confidence_rated(doubled))
    # Base classifiers with values outside [−1, 1] break the bound √(1 − r²).
    monkeypatch.setattr(
        study, "regression_stump", lambda X, y, D: 1.5 * regression_stump(X, y, D)
    )
    wide, _ = confidence_rated_rounds(data.X, data.y, 3, 5)
    (row,) = flips("B22", "convexity_bound/real", b22_confidence_rated(wide))
    assert row.measured > 1e-3
    # Normalizers ten times too small: the training error exceeds their product.
    small = rounds.assign(product_Z=rounds["product_Z"] * 0.1)
    flips("B22", "error_bound/real", b22_confidence_rated(small))


@pytest.mark.can_fail("B23")
def test_b23_rows_follow_the_draws(tables: Tables) -> None:
    draws = tables[2]
    rows = place_rows("B23", b23_convex_hull(draws))
    assert [r.name for r in rows] == [
        "hull/simplex",
        "hull/slide",
        "class/stumps",
        "hull/one_stump",
    ]
    assert [r.kind for r in rows] == ["identity", "identity", "check", "illustration"]
    assert all(r.holds for r in rows[:3]), [(r.key, r.measured) for r in rows]
    # The slide's hull of one stump holds 0: E max(0, c) - E c = E max(0, -c) > 0,
    # by algebra: shown without a verdict.
    row = rows[3]
    assert row.name == "hull/one_stump"
    assert (row.kind, row.relation, row.verdict) == ("illustration", "n/a", "n/a")
    assert np.isnan(row.bound)
    assert row.measured == pytest.approx(float(np.maximum(0, -draws["single"]).mean()))
    assert row.measured > 0.01
    # Hull and class read on different sign vectors: the identity fails.
    shifted = draws.assign(
        sup_hull=np.roll(draws["sup_hull"], 1),
        sup_hull_slide=np.roll(draws["sup_hull_slide"], 1),
    )
    rows = b23_convex_hull(shifted)
    flips("B23", "hull/simplex", rows)
    flips("B23", "hull/slide", rows)
    # A class that is not every stump on the sample is caught by the check.
    missing = draws.assign(sup_class=draws["sup_class"] - 2 / int(draws["m"].iloc[0]))
    assert b23_convex_hull(missing)[2].verdict == "false"


@pytest.mark.can_fail("B24")
def test_b24_rows_follow_the_game(tables: Tables) -> None:
    game = tables[3]
    rows = place_rows("B24", b24_rock_paper_scissors(game))
    assert [r.name for r in rows] == ["value", "uniform", "minimax"]
    assert [r.kind for r in rows] == ["identity", "identity", "theorem"]
    assert all(r.holds for r in rows)
    assert "rock 0.333333" in rows[1].quantity
    # One point to the row player whatever happens: value 1, still uniform.
    shifted, _ = game_tables(4, ROCK_PAPER_SCISSORS + 1.0)
    rows = b24_rock_paper_scissors(shifted)
    (row,) = flips("B24", "value", rows)
    assert row.measured == pytest.approx(1.0)
    assert rows[1].holds
    # A win with rock pays 2: value 0, optimal p = (1/4, 1/2, 1/4).
    weighted = ROCK_PAPER_SCISSORS.copy()
    weighted[0, 2], weighted[2, 0] = 2.0, -2.0
    unequal, _ = game_tables(4, weighted)
    rows = b24_rock_paper_scissors(unequal)
    (row,) = flips("B24", "uniform", rows)
    assert row.measured == pytest.approx(1 / 6)
    assert rows[0].holds
    # A column player who always plays rock is no optimal solution: gap 1.
    rock = game.assign(column=[1.0, 0.0, 0.0], upper=1.0)
    (row,) = flips("B24", "minimax", b24_rock_paper_scissors(rock))
    assert row.measured == pytest.approx(1.0)


def test_the_figures_draw(tables: Tables, tmp_path) -> None:
    rounds, curves, draws, game, simplex = tables
    for name, args in (
        ("confidence_rated", (rounds, curves)),
        ("convex_hull_rademacher", (draws,)),
        ("rock_paper_scissors", (game, simplex)),
    ):
        save_figure(plotter(name)(*args), tmp_path / f"{name}.png")
        assert (tmp_path / f"{name}.png").stat().st_size > 1000


def test_the_game_title_reads_the_lps(tables: Tables) -> None:
    """No "value 0, uniform strategy" over a game that says otherwise: the
    suptitle gives both LP values and the row player's strategy from the
    table, and follows them when the game changes."""
    game, simplex = tables[3], tables[4]
    fig = plotter("rock_paper_scissors")(game, simplex)
    assert fig.get_suptitle() == (
        "Rock-paper-scissors (B24): LP values 0 (row player) and 0 (column "
        "player);\nthe row player's p* = (0.333, 0.333, 0.333)"
    )
    plt.close(fig)
    # One point to the row player whatever happens: value 1.
    shifted, _ = game_tables(4, ROCK_PAPER_SCISSORS + 1.0)
    fig = plotter("rock_paper_scissors")(shifted, simplex)
    assert "LP values 1 (row player) and 1 (column player)" in fig.get_suptitle()
    plt.close(fig)
    # A win with rock pays 2: value 0, p* = (1/4, 1/2, 1/4).
    weighted = ROCK_PAPER_SCISSORS.copy()
    weighted[0, 2], weighted[2, 0] = 2.0, -2.0
    unequal, _ = game_tables(4, weighted)
    fig = plotter("rock_paper_scissors")(unequal, simplex)
    assert fig.get_suptitle().endswith("p* = (0.25, 0.5, 0.25)")
    plt.close(fig)


def test_the_hull_panel_names_what_is_compared(tables: Tables) -> None:
    fig = plotter("convex_hull_rademacher")(tables[2])
    title = fig.axes[0].get_title()
    plt.close(fig)
    assert "identity" not in title
    assert title.endswith(":\nsup over conv(H) against max over H")


def test_confidence_rated_prints_no_markup_and_keeps_legends_off_the_data(
    tables: Tables,
) -> None:
    """The formulas are mathtext, so no brace or caret is printed (the set
    {−1, +1} is drawn by mathtext too); the legends, 8 pt or more, overlap no
    panel; the round-1 panels' titles give α_r and α* from the table."""
    rounds, curves = tables[0], tables[1]
    fig = plotter("confidence_rated")(rounds, curves)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        printed = [
            re.sub(r"\$[^$]*\$", "", t.get_text())
            for t in fig.findobj(Text)
            if t.get_visible() and t.get_text()
        ]
        assert not [t for t in printed if set(t) & set("{}^")], printed
        legends = [*fig.legends, fig.axes[-1].get_legend()]
        assert [ax.get_legend() for ax in fig.axes[:-1]] == [None, None]
        for legend in legends:
            box = legend.get_window_extent(renderer)
            for ax in fig.axes:
                assert not box.overlaps(ax.get_window_extent(renderer))
            assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
        for ax, variant in zip(
            fig.axes[:-1], dict.fromkeys(curves["variant"]), strict=True
        ):
            first = rounds[(rounds["variant"] == variant) & (rounds["t"] == 1)]
            assert ax.get_title().endswith(
                f"$\\alpha_r$ = {first['alpha_slide'].iloc[0]:.3f}, "
                f"$\\alpha^*$ = {first['alpha_star'].iloc[0]:.3f}"
            )
    finally:
        plt.close(fig)


def test_each_hull_panel_spans_its_own_values(tables: Tables) -> None:
    """The left panel's axes span the maxima over H and the suprema over the
    hulls (not the one-stump values of the right panel, which squeezed them
    into a third of it); the right panel spans the one-stump values."""
    draws = tables[2]
    fig = plotter("convex_hull_rademacher")(draws)
    ax, bx = fig.axes
    limits = [ax.get_xlim(), ax.get_ylim(), bx.get_xlim(), bx.get_ylim()]
    plt.close(fig)
    for (lo, hi), columns in zip(
        limits,
        [
            ["sup_class"],
            ["sup_hull", "sup_hull_slide"],
            ["single"],
            ["single_hull_slide"],
        ],
        strict=True,
    ):
        values = draws[columns].to_numpy()
        assert lo <= values.min()
        assert hi >= values.max()
    for (lo, hi), columns in (
        (limits[0], ["sup_class", "sup_hull", "sup_hull_slide"]),
        (limits[2], ["single", "single_hull_slide"]),
    ):
        values = draws[columns].to_numpy()
        assert values.max() - values.min() >= 0.8 * (hi - lo)


def _text_boxes(fig) -> list[tuple[str, object]]:
    """Every non-empty text of ``fig`` drawn (titles, labels, tick labels,
    annotations, legend entries), with its box in display units."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = [t for t in fig.findobj(plt.Text) if t.get_visible() and t.get_text()]
    return [(t.get_text(), t.get_window_extent(renderer)) for t in texts]


def test_no_text_of_the_game_figure_overlaps_another(tables: Tables) -> None:
    """The suptitle clears the panels' titles, and the legend of the simplex
    panel clears the names of its corners (it sits below the triangle)."""
    game, simplex = tables[3], tables[4]
    fig = plotter("rock_paper_scissors")(game, simplex)
    try:
        boxes = _text_boxes(fig)
        legend = fig.axes[1].get_legend()
        fig_box = legend.get_window_extent(fig.canvas.get_renderer())
        assert all(t.get_fontsize() >= 8 for t in legend.get_texts())
    finally:
        plt.close(fig)
    assert len(boxes) > 10
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1 :]:
            assert not box.overlaps(other), (a, b)
    corners = [box for text, box in boxes if text in ("rock", "paper", "scissors")]
    assert all(not fig_box.overlaps(box) for box in corners)
