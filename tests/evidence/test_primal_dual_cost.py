"""The primal_dual_cost room (K20): the same perceptron run primal and dual,
the counted work and its rows (claims.csv), the CPU-time rows (timings.csv)
and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.primal_dual_cost.claims import (
    k20_primal_dual_cost,
    k20_timings,
)
from marginlab.experiments.primal_dual_cost.study import (
    multiply_adds,
    primal_dual_cost_tables,
)
from marginlab.pipeline.jobs import place_rows, plotter

from ..flips import flips

# --- the study: the same algorithm twice, its work counted ---------------------


@pytest.fixture(scope="module")
def small() -> tuple[pd.DataFrame, pd.DataFrame]:
    return primal_dual_cost_tables(
        n_sizes=[8, 32],
        input_dims=[1, 7],
        degree=2,
        epochs=2,
        repeats=2,
        min_seconds=0.0,
        max_elements=32 * 64 - 1,  # skips n = 32, d' = 64
        dominance=4,
        min_size=32,
        seed=0,
    )


def test_primal_dual_tables_run_the_same_algorithm_twice(small) -> None:
    work, timings = small
    cells = timings.groupby(["n", "d_features"]).size()
    assert cells.to_dict() == {(8, 4): 2, (8, 64): 2, (32, 4): 2}
    assert list(zip(work["n"], work["d_features"], strict=True)) == list(cells.index)
    assert work["same_mistakes"].all()
    assert (work["epochs"] <= 2).all()
    # Counted by the running code: φ(X) has n·d' coordinates, the Gram matrix
    # n² entries.
    assert (work["coordinates"] == work["n"] * work["d_features"]).all()
    assert (work["evaluations"] == work["n"] ** 2).all()
    assert "primal_seconds" not in work.columns  # no time in the counted table


def test_the_counts_do_not_depend_on_the_run(small) -> None:
    again, _ = primal_dual_cost_tables(
        n_sizes=[8, 32],
        input_dims=[1, 7],
        degree=2,
        epochs=2,
        repeats=1,
        min_seconds=0.0,
        max_elements=32 * 64 - 1,
        dominance=4,
        min_size=32,
        seed=0,
    )
    pd.testing.assert_frame_equal(again, small[0])


def test_multiply_adds_by_hand() -> None:
    # n = 3, d = 1, p = 2: d' = 4; 2 epochs, 2 mistakes.
    # primal: φ 12 products, (2·3·2 + 2) · 4 = 56 → 68; dual: 2·9 + 2·3·2 = 30.
    assert multiply_adds(
        3, 1, 2, coordinates=12, evaluations=9, epochs=2, updates=2
    ) == (
        68,
        30,
    )
    # The primal's work grows with d', the dual's does not (beyond its Gram matrix).
    p1, d1 = multiply_adds(100, 3, 2, 1600, 10_000, 3, 50)
    p2, d2 = multiply_adds(100, 63, 2, 409_600, 10_000, 3, 50)
    assert p2 / p1 == pytest.approx(256, rel=0.01)
    assert d2 / d1 < 16


# --- counted work: claims.csv ---------------------------------------------------


def work_table(
    madds=lambda n, d_features: (n * d_features, n * n), same=True
) -> pd.DataFrame:
    """A work table over n, d' ∈ {16, 256, 4096}, whose multiply-adds in cell
    (n, d') are madds(n, d') = (primal, dual)."""
    rows = []
    for n in (16, 256, 4096):
        for d_features in (16, 256, 4096):
            primal, dual = madds(n, d_features)
            rows.append(
                {
                    "n": n,
                    "d": int(np.sqrt(d_features)) - 1,
                    "d_features": d_features,
                    "epochs": 3,
                    "mistakes": n,
                    "same_mistakes": same,
                    "coordinates": n * d_features,
                    "evaluations": n * n,
                    "primal_madds": primal,
                    "dual_madds": dual,
                    "dominance": 16.0,
                }
            )
    return pd.DataFrame(rows)


def test_k20_counted_rows_follow_the_counts() -> None:
    rows = place_rows("K20", k20_primal_dual_cost(work_table()))
    assert [r.key for r in rows] == [
        "K20/work/dual_side",
        "K20/work/primal_side",
        "K20/same_mistakes",
        "K20/work/crossover",
    ]
    assert [r.kind for r in rows] == ["check", "check", "check", "illustration"]
    assert [r.verdict for r in rows] == ["true", "true", "true", "n/a"]
    assert rows[0].measured == pytest.approx(256 / 4096)  # n = 256, d' = 4096
    assert rows[1].measured == pytest.approx(4096 / 256)
    assert rows[3].measured == pytest.approx(1.0)  # the ratio n/d' crosses at d' = n


def test_k20_counted_rows_fail_for_a_dual_that_costs_more() -> None:
    def quadratic_dual(n, d_features):
        return n * d_features, n * n * d_features  # as if each entry cost d'

    rows = k20_primal_dual_cost(work_table(quadratic_dual))
    assert [r.holds for r in rows[:3]] == [False, True, True]
    rows = k20_primal_dual_cost(work_table(same=False))
    assert rows[2].holds is False


def test_k20_counted_rows_from_a_real_run(small) -> None:
    rows = k20_primal_dual_cost(small[0])
    assert [r.verdict for r in rows[:3]] == ["true", "true", "true"]


# --- CPU time: timings.csv -------------------------------------------------------


def cost_table(ratio, noise=0.02, repeats=5, seed=0) -> pd.DataFrame:
    """A timing table over n, d' ∈ {16, 256, 4096} whose dual/primal ratio in
    cell (n, d') is ratio(n, d'), times a log-normal factor exp(noise·N(0, 1))."""
    rng = np.random.default_rng(seed)
    rows = []
    for n in (16, 256, 4096):
        for d_features in (16, 256, 4096):
            for r in range(repeats):
                rows.append(
                    {
                        "n": n,
                        "d": int(np.sqrt(d_features)) - 1,
                        "d_features": d_features,
                        "repeat": r,
                        "primal_seconds": 1e-3,
                        "dual_seconds": 1e-3
                        * ratio(n, d_features)
                        * np.exp(noise * rng.standard_normal()),
                        "primal_runs": 1,
                        "dual_runs": 1,
                        "dominance": 16.0,
                        "min_size": 4096,
                    }
                )
    return pd.DataFrame(rows)


def lecture(n, d_features):
    """Dual/primal as the lecture's operation counts go: about n / d'."""
    return (n / d_features) ** 0.5


def test_k20_timing_rows_hold_where_the_lecture_says() -> None:
    rows = place_rows("K20", k20_timings(cost_table(lecture)))
    assert [r.key for r in rows] == [
        "K20/time/dual_side",
        "K20/time/primal_side",
        "K20/time/population",
        "K20/time/crossover",
    ]
    assert [r.kind for r in rows] == [
        "empirical",
        "empirical",
        "empirical",
        "illustration",
    ]
    assert [r.verdict for r in rows] == ["true", "true", "true", "n/a"]
    assert "6 agree, 0 disagree, 0 not resolved" in rows[2].quantity
    assert rows[3].measured == pytest.approx(1.0, rel=0.05)  # crossing at d' = n


def _against(cell: tuple[int, int], ratio: float) -> list:
    """K20's timing rows with one cell at ``ratio``, the others as the
    lecture's counts go."""

    def times(n, d_features):
        return ratio if (n, d_features) == cell else lecture(n, d_features)

    return k20_timings(cost_table(times))


@pytest.mark.can_fail("K20")
def test_k20_fails_against_the_lecture() -> None:
    """A deciding cell on the wrong side fails its restricted row and the
    whole population, and leaves the other side's row holding."""
    # the dual slower at d' = 16 n
    rows = _against((256, 4096), 2.0)
    (failed,) = flips("K20", "time/dual_side", rows)
    assert "n = 256, d' = 4096" in failed.quantity.split("(all")[0]
    flips("K20", "time/population", rows)
    assert [r.verdict for r in rows[:2]] == ["false", "true"]
    # the primal slower at n = 256 d'
    rows = _against((4096, 16), 0.5)
    (failed,) = flips("K20", "time/primal_side", rows)
    assert "n = 4096, d' = 16" in failed.quantity.split("(all")[0]
    flips("K20", "time/population", rows)
    assert [r.verdict for r in rows[:2]] == ["true", "false"]


@pytest.mark.can_fail("K20")
def test_k20_whole_population_fails_on_a_small_cell() -> None:
    """A small cell against the lecture (as n = 256, d' = 16 was on the first
    run): the restricted rows hold, the whole population does not."""

    def small_dual_wins(n, d_features):
        return 0.5 if (n, d_features) == (256, 16) else lecture(n, d_features)

    rows = k20_timings(cost_table(small_dual_wins))
    assert [r.verdict for r in rows[:2]] == ["true", "true"]
    (whole,) = flips("K20", "time/population", rows)
    assert "1 disagree" in whole.quantity
    assert "n = 256, d' = 16: 2 [" in whole.quantity  # turned: primal/dual


def test_k20_noise_leaves_rows_not_resolved() -> None:
    def even(n, d_features):
        return 1.0 if (n, d_features) == (16, 4096) else lecture(n, d_features)

    rows = k20_timings(cost_table(even, noise=0.3))
    assert rows[0].verdict == "not resolved"
    assert rows[2].verdict == "not resolved"


def test_k20_without_large_cells_is_not_resolved() -> None:
    table = cost_table(lecture)
    table["min_size"] = 10**6
    rows = k20_timings(table)
    assert [r.verdict for r in rows[:3]] == ["not resolved", "not resolved", "true"]


def test_k20_timing_rows_from_a_real_run(small) -> None:
    rows = place_rows("K20", k20_timings(small[1]))
    assert [r.kind for r in rows] == ["empirical"] * 3 + ["illustration"]


def test_k20_figure_draws(tmp_path, small) -> None:
    draw = plotter("primal_dual_cost")
    save_figure(draw(work_table(), cost_table(lecture)), tmp_path / "p.png")
    assert (tmp_path / "p.png").stat().st_size > 1000
    save_figure(draw(*small), tmp_path / "q.png")
    assert (tmp_path / "q.png").stat().st_size > 1000


def test_the_legend_is_below_and_the_diagonal_passes_behind_the_labels() -> None:
    """The legend of d' = n once sat in a panel's corner, on a cell; it is
    one figure legend below the panels now. The line runs through the
    centres of the cells d' = n: their labels are drawn above it, each on an
    opaque box of its cell's colour."""
    draw = plotter("primal_dual_cost")
    fig = draw(work_table(), cost_table(lecture))
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        (legend,) = fig.legends
        assert [t.get_text() for t in legend.get_texts()] == ["d' = n"]
        assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
        box = legend.get_window_extent(renderer)
        panels = [ax for ax in fig.axes if ax.get_legend_handles_labels()[0]]
        assert len(panels) == 2
        for ax in panels:
            assert ax.get_legend() is None
            assert box.y1 <= ax.get_window_extent(renderer).y0
            (line,) = [x for x in ax.get_lines() if x.get_label() == "d' = n"]
            dims = [t.get_text() for t in ax.get_xticklabels()]
            ns = [t.get_text() for t in ax.get_yticklabels()]
            crossed = [
                t
                for t in ax.texts
                if dims[round(t.get_position()[0])] == ns[round(t.get_position()[1])]
            ]
            assert crossed
            for t in crossed:
                patch = t.get_bbox_patch()
                assert patch is not None
                assert patch.get_facecolor()[3] == 1.0
                assert t.get_zorder() > line.get_zorder()
    finally:
        plt.close(fig)
