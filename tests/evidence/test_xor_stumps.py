"""The xor_stumps room (B8): stumps on XOR, the tables, the claim rows and the
figure."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt
from matplotlib.text import Text

from marginlab.core.datasets import make_dataset
from marginlab.estimators.boosting.ensemble import StopReason
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.xor_stumps.claims import b8_xor_stumps
from marginlab.experiments.xor_stumps.figures import plot_xor_stumps
from marginlab.experiments.xor_stumps.rows import expected as declared_rows
from marginlab.experiments.xor_stumps.study import (
    EXACT_XOR_X,
    EXACT_XOR_Y,
    xor_game_table,
    xor_stumps_tables,
)
from marginlab.pipeline.jobs import place_rows

from .conftest import _holds, _round_trip_in_memory


@pytest.fixture(scope="module")
def xor() -> list[pd.DataFrame]:
    data = make_dataset({"generator": "xor", "n_samples": 40, "noise": 0.0, "seed": 1})
    return _round_trip_in_memory(xor_stumps_tables(data, 20, 2, 20, name="xor"))


# --- B8 ------------------------------------------------------------------------------


def test_every_stump_errs_on_half_of_exact_xor() -> None:
    # Independent of Stumps: all thresholds, both features, both polarities.
    for j, theta, s in itertools.product((0, 1), (-2.0, 0.0, 2.0), (1.0, -1.0)):
        pred = np.where(EXACT_XOR_X[:, j] > theta, s, -s)
        assert np.mean(pred != EXACT_XOR_Y) == 0.5


def test_xor_tables(xor) -> None:
    edges, history, runs, regions, points, game = xor
    stumps = edges[edges["learner"] == "stumps"]
    assert (stumps["edge"].abs() <= 1e-12).all()
    assert (edges.loc[edges["learner"] == "trees", "edge"] == 0.5).all()
    runs = runs.set_index("learner")
    assert runs.loc["stumps", "stop_reason"] == "no_edge"
    assert runs.loc["stumps", "rounds_kept"] == 0
    assert runs.loc["stumps", "train_error"] == 0.5
    assert runs.loc["trees", "stop_reason"] == "perfect"
    assert runs.loc["trees", "first_zero_round"] == 1
    # A t = 0 row (f ≡ 0) per learner, then one row per kept round.
    assert history.groupby("learner")["t"].min().tolist() == [0, 0]
    assert len(history) == 2 + runs["rounds_kept"].sum()
    assert len(regions) == 2 * 20 * 20
    assert set(regions.loc[regions["learner"] == "stumps", "prediction"]) == {1}
    assert len(points) == 40
    # The boosting game: stumps have neither edge nor margin, depth-2 trees
    # (here all 16 labellings of the corners) have both.
    game = game.set_index("learner")
    assert game.loc["stumps", "rho_star"] == pytest.approx(0.0, abs=1e-9)
    assert game.loc["stumps", "game_value"] == pytest.approx(0.0, abs=1e-9)
    assert game.loc["trees", "n_hypotheses"] == 16
    assert game.loc["trees", "rho_star"] == pytest.approx(1.0)
    assert game.loc["trees", "game_value"] == pytest.approx(1.0)
    assert bool(game.loc["trees", "all_thresholds"])


def test_stumps_have_a_positive_margin_on_jittered_xor() -> None:
    """Why B8's stump-margin row needs exact XOR: jittered corners give a margin."""
    data = make_dataset({"generator": "xor", "n_samples": 40, "noise": 0.25, "seed": 2})
    game = xor_game_table(data.X, data.y, max_thresholds=4).set_index("learner")
    assert game.loc["stumps", "rho_star"] > 1e-6
    assert not game.loc["trees", "all_thresholds"]


def test_b8_rows_follow_the_numbers(xor) -> None:
    """B8's rows are checks (properties of the exact XOR corners), yet each
    reads what it is given: broken numbers turn every verdict false."""
    rows = place_rows("B8", b8_xor_stumps(*xor))
    assert [r.id for r in rows] == ["B8"] * 8
    assert [r.name for r in rows] == declared_rows({})["B8"]
    assert _holds(rows) == [True, True, True, None, True, True, True, True]
    assert [r.kind for r in rows] == ["check"] * 3 + ["illustration"] + ["check"] * 4
    assert {r.figure for r in rows} == {"xor_stumps"}
    edges, history, runs, regions, points, game = (t.copy() for t in xor)
    # A stump with an edge on the four corners and on the training set,
    # depth-2 trees that do not reach training error 0, stumps with a margin,
    # trees without one, duals that disagree.
    edges.loc[edges["learner"] == "stumps", "edge"] = 0.1
    runs.loc[runs["learner"] == "trees", "train_error"] = 0.1
    game.loc[game["learner"] == "stumps", "rho_star"] = 0.05
    game.loc[game["learner"] == "trees", "rho_star"] = 0.0
    bad = b8_xor_stumps(edges, history, runs, regions, points, game)
    assert _holds(bad) == [False, False, False, None, False, False, False, False]


# --- figures -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "plot"),
    [("xor", plot_xor_stumps)],
)
def test_figures_draw(fixture, plot, request, tmp_path) -> None:
    tables = request.getfixturevalue(fixture)
    path = tmp_path / f"{fixture}.png"
    save_figure(plot(*tables), path)
    assert path.stat().st_size > 1000


def test_the_figure_says_why_each_run_stopped_in_words(xor) -> None:
    """The titles and legend say why each run stopped in words, not by the
    table's code names (``no_edge``, ``perfect``)."""
    runs = xor[2].set_index("learner")
    assert (runs.loc["stumps", "stop_reason"], runs.loc["trees", "stop_reason"]) == (
        "no_edge",
        "perfect",
    )
    fig = plot_xor_stumps(*xor)
    try:
        fig.canvas.draw()
        texts = [t.get_text() for t in fig.findobj(Text) if t.get_text()]
        codes = [code.value for code in StopReason]
        assert not [t for t in texts if any(code in t for code in codes)], texts
        stumps, trees = (ax.get_title() for ax in fig.axes[:2])
        assert "\nstopped: no edge (ε_t ≥ ½)\n" in stumps
        assert "\nstopped: training error 0 (ε_t = 0)\n" in trees
        assert fig.axes[2].get_legend().get_texts()[0].get_text() == (
            "stumps (stopped: no edge (ε_t ≥ ½))"
        )
    finally:
        plt.close(fig)
