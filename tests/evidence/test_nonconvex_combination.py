"""The nonconvex_combination room (B9): the convex and non-convex examples, the
line family, the tables, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from marginlab.core.datasets import (
    TRIANGLE,
    edge_lines,
    flip_labels,
    make_dataset,
    make_three_discs,
    make_triangle,
)
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.nonconvex_combination.claims import (
    b9_nonconvex_combination,
)
from marginlab.experiments.nonconvex_combination.figures import (
    plot_nonconvex_combination,
)
from marginlab.experiments.nonconvex_combination.rows import expected as declared_rows
from marginlab.experiments.nonconvex_combination.study import (
    NONCONVEX_LINES,
    combination_decision,
    line_family,
    line_predictions,
    nonconvex_tables,
)
from marginlab.pipeline.jobs import place_rows
from tests.flips import flips

from .conftest import _holds, _round_trip_in_memory


@pytest.fixture(scope="module")
def nonconvex() -> list[pd.DataFrame]:
    convex, nonconvex = make_triangle(8, seed=3), make_three_discs(8, seed=4)
    return _round_trip_in_memory(nonconvex_tables(convex, nonconvex, 60, 20, 8))


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
    assert [r.name for r in rows] == declared_rows({})["B9"]
    assert _holds(rows) == [True] * 6 + [None]
    errors, history, regions, points, lines = (t.copy() for t in nonconvex)
    for model in ("given", "adaboost"):
        errors.loc[errors["model"] == model, "train_error"] = 0.05
    errors.loc[errors["model"] == "h3", "train_error"] = 0.4
    errors.loc[errors["model"] == "best_line", "train_error"] = 0.0
    bad = b9_nonconvex_combination(errors, history, regions, points, lines)
    assert _holds(bad) == [False] * 6 + [None]
    # AdaBoost's combination errs on both examples.
    flipped = flips("B9", "adaboost/*", bad)
    assert [r.measured for r in flipped] == [0.05, 0.05]


# --- figures -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "plot"),
    [("nonconvex", plot_nonconvex_combination)],
)
def test_figures_draw(fixture, plot, request, tmp_path) -> None:
    tables = request.getfixturevalue(fixture)
    path = tmp_path / f"{fixture}.png"
    save_figure(plot(*tables), path)
    assert path.stat().st_size > 1000


def _dashed(ax) -> int:
    """How many dashed lines a middle panel draws."""
    return sum(line.get_linestyle() == "--" for line in ax.get_lines())


def _chosen_lines(history: pd.DataFrame, lines: pd.DataFrame, example: str) -> int:
    """How many non-constant lines AdaBoost chose on ``example``."""
    fam = lines[lines["example"] == example].set_index("line")
    used = history.loc[history["example"] == example, "line"].unique()
    return int((fam.loc[used, ["w1", "w2"]] != 0.0).any(axis=1).sum())


def _many_lines(history: pd.DataFrame, lines: pd.DataFrame) -> pd.DataFrame:
    """The history with the convex example's rounds spread over 8 lines of the
    family and a constant, in turn."""
    fam = lines[lines["example"] == "convex"]
    ids = [
        *fam.loc[fam["name"] == "family", "line"].iloc[::37][:8],
        *fam.loc[fam["name"] == "constant", "line"][:1],
    ]
    names = fam.set_index("line")["name"]
    history = history.copy()
    convex = history["example"] == "convex"
    picked = [ids[t % len(ids)] for t in history.loc[convex, "t"]]
    history.loc[convex, "line"] = picked
    history.loc[convex, "name"] = names.loc[picked].to_numpy()
    return history


@pytest.mark.parametrize("rounds", [None, 2, "many"])
def test_middle_titles_count_the_dashed_lines(nonconvex, rounds) -> None:
    """The middle titles say how many lines are dashed, as many as are drawn:
    at most 6, constants (which have no line) not among them."""
    errors, history, regions, points, lines = nonconvex
    if rounds == "many":
        history = _many_lines(history, lines)
        assert _chosen_lines(history, lines, "convex") == 8
    elif rounds is not None:
        history = history[history["t"] <= rounds]
    fig = plot_nonconvex_combination(errors, history, regions, points, lines)
    for ax, example in zip(fig.axes[1::3], ("convex", "nonconvex"), strict=True):
        n = _chosen_lines(history, lines, example)
        drawn = _dashed(ax)
        assert drawn == min(n, 6) > 0
        title = ax.get_title()
        if n <= 6:
            assert f"dashed: the {n} lines it chose" in title
        else:
            assert f"dashed: its 6 lines of largest Σ α_t (of {n} it chose)" in title
        constant = history.loc[history["example"] == example, "name"].eq("constant")
        assert ("a constant has no line" in title) == bool(constant.any())
