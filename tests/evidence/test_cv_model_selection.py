"""The cv_model_selection room (E3, K16): (σ, C) chosen by cross-validation,
the tables and the claim rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.experiments._shared.figures import c_label
from marginlab.experiments.cv_model_selection import EXPERIMENT
from marginlab.experiments.cv_model_selection.claims import (
    E3_MARGIN,
    e3_cv_selection,
    k16_c_fit,
)
from marginlab.experiments.cv_model_selection.figures import plot_cv_model_selection
from marginlab.experiments.cv_model_selection.study import (
    GRID_COLUMNS,
    MISTAKES_COLUMNS,
    SUMMARY_COLUMNS,
)
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.intervals import paired_difference
from marginlab.theory.multiplicity import grid_regret

from ..flips import flips


@pytest.fixture(scope="module")
def tables(selection) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """The three tables of a small run (the shared ``selection`` fixture)."""
    return selection


def _nested(
    grid: pd.DataFrame, wrong: dict[tuple[float, float], int], n: int
) -> pd.DataFrame:
    """A mistakes table on n test points in which the SVM of each (σ, C) of
    ``grid`` gets exactly the first ``wrong[(σ, C)]`` points wrong (nested
    sets: the mistakes overlap as much as they can)."""
    return pd.DataFrame(
        [
            {
                "dataset": g.dataset,
                "sigma": g.sigma,
                "C": g.C,
                "point": i,
                "wrong": int(i < wrong[(g.sigma, g.C)]),
            }
            for g in grid.itertuples(index=False)
            for i in range(n)
        ],
        columns=list(MISTAKES_COLUMNS),
    )


def _shaped(
    grid: pd.DataFrame,
    summary: pd.DataFrame,
    chosen: int,
    others: int,
    best: int | None = None,
    n: int = 400,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Tables with the CV choice wrong on ``chosen`` of n test points, every
    other (σ, C) on ``others``, and the first of them (in grid order) on
    ``best`` when given."""
    s = summary.iloc[0]
    key = (float(s["chosen_sigma"]), float(s["chosen_C"]))
    settings = [(float(g.sigma), float(g.C)) for g in grid.itertuples(index=False)]
    rest = [g for g in settings if g != key]
    wrong = {g: others for g in rest} | {key: chosen}
    if best is not None:
        wrong[rest[0]] = best
    top = min(settings, key=lambda g: wrong[g])  # first in grid order
    shaped = summary.assign(
        best_sigma=top[0], best_C=top[1], n_test=n, regret=np.nan
    ).astype({"best_sigma": float, "best_C": float})
    return grid, shaped, _nested(grid, wrong, n)


def test_cv_selection_tables(tables) -> None:
    grid, summary, mistakes = tables
    assert list(grid.columns) == list(GRID_COLUMNS)
    assert list(summary.columns) == list(SUMMARY_COLUMNS)
    assert list(mistakes.columns) == list(MISTAKES_COLUMNS)
    # Grid order: σ ascending (slowest), then C ascending.
    assert grid["sigma"].tolist() == [0.1, 0.1, 0.5, 0.5, 2.0, 2.0]
    assert grid["C"].tolist() == [1.0, 10.0] * 3
    assert grid["chosen"].sum() == 1
    assert grid["best_test"].sum() == 1
    chosen = grid[grid["chosen"]].iloc[0]
    assert chosen["cv_error"] == grid["cv_error"].min()
    s = summary.iloc[0]
    assert s["chosen_test_error"] == chosen["test_error"]
    assert s["best_test_error"] == grid["test_error"].min()
    assert s["regret"] == pytest.approx(s["chosen_test_error"] - s["best_test_error"])
    assert (s["n_train"], s["n_test"]) == (40, 40)
    # One row per (σ, C) and test point; their means are the test errors.
    assert len(mistakes) == len(grid) * 40
    assert set(mistakes["wrong"]) <= {0, 1}
    rates = mistakes.groupby(["sigma", "C"], sort=False)["wrong"].mean()
    np.testing.assert_allclose(rates.to_numpy(), grid["test_error"].to_numpy())


def test_grid_regret_bounds_the_excess_over_every_setting() -> None:
    chosen = np.arange(200) < 30
    others = [np.arange(200) < k for k in (20, 40, 60)]
    r = grid_regret(chosen, others, paired_difference)
    assert r.value == pytest.approx(10 / 200)  # 30 against the best, 20
    assert (r.comparisons, r.level_each) == (3, pytest.approx(1 - 0.05 / 3))
    assert r.closest == 0
    alone = paired_difference(chosen, others[0], r.level_each)
    assert (r.low, r.high) == (pytest.approx(alone.low), pytest.approx(alone.high))
    # The interval is wider than a single 95 % one against the test-best: the
    # best setting is not known in advance, so every setting is compared.
    single = paired_difference(chosen, others[0])
    assert r.high - r.low > single.high - single.low
    # A choice clearly better than every setting (10 mistakes against 20 or
    # more, on the same points) has regret 0, its whole interval too; one
    # merely as good as the best leaves room above 0.
    best = grid_regret(np.arange(200) < 10, others, paired_difference)
    assert (best.value, best.low, best.high) == (0.0, 0.0, 0.0)
    tie = grid_regret(np.arange(200) < 20, others, paired_difference)
    assert (tie.value, tie.low) == (0.0, 0.0)
    assert tie.high > 0
    # A grid of one setting has nothing to regret.
    assert grid_regret(chosen, [], paired_difference).fields() == {
        "measured": 0.0,
        "ci_low": 0.0,
        "ci_high": 0.0,
    }


@pytest.mark.can_fail("E3")
def test_e3_rows_follow_the_numbers(tables) -> None:
    grid, summary, mistakes = tables
    (row,) = place_rows("E3", e3_cv_selection(grid, summary, mistakes))
    assert row.key == "E3/regret/moons"
    assert (row.id, row.kind, row.bound, row.relation) == (
        "E3",
        "empirical",
        E3_MARGIN,
        "<=",
    )
    s = summary.iloc[0]
    assert row.measured == pytest.approx(s["regret"])
    assert row.ci_low <= row.measured <= row.ci_high
    assert "5 other (sigma, C)" in row.quantity
    # 400 test points. The choice ties every other setting: held.
    (tie,) = e3_cv_selection(*_shaped(grid, summary, chosen=40, others=40))
    assert (tie.measured, tie.verdict) == (0.0, "true")
    # One setting is better by 20 points: the choice did not choose well.
    (far,) = flips(
        "E3", "regret/*", e3_cv_selection(*_shaped(grid, summary, 100, 110, best=20))
    )
    assert far.measured == pytest.approx(0.2)
    assert far.verdict == "false"
    assert "(100/400) minus the best on the grid (20/400 at sigma" in far.quantity
    # Better by 5 points (20 of 400): at the margin, not resolved either way.
    (near,) = e3_cv_selection(*_shaped(grid, summary, 40, 60, best=20))
    assert near.measured == pytest.approx(0.05)
    assert near.verdict == "not resolved"


def test_e3_needs_the_mistakes_of_every_setting(tables) -> None:
    grid, summary, mistakes = tables
    s = summary.iloc[0]
    missing = mistakes[~np.isclose(mistakes["sigma"], s["chosen_sigma"])]
    with pytest.raises(ValueError, match="no test mistakes"):
        e3_cv_selection(grid, summary, missing)


@pytest.mark.can_fail("K16")
def test_k16_reads_the_c_ends_at_the_chosen_sigma(tables) -> None:
    grid, summary, mistakes = tables
    rows = place_rows("K16", k16_c_fit(grid, summary, mistakes))
    assert [r.key for r in rows] == ["K16/underfit", "K16/overfit"]
    assert all(r.ci_low <= r.measured <= r.ci_high for r in rows)
    assert all("paired 95 % interval" in r.quantity for r in rows)
    s = summary.iloc[0]
    n = int(s["n_test"])
    at = np.isclose(grid["sigma"], s["chosen_sigma"])
    ends = grid[at].sort_values("C")["C"].to_numpy()
    for row, end in zip(rows, ends, strict=True):
        expected = grid[at & np.isclose(grid["C"], end)]["test_error"].iloc[0]
        assert row.measured == pytest.approx(expected - s["chosen_test_error"])
    # Three Cs at the chosen σ: 0.01 (underfits), the chosen one, 100. The
    # underfitting C is wrong on 20 of the n test points, the other two on the
    # same 2 of them.
    shaped_grid = pd.concat(
        [
            grid[at].assign(C=0.01),
            grid[at & np.isclose(grid["C"], s["chosen_C"])],
            grid[at].assign(C=100.0),
        ]
    ).drop_duplicates("C")
    key = (float(s["chosen_sigma"]), float(s["chosen_C"]))
    counts = {(key[0], 0.01): 20, key: 2, (key[0], 100.0): 2}
    under, over = k16_c_fit(shaped_grid, summary, _nested(shaped_grid, counts, n))
    assert (under.verdict, over.verdict) == ("true", "not resolved")
    # A largest C far better than the chosen one contradicts the claim.
    better = {(key[0], 0.01): 20, key: 20, (key[0], 100.0): 0}
    rows = k16_c_fit(shaped_grid, summary, _nested(shaped_grid, better, n))
    assert rows[1].verdict == "false"
    (over,) = flips("K16", "overfit", rows)
    assert over.measured == pytest.approx(-20 / n)
    # A smallest C far better than the chosen one contradicts it too.
    worse = {(key[0], 0.01): 0, key: 20, (key[0], 100.0): 20}
    rows = k16_c_fit(shaped_grid, summary, _nested(shaped_grid, worse, n))
    assert [r.verdict for r in rows] == ["false", "not resolved"]
    (under,) = flips("K16", "underfit", rows)
    assert under.measured == pytest.approx(-20 / n)
    # Two points of 40 more at the ends, on the same points otherwise: paired,
    # still not enough to resolve.
    close = {(key[0], 0.01): 4, key: 2, (key[0], 100.0): 4}
    rows = k16_c_fit(shaped_grid, summary, _nested(shaped_grid, close, n))
    assert [r.verdict for r in rows] == ["not resolved", "not resolved"]


def test_the_section_may_set_its_own_test_fraction() -> None:
    """``cv_model_selection.test_fraction`` overrides ``split.test_fraction``
    for this experiment alone; without it the shared split applies."""
    cfg = {
        "split": {"test_fraction": 0.5, "seed": 11},
        "cv": {"folds": 5, "seed": 12},
        "cv_model_selection": {"dataset": "moons", "sigmas": [1.0], "Cs": [1.0]},
    }
    (run,) = EXPERIMENT.runs(cfg).values()
    assert (run.args["test_fraction"], run.args["split_seed"]) == (0.5, 11)
    cfg["cv_model_selection"]["test_fraction"] = 0.8
    (run,) = EXPERIMENT.runs(cfg).values()
    assert (run.args["test_fraction"], run.args["split_seed"]) == (0.8, 11)


def test_the_figure_draws_k16_s_rows_with_the_intervals_they_read(tables) -> None:
    """The figure once drew nothing of K16: its right panel draws the two
    rows, each difference with the paired interval the verdict reads, the
    bound 0, and ticks that give the row's C and verdict; the test-error
    panel marks the chosen σ at which K16 reads it. With a largest C far
    better than the chosen one, the panel follows the row that fails."""
    grid, summary, mistakes = tables

    def drawn(grid, summary, mistakes):
        fig = plot_cv_model_selection(grid, summary, mistakes)
        kx = fig.axes[2]
        (bars,) = kx.containers[0].lines[2]
        (points,) = [line for line in kx.get_lines() if line.get_marker() == "D"]
        segments = [(s[0][1], s[1][1]) for s in bars.get_segments()]
        ticks = [t.get_text() for t in kx.get_xticklabels()]
        bounds = [
            float(line.get_ydata()[0])
            for line in kx.get_lines()
            if line.get_label() == "K16's bound: 0"
        ]
        marked = [
            float(line.get_xdata()[0])
            for line in fig.axes[1].get_lines()
            if line.get_label().startswith("the chosen σ")
        ]
        plt.close(fig)
        return list(points.get_ydata()), segments, ticks, bounds, marked

    rows = k16_c_fit(grid, summary, mistakes)
    measured, segments, ticks, bounds, marked = drawn(grid, summary, mistakes)
    assert measured == pytest.approx([r.measured for r in rows])
    assert segments == pytest.approx([(r.ci_low, r.ci_high) for r in rows])
    assert bounds == [0.0]
    assert marked == [float(summary.iloc[0]["chosen_sigma"])]
    at = np.isclose(grid["sigma"], summary.iloc[0]["chosen_sigma"])
    ends = grid[at].sort_values("C")["C"].to_numpy()
    for tick, row, C, fit in zip(
        ticks, rows, ends[[0, -1]], ("smallest", "largest"), strict=True
    ):
        assert tick.startswith(f"C = {c_label(float(C))} ({fit})")
        assert tick.endswith(f"verdict: {row.verdict}")
    # The largest C far better than the chosen one: the row fails, the
    # drawn interval lies below 0 and the tick says so.
    s = summary.iloc[0]
    key = (float(s["chosen_sigma"]), float(s["chosen_C"]))
    counts = {
        (float(g.sigma), float(g.C)): 20 for g in grid.itertuples(index=False)
    } | {(key[0], float(ends[-1])): 0}
    worse = _nested(grid, counts, int(s["n_test"]))
    rows = k16_c_fit(grid, summary, worse)
    measured, segments, ticks, _, _ = drawn(grid, summary, worse)
    assert rows[1].verdict == "false"
    assert segments[1] == pytest.approx((rows[1].ci_low, rows[1].ci_high))
    assert segments[1][1] < 0
    assert ticks[1].endswith("verdict: false")


def test_the_figure_has_one_legend_below_the_panels(tables) -> None:
    fig = plot_cv_model_selection(*tables)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        (legend,) = fig.legends
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            assert ax.get_legend() is None
            if ax.axison:
                assert box.y1 <= ax.get_window_extent(renderer).y0
        assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
    finally:
        plt.close(fig)


def test_the_test_error_panel_gives_the_interval_e3_reads(tables) -> None:
    grid, summary, mistakes = tables
    fig = plot_cv_model_selection(grid, summary, mistakes)
    titles = [ax.get_title() for ax in fig.axes]
    plt.close(fig)
    for row in e3_cv_selection(grid, summary, mistakes):
        shown = f"simultaneous 95 % interval [{row.ci_low:.3f}, {row.ci_high:.3f}]"
        assert any(shown in t for t in titles), (shown, titles)
