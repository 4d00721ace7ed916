"""Weak learners (B8–B10, B18): studies, claim rows, figures."""

from __future__ import annotations

import io
import itertools
import math

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import (
    TRIANGLE,
    edge_lines,
    flip_labels,
    make_dataset,
    make_three_discs,
    make_triangle,
)
from kernelboost.estimators.boosting.ensemble import _Round
from kernelboost.estimators.boosting.majority import MajorityBoost
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments.mwu_boosting.claims import (
    b10_mwu_boosting,
    b18_mwu_theorem2,
)
from kernelboost.experiments.mwu_boosting.figures import plot_mwu_boosting
from kernelboost.experiments.mwu_boosting.study import mwu_tables, mwu_theorem2_table
from kernelboost.experiments.nonconvex_combination.claims import (
    b9_nonconvex_combination,
)
from kernelboost.experiments.nonconvex_combination.figures import (
    plot_nonconvex_combination,
)
from kernelboost.experiments.nonconvex_combination.study import (
    NONCONVEX_LINES,
    combination_decision,
    line_family,
    line_predictions,
    nonconvex_tables,
)
from kernelboost.experiments.xor_stumps.claims import b8_xor_stumps
from kernelboost.experiments.xor_stumps.figures import plot_xor_stumps
from kernelboost.experiments.xor_stumps.study import (
    EXACT_XOR_X,
    EXACT_XOR_Y,
    xor_game_table,
    xor_stumps_tables,
)
from kernelboost.pipeline.jobs import place_rows
from kernelboost.theory.bounds import mwu_rounds


def _round_trip(tables: tuple[pd.DataFrame, ...]) -> list[pd.DataFrame]:
    """The tables as the workflow passes them on: written to CSV and read back."""
    out = []
    for table in tables:
        buffer = io.StringIO()
        table.to_csv(buffer, index=False)
        buffer.seek(0)
        out.append(pd.read_csv(buffer))
    return out


@pytest.fixture(scope="module")
def xor() -> list[pd.DataFrame]:
    data = make_dataset({"generator": "xor", "n_samples": 40, "noise": 0.0, "seed": 1})
    return _round_trip(xor_stumps_tables(data, 20, 2, 20, name="xor"))


@pytest.fixture(scope="module")
def nonconvex() -> list[pd.DataFrame]:
    convex, nonconvex = make_triangle(8, seed=3), make_three_discs(8, seed=4)
    return _round_trip(nonconvex_tables(convex, nonconvex, 60, 20, 8))


@pytest.fixture(scope="module")
def mwu() -> list[pd.DataFrame]:
    data = make_dataset(
        {"generator": "three_clusters", "n_samples": 30, "spread": 0.3, "seed": 7}
    )
    return _round_trip(mwu_tables(data, 0.15, 0.1, "stumps", name="three_clusters"))


def _holds(rows) -> list[bool | None]:
    return [r.holds for r in rows]


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
    """Why B8's stump-margin row is evidence: it needs the exact corners."""
    data = make_dataset({"generator": "xor", "n_samples": 40, "noise": 0.25, "seed": 2})
    game = xor_game_table(data.X, data.y, max_thresholds=4).set_index("learner")
    assert game.loc["stumps", "rho_star"] > 1e-6
    assert not game.loc["trees", "all_thresholds"]


@pytest.mark.can_fail("B8")
def test_b8_rows_follow_the_numbers(xor) -> None:
    rows = place_rows("B8", b8_xor_stumps(*xor))
    assert [r.id for r in rows] == ["B8"] * 8
    assert _holds(rows) == [True, True, True, None, True, True, True, True]
    assert [r.kind for r in rows[4:]] == ["theorem", "check", "theorem", "check"]
    assert {r.figure for r in rows} == {"xor_stumps"}
    edges, history, runs, regions, points, game = (t.copy() for t in xor)
    edges.loc[edges["learner"] == "stumps", "edge"] = 0.1
    runs.loc[runs["learner"] == "trees", "train_error"] = 0.1
    # Stumps with a margin, trees without one, duals that disagree.
    game.loc[game["learner"] == "stumps", "rho_star"] = 0.05
    game.loc[game["learner"] == "trees", "rho_star"] = 0.0
    assert _holds(b8_xor_stumps(edges, history, runs, regions, points, game)) == [
        False,
        False,
        False,
        None,
        False,
        False,
        False,
        False,
    ]


# --- B9 ------------------------------------------------------------------------------


def _clusters(X: np.ndarray) -> np.ndarray:
    """0, 1, 2 for left (x1 < −1), middle, right (x1 > 1): the discs have
    radius < 1."""
    return np.where(X[:, 0] < -1.0, 0, np.where(X[:, 0] > 1.0, 2, 1))


def test_convex_example_geometry() -> None:
    data = make_triangle(30, seed=5)
    X, y, lines = data.X, data.y, edge_lines(TRIANGLE)
    assert X.shape == (90, 2)
    assert (y > 0).sum() == 30
    H = line_predictions(lines, X)
    # Positives are inside all three edges, each negative outside at least one.
    assert (H[y > 0] == 1).all()
    assert (H[y < 0] == -1).any(axis=1).all()
    # The lines pass through the triangle's vertices.
    scores = TRIANGLE @ lines[:, :2].T + lines[:, 2]
    assert np.isclose(scores, 0.0, atol=1e-12).sum() == 6
    f = combination_decision(lines, np.ones(3), X, bias=-2.5)
    assert np.array_equal(np.where(f >= 0, 1.0, -1.0), y)
    # Seeded: the same seed gives the same data.
    assert np.array_equal(make_triangle(30, seed=5).X, X)


def test_nonconvex_example_makes_h3_worse_than_random() -> None:
    data = make_three_discs(10, seed=2)
    X, y, lines = data.X, data.y, NONCONVEX_LINES
    cluster = _clusters(X)
    assert np.bincount(cluster).tolist() == [30, 10, 10]
    # Generated left, middle, right: x1 recovers each point's cluster.
    assert np.array_equal(cluster, np.repeat([0, 1, 2], [30, 10, 10]))
    H = line_predictions(lines, X)
    assert np.mean(H[:, 2] != y) == pytest.approx(0.6)
    f = combination_decision(lines, np.array([1.0, 2.0, 2.0]), X)
    assert np.array_equal(np.where(f >= 0, 1.0, -1.0), y)


def test_line_family_keeps_the_given_lines_and_distinct_columns() -> None:
    X, lines = make_three_discs(5, seed=0).X, NONCONVEX_LINES
    family = line_family(X, lines, n_directions=4)
    assert family["name"].iloc[:3].tolist() == ["h1", "h2", "h3"]
    assert family["line"].tolist() == list(range(len(family)))
    H = line_predictions(family, X)
    assert np.unique(H.T, axis=0).shape[0] == H.shape[1]
    # h1 is +1 on every point, so the constant +1 was merged into it.
    assert (family["name"] == "constant").sum() == 1


def test_nonconvex_tables(nonconvex) -> None:
    errors, history, regions, points, lines = nonconvex
    e = errors.set_index(["example", "model"])["train_error"]
    for example in ("convex", "nonconvex"):
        assert e[(example, "given")] == 0.0
        # sign(Σ α_t h_t) recomputed from the lines' parameters is AdaBoost's own.
        last = history[history["example"] == example]["train_error"].iloc[-1]
        assert e[(example, "adaboost")] == last
        assert set(regions[regions["example"] == example]["model"]) == {
            "given",
            "adaboost",
        }
    assert e[("nonconvex", "h3")] > 0.5
    assert e[("convex", "best_line")] > 0.0
    assert history["line"].max() < lines.groupby("example").size().min()


def test_nonconvex_points_keep_their_groups(nonconvex) -> None:
    """Inside/outside from the triangle's labels (positives first), left/middle/
    right from x1 (clusters generated in that order, 3n, n, n points)."""
    points = nonconvex[3]
    convex = points[points["example"] == "convex"]
    assert convex["group"].tolist() == ["inside"] * 8 + ["outside"] * 16
    assert (convex["label"] == np.where(convex["group"] == "inside", 1, -1)).all()
    discs = points[points["example"] == "nonconvex"]
    assert discs["group"].tolist() == ["left"] * 24 + ["middle"] * 8 + ["right"] * 8
    assert (discs["label"] == np.where(discs["group"] == "middle", -1, 1)).all()


def test_nonconvex_tables_groups_ignore_label_noise() -> None:
    """A flipped label changes the point's label, not where it lies."""
    convex = flip_labels(make_triangle(5, seed=1), 0.2, seed=0)
    nonconvex = flip_labels(make_three_discs(5, seed=2), 0.2, seed=0)
    points = nonconvex_tables(convex, nonconvex, 5, 5, 2)[3]
    groups = points.groupby("example")["group"].agg(list)
    assert groups["convex"] == ["inside"] * 5 + ["outside"] * 10
    assert groups["nonconvex"] == ["left"] * 15 + ["middle"] * 5 + ["right"] * 5
    flipped = points.loc[points["example"] == "convex", "label"].to_numpy()
    assert np.array_equal(flipped, convex.y)


def test_nonconvex_tables_needs_two_feature_classification_data() -> None:
    three_d = make_dataset({"generator": "blobs", "n_samples": 20, "n_features": 3})
    with pytest.raises(ValueError, match="'convex' must be classification data"):
        nonconvex_tables(three_d, make_three_discs(5), 5)
    trap = make_dataset({"generator": "forward_trap", "n_samples": 20})
    with pytest.raises(ValueError, match="'nonconvex' must be .* got regression"):
        nonconvex_tables(make_triangle(5), trap, 5)


@pytest.mark.can_fail("B9")
def test_b9_rows_follow_the_numbers(nonconvex) -> None:
    rows = place_rows("B9", b9_nonconvex_combination(*nonconvex))
    assert [r.id for r in rows] == ["B9"] * 7
    assert _holds(rows) == [True] * 6 + [None]
    errors, history, regions, points, lines = (t.copy() for t in nonconvex)
    for model in ("given", "adaboost"):
        errors.loc[errors["model"] == model, "train_error"] = 0.05
    errors.loc[errors["model"] == "h3", "train_error"] = 0.4
    errors.loc[errors["model"] == "best_line", "train_error"] = 0.0
    bad = b9_nonconvex_combination(errors, history, regions, points, lines)
    assert _holds(bad) == [False] * 6 + [None]


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
    assert _holds(rows) == [True, True]
    history, summary, regions, points = (t.copy() for t in mwu[:4])
    summary["train_error"] = 0.2
    assert _holds(b10_mwu_boosting(history, summary, regions, points)) == [True, False]
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


# --- figures -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "plot"),
    [
        ("xor", plot_xor_stumps),
        ("nonconvex", plot_nonconvex_combination),
        ("mwu", plot_mwu_boosting),
    ],
)
def test_figures_draw(fixture, plot, request, tmp_path) -> None:
    tables = request.getfixturevalue(fixture)
    path = tmp_path / f"{fixture}.png"
    save_figure(plot(*tables), path)
    assert path.stat().st_size > 1000


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
    assert (theorem.kind, theorem.holds) == ("theorem", True)
    assert theorem.measured < 0
    assert (slack.kind, slack.holds) == ("illustration", None)
    assert slack.measured > 0
    # The table perturbed: a loss above a bound in one round.
    worse = theorem2.copy()
    worse.loc[3, "l_mwu"] = worse.loc[3, "bound_all"] + 0.01
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
