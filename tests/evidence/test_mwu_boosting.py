"""The mwu_boosting room (B10, B18): boosting by multiplicative weights, the
tables, the claim rows and the figure."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.estimators.boosting.ensemble import _Round
from marginlab.estimators.boosting.majority import MajorityBoost
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.mwu_boosting import study as mwu_study
from marginlab.experiments.mwu_boosting.claims import (
    b10_mwu_boosting,
    b18_mwu_theorem2,
)
from marginlab.experiments.mwu_boosting.figures import plot_mwu_boosting
from marginlab.experiments.mwu_boosting.study import mwu_tables, mwu_theorem2_table
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.bounds import mwu_rounds

from ..flips import flips
from .conftest import _holds, _round_trip_in_memory


@pytest.fixture(scope="module")
def mwu() -> list[pd.DataFrame]:
    data = make_dataset(
        {"generator": "three_clusters", "n_samples": 30, "spread": 0.3, "seed": 7}
    )
    return _round_trip_in_memory(
        mwu_tables(data, 0.15, 0.1, "stumps", name="three_clusters")
    )


# --- B10 -----------------------------------------------------------------------------


def test_mwu_tables(mwu) -> None:
    history, summary, regions, points, _ = mwu
    s = summary.iloc[0]
    assert s["T"] == math.ceil(4 / 0.15**2 * math.log(10)) == mwu_rounds(0.15, 0.1)
    assert len(history) == s["T"]
    assert history["min_edge"].is_monotonic_decreasing
    assert s["min_edge"] == history["edge"].min() >= 0.15
    assert bool(s["weak_learning_held"])
    assert s["train_error"] == history["majority_error"].iloc[-1] <= 0.1
    assert len(regions) == 100 * 100
    assert len(points) == 30


@pytest.mark.can_fail("B10")
def test_b10_rows_follow_the_numbers(mwu) -> None:
    rows = place_rows("B10", b10_mwu_boosting(*mwu[:4]))
    assert [r.id for r in rows] == ["B10"] * 2
    assert [r.name for r in rows] == ["edge", "majority"]
    assert [r.kind for r in rows] == ["check", "theorem"]
    assert _holds(rows) == [True, True]
    # The premise (a check): every stump edge on three clusters is ≥ 1/6.
    assert rows[0].measured >= 1 / 6 - 1e-12
    history, summary, regions, points = (t.copy() for t in mwu[:4])
    summary["train_error"] = 0.2
    rows = b10_mwu_boosting(history, summary, regions, points)
    flips("B10", "majority", rows)
    assert _holds(rows) == [True, False]
    # A family that was not γ-weak: the theorem is not tested, the row fails.
    history, summary = mwu[0].copy(), mwu[1].copy()
    history.loc[5, "edge"] = 0.01
    weak, theorem = b10_mwu_boosting(history, summary, regions, points)
    assert weak.holds is False
    assert theorem.holds is False
    assert math.isnan(theorem.bound)
    assert "NOT TESTED" in theorem.quantity


def test_mwu_with_trees_on_one_feature_and_a_bad_learner_name() -> None:
    data = make_dataset({"generator": "interval", "n_samples": 20, "seed": 0})
    history, summary, regions, points, theorem2 = mwu_tables(data, 0.2, 0.2, "trees", 2)
    assert summary["depth"].iloc[0] == 2
    assert regions.empty
    assert points.empty
    fig = plot_mwu_boosting(history, summary, regions, points, theorem2)
    assert len(fig.axes) == 3
    with pytest.raises(ValueError, match="'weak_learner' parameter of mwu_tables"):
        mwu_tables(data, 0.2, 0.2, "forest")


@pytest.mark.can_fail("B10")
def test_b10_theorem_row_fails_for_a_wrong_update(monkeypatch) -> None:
    """The algorithm broken (the misclassified points' weights shrink): every
    edge is still ≥ γ, so the premise check passes and the theorem is tested,
    and the majority of the T rounds errs on far more than ν."""
    monkeypatch.setattr(mwu_study, "MajorityBoost", _PenalizeMistakes)
    data = make_dataset(
        {"generator": "three_clusters", "n_samples": 30, "spread": 0.3, "seed": 7}
    )
    tables = mwu_tables(data, 0.15, 0.1, "stumps", name="three_clusters")
    weak, theorem = b10_mwu_boosting(*tables[:4])
    flips("B10", "majority", [weak, theorem])
    assert (weak.kind, weak.holds) == ("check", True)
    assert (theorem.kind, theorem.holds) == ("theorem", False)
    assert theorem.measured > 0.1
    assert "NOT TESTED" not in theorem.quantity


# --- figures -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "plot"),
    [("mwu", plot_mwu_boosting)],
)
def test_figures_draw(fixture, plot, request, tmp_path) -> None:
    tables = request.getfixturevalue(fixture)
    path = tmp_path / f"{fixture}.png"
    save_figure(plot(*tables), path)
    assert path.stat().st_size > 1000


def test_every_legend_lies_below_its_panel(mwu) -> None:
    """The legends once sat on the curves (the edges, the majority's error,
    Theorem 2's bounds) and on the points of the regions panel: each lies
    below its panel now, in fonts of at least 8 points, and no two overlap."""
    fig = plot_mwu_boosting(*mwu)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        boxes = []
        for ax in fig.axes:
            legend = ax.get_legend()
            assert legend is not None
            box = legend.get_window_extent(renderer)
            assert box.y1 <= ax.get_window_extent(renderer).y0
            assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
            boxes.append(box)
    finally:
        plt.close(fig)
    assert len(boxes) == 4
    for i, box in enumerate(boxes):
        assert all(not box.overlaps(other) for other in boxes[i + 1 :])


# --- B18 -----------------------------------------------------------------------------


class _PenalizeMistakes(MajorityBoost):
    """A wrong MWU: the weights of the misclassified examples shrink."""

    def _boost(self, t, log_v, log_keep, search, y):
        w = np.exp(log_v - log_v.max())
        h, pred = search.best(w)
        correct = pred == y
        eps = float(w[~correct].sum()) / float(w.sum())
        log_v[~correct] += log_keep
        return _Round(t, h, pred, eps)


def _three_clusters() -> tuple[np.ndarray, np.ndarray]:
    data = make_dataset(
        {"generator": "three_clusters", "n_samples": 30, "spread": 0.3, "seed": 7}
    )
    return data.X, data.y


def test_theorem2_table_reads_the_run(mwu) -> None:
    history, summary, _, _, theorem2 = mwu
    assert len(theorem2) == len(history)
    np.testing.assert_allclose(theorem2["l_mwu"], np.cumsum(1 - history["eps"]))
    assert (theorem2["l_mwu"] >= theorem2["lower"] - 1e-12).all()
    for key in ("bar", "single", "all"):
        bound = theorem2[f"bound_{key}"]
        assert (theorem2["l_mwu"][bound.notna()] <= bound.dropna()).all(), key
    # S̄_t is the set of the majority's mistakes; NaN where it is empty.
    wrong = np.round(history["majority_error"] * 30).astype(int)
    assert (theorem2["size_bar"] == wrong).all()
    assert theorem2["bound_bar"].isna().equals(theorem2["size_bar"] == 0)


def test_the_coded_update_is_lecture1s_mwu_on_zero_one_losses() -> None:
    # Theorem 2 is about w_j ← w_j (1 − ε l_j/ρ); MajorityBoost multiplies by
    # (1 − ε)^{l_j}. For l ∈ {0, 1}, ρ = 1 they agree: the loss of a linear
    # update run on the same losses equals the run's l_MWU.
    X, y = _three_clusters()
    model = MajorityBoost(gamma=0.15, nu=0.1).fit(X, y)
    table = mwu_theorem2_table(model, X, y, epsilon=0.15)
    losses = np.array([h.predict(X) == y for h in model.learners_], dtype=float)
    w = np.ones(len(y))
    expected = []
    for row in losses:
        expected.append(float(w @ row) / w.sum())
        w = w * (1 - 0.15 * row)
    np.testing.assert_allclose(table["l_mwu"], np.cumsum(expected), rtol=1e-9)


@pytest.mark.can_fail("B18")
def test_b18_rows_hold_and_a_wrong_update_fails(mwu) -> None:
    _, summary, _, _, theorem2 = mwu
    theorem, slack = b18_mwu_theorem2(summary, theorem2)
    assert (theorem.name, slack.name) == ("bound", "slack")
    assert (theorem.kind, theorem.holds) == ("theorem", True)
    assert theorem.measured < 0
    assert (slack.kind, slack.holds) == ("illustration", None)
    assert slack.measured > 0
    # The table perturbed: a loss above a bound in one round.
    worse = theorem2.copy()
    worse.loc[3, "l_mwu"] = worse.loc[3, "bound_all"] + 0.01
    flips("B18", "bound", b18_mwu_theorem2(summary, worse))
    assert b18_mwu_theorem2(summary, worse)[0].holds is False
    # The algorithm broken: penalizing the misclassified examples makes the
    # weights chase the easy points, l_MWU ≈ t, above the bound for S̄_t and
    # for a single always-misclassified expert.
    X, y = _three_clusters()
    wrong = _PenalizeMistakes(gamma=0.15, nu=0.1).fit(X, y)
    table = mwu_theorem2_table(wrong, X, y, epsilon=0.15)
    row = b18_mwu_theorem2(summary, table)[0]
    assert row.holds is False
    assert row.measured > 0
