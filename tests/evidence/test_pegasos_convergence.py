"""The pegasos_convergence room (K13): the claim rows, and a case that fails."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.pegasos_convergence.claims import k13_pegasos_convergence
from marginlab.experiments.pegasos_convergence.study import pegasos_convergence_table
from marginlab.pipeline.jobs import plotter

from ..flips import flips


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    data = make_dataset({"generator": "moons", "n_samples": 60, "seed": 1})
    return pegasos_convergence_table(data, 0.5, 0.05, 20_000, 8, seed=0)


def test_k13_rows_hold_on_a_real_run(table) -> None:
    assert (table["rel_gap"] >= -1e-9).all()  # P* is the minimum
    rows = k13_pegasos_convergence(table)
    assert [r.name for r in rows] == ["slope", "last_gap"]
    assert [r.kind for r in rows] == ["empirical", "empirical"]
    assert [r.holds for r in rows] == [True, True]
    assert rows[0].measured < -0.5  # near the theory's −1


@pytest.mark.can_fail("K13")
def test_k13_last_gap_row_fails_when_pegasos_stalls(table) -> None:
    stalled = table.assign(rel_gap=0.05)
    rows = k13_pegasos_convergence(stalled)
    flips("K13", "last_gap", rows)
    assert rows[1].holds is False


@pytest.mark.can_fail("K13")
def test_k13_slope_row_fails_when_the_gap_does_not_shrink(table) -> None:
    """A gap that grows with t (a run drifting away from the optimum) gives a
    positive slope, even while it is still under 1 % at the last step."""
    growing = table.assign(rel_gap=5e-5 * np.sqrt(table["t"].to_numpy()))
    slope, last = k13_pegasos_convergence(growing)
    flips("K13", "slope", [slope, last])
    assert slope.holds is False
    assert slope.measured == pytest.approx(0.5)
    assert last.holds is True


def test_the_figure_gives_the_rows_numbers(table, tmp_path) -> None:
    """No "Pegasos converges to the SVM optimum" written in: the gap panel's
    title gives the log-log slope and the last gap, what rows K13 read, and
    follows a run whose gap grows."""
    slope, last = k13_pegasos_convergence(table)
    fig = plotter("pegasos_convergence")(table)
    title = fig.axes[1].get_title()
    save_figure(fig, tmp_path / "p.png")
    assert (tmp_path / "p.png").stat().st_size > 1000
    t = int(table["t"].iloc[-1])
    assert title == (
        f"Relative gap to the SVM optimum (K13): log-log slope "
        f"{slope.measured:.2f},\n{last.measured:.2g} at t = {t:,}"
    )
    growing = table.assign(rel_gap=5e-5 * np.sqrt(table["t"].to_numpy()))
    fig = plotter("pegasos_convergence")(growing)
    assert "log-log slope 0.50," in fig.axes[1].get_title()
    plt.close(fig)
