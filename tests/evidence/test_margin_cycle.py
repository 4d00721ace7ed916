"""B15: AdaBoost on the 8 × 8 example of Rudin, Daubechies and Schapire (2004)."""

from __future__ import annotations

import io
import math

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.margin_cycle.claims import b15_adaboost_cycle
from marginlab.experiments.margin_cycle.figures import plot_margin_cycle
from marginlab.experiments.margin_cycle.study import (
    RUDIN_D1,
    RUDIN_M,
    _cycle,
    margin_cycle_tables,
)
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.margins import game_value, max_margin
from tests.flips import flips


def _round_trip(tables) -> list[pd.DataFrame]:
    """The tables as the workflow passes them on: written to CSV and read back."""
    out = []
    for table in tables:
        buffer = io.StringIO()
        table.to_csv(buffer, index=False)
        buffer.seek(0)
        out.append(pd.read_csv(buffer, keep_default_na=False, na_values=[""]))
    return out


@pytest.fixture(scope="module")
def cycle() -> list[pd.DataFrame]:
    return _round_trip(margin_cycle_tables(600, 3, 0))


def _optimal_adaboost(d: np.ndarray, T: int) -> tuple[list[int], np.ndarray]:
    """Optimal AdaBoost on RUDIN_M written out independently of the library:
    the column of largest edge r = d·M_j (lowest index on ties),
    α = ½ ln((1 + r)/(1 − r)), d ← d exp(−α M_j) normalized."""
    lam = np.zeros(RUDIN_M.shape[1])
    columns, margins = [], []
    for _ in range(T):
        edges = d @ RUDIN_M
        j = int(np.argmax(edges >= edges.max() - 1e-12))
        r = edges[j]
        alpha = 0.5 * math.log((1 + r) / (1 - r))
        lam[j] += alpha
        d = d * np.exp(-alpha * RUDIN_M[:, j])
        d /= d.sum()
        columns.append(j)
        margins.append((RUDIN_M @ lam).min() / lam.sum())
    return columns, np.array(margins)


def test_the_paper_s_example() -> None:
    assert set(np.unique(RUDIN_M)) == {-1.0, 1.0}
    assert RUDIN_D1.sum() == pytest.approx(1.0)
    assert (RUDIN_D1 >= 0).all()
    assert RUDIN_D1[-1] == 0.0
    rho, alpha = max_margin(RUDIN_M)
    value, d = game_value(RUDIN_M)
    assert rho == pytest.approx(3 / 8, abs=1e-12)
    assert value == pytest.approx(3 / 8, abs=1e-12)
    # Certificates, independent of the solver's own value: α reaches 3/8 on
    # every example and d holds every column's edge to 3/8.
    assert (RUDIN_M @ alpha).min() == pytest.approx(3 / 8, abs=1e-9)
    assert (d @ RUDIN_M).max() == pytest.approx(3 / 8, abs=1e-9)


def test_adaboost_matches_a_direct_implementation(cycle) -> None:
    _, _, history, _ = cycle
    for start, d1 in (("paper", RUDIN_D1), ("uniform", np.full(8, 1 / 8))):
        columns, margins = _optimal_adaboost(d1.copy(), 600)
        part = history[history["start"] == start]
        assert part["column"].tolist() == columns
        np.testing.assert_allclose(part["min_margin"], margins, atol=1e-12)


def test_the_paper_s_start_is_a_three_cycle(cycle) -> None:
    lp, runs, history, distributions = cycle
    paper = runs.set_index("start").loc["paper"]
    assert paper["period"] == 3
    assert paper["limit_margin"] == pytest.approx(1 / 3, abs=1e-12)
    assert paper["closure"] <= 1e-12
    columns = history.loc[history["start"] == "paper", "column"].tolist()
    assert columns[:6] == [0, 2, 1, 0, 2, 1]
    # After each full cycle the margin is already the limit, 1/3.
    margins = history.loc[history["start"] == "paper", "min_margin"].to_numpy()
    np.testing.assert_allclose(margins[2::3], 1 / 3, atol=1e-12)
    assert (margins <= 1 / 3 + 1e-12).all()
    shown = distributions[distributions["start"] == "paper"]
    D = shown.pivot(index="t", columns="example", values="weight").to_numpy()
    np.testing.assert_allclose(D[0], RUDIN_D1)
    np.testing.assert_allclose(D[3:], D[:-3], atol=1e-12)
    assert (D[:, 7] == 0).all()
    assert len(runs) == 2 + 3
    np.testing.assert_allclose(runs["rho_star"], 3 / 8, atol=1e-12)


def test_cycle_detection() -> None:
    M = np.array([[1.0, -1.0], [-1.0, 1.0]])
    D = np.array([[0.5, 0.5]] * 7)
    columns = np.array([0, 1, 0, 1, 0, 1])
    period, closure, limit, cols = _cycle(M, columns, np.ones(6), D, 4, 1e-9)
    assert (period, closure, limit, cols) == (2, 0.0, 0.0, "0 1")
    # A distribution that does not come back is no cycle.
    D[-1] = [0.6, 0.4]
    assert _cycle(M, columns, np.ones(6), D, 4, 1e-9)[0] == 0
    assert math.isnan(_cycle(M, columns, np.ones(6), D, 4, 1e-9)[2])


@pytest.mark.can_fail("B15")
def test_b15_rows_follow_the_numbers(cycle) -> None:
    lp, runs = cycle[0], cycle[1]
    rows = place_rows("B15", b15_adaboost_cycle(lp, runs))
    assert [r.id for r in rows] == ["B15"] * 6
    assert [r.name for r in rows] == [
        "rho_star",
        "gap/paper",
        "limit/paper",
        "ceiling",
        "margin/uniform",
        "cycles/random",
    ]
    assert [r.kind for r in rows] == [
        "identity",
        "theorem",
        "theorem",
        "theorem",
        "illustration",
        "illustration",
    ]
    assert [r.holds for r in rows] == [True, True, True, True, None, None]
    assert rows[1].bound == pytest.approx(1 / 48)
    # Each row of evidence flips when its number is wrong.
    wrong_lp = lp.assign(rho_star=0.37)
    flips("B15", "rho_star", b15_adaboost_cycle(wrong_lp, runs))
    paper = runs["start"] == "paper"
    reaches = runs.copy()
    reaches.loc[paper, "margin_max_late"] = 0.37
    flips("B15", "gap/paper", b15_adaboost_cycle(lp, reaches))
    other_limit = runs.copy()
    other_limit.loc[paper, "limit_margin"] = 0.34
    flips("B15", "limit/paper", b15_adaboost_cycle(lp, other_limit))
    no_cycle = runs.copy()
    no_cycle.loc[paper, ["period", "limit_margin"]] = [0, math.nan]
    (row,) = flips("B15", "limit/paper", b15_adaboost_cycle(lp, no_cycle))
    assert "no cycle of period <= 12 found" in row.quantity
    above = runs.copy()
    above.loc[runs["start"] == "random 2", "margin_max"] = 0.38
    flips("B15", "ceiling", b15_adaboost_cycle(lp, above))
    # Without random starts there is no row for them.
    assert len(b15_adaboost_cycle(lp, runs[~runs["start"].str.startswith("r")])) == 5


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="n_rounds"):
        margin_cycle_tables(0, 1, 0)
    with pytest.raises(ValueError, match="n_random_starts"):
        margin_cycle_tables(10, -1, 0)


def test_figure_draws(cycle, tmp_path) -> None:
    path = tmp_path / "margin_cycle.png"
    save_figure(plot_margin_cycle(*cycle), path)
    assert path.stat().st_size > 1000


def test_the_suptitle_reads_the_limit_and_the_lp(cycle) -> None:
    """No "1/3 instead of 3/8" written in: the suptitle gives the paper's
    start's cycle and limit margin and ρ* from the tables, and says so when
    no cycle was found."""
    lp, runs, history, distributions = cycle
    paper = runs.set_index("start").loc["paper"]
    fig = plot_margin_cycle(lp, runs, history, distributions)
    title = fig.get_suptitle()
    plt.close(fig)
    assert title.startswith(
        "AdaBoost on the 8 × 8 example from the paper's D_1: cycle of period 3, "
        f"limit margin {float(paper['limit_margin']):.4g}; LP maximum ρ* = 0.375\n"
    )
    assert float(paper["limit_margin"]) == pytest.approx(1 / 3)
    lost = runs.copy()
    at = lost["start"] == "paper"
    lost.loc[at, "period"] = 0
    lost.loc[at, "margin_last"] = 0.37
    fig = plot_margin_cycle(lp.assign(rho_star=0.4), lost, history, distributions)
    assert fig.get_suptitle().startswith(
        "AdaBoost on the 8 × 8 example from the paper's D_1: no cycle found, "
        "margin 0.37 at T; LP maximum ρ* = 0.4\n"
    )
    plt.close(fig)
