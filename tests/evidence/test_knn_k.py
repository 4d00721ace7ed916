"""The knn_k room (K14, E4): k-NN's errors against k and the claim rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt
from scipy import stats

from marginlab.core.datasets import Dataset, make_dataset
from marginlab.estimators.knn import knn_loo
from marginlab.estimators.model_selection import train_test_split
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments._shared.samples import (
    ONE_TRAINING_SET,
    can_redraw,
    replicate_seed,
    training_sets,
)
from marginlab.experiments.knn_k.claims import e4_knn_loo, k14_knn
from marginlab.experiments.knn_k.study import knn_tables
from marginlab.pipeline.jobs import plotter
from tests.flips import flips


def _wrong_first(mistakes: pd.DataFrame, where: str, counts: dict) -> pd.DataFrame:
    """``mistakes`` with each k of ``counts`` wrong on exactly the first
    ``counts[k]`` points of ``where`` (nested sets: the pairs overlap)."""
    out = mistakes.copy()
    for k, wrong in counts.items():
        rows = (out["set"] == where) & (out["k"] == k)
        out.loc[rows, "wrong"] = (out.loc[rows, "point"] < wrong).astype(int)
    return out


@pytest.fixture(scope="module")
def k14_tables():
    data = make_dataset(
        {"generator": "moons", "n_samples": 120, "noise": 0.2, "label_noise": 0.1}
    )
    return knn_tables(data, [1, 5, 15], [1, 5], 0.5, seed=3, grid_points=12)


def test_the_mistakes_are_the_error_rates(k14_tables) -> None:
    errors, _, _, mistakes, _ = k14_tables
    for where, column in (("test", "test_error"), ("loo", "loo_error")):
        rates = mistakes[mistakes["set"] == where].groupby("k")["wrong"].mean()
        expected = errors.set_index("k")[column].dropna()
        np.testing.assert_allclose(rates.loc[expected.index], expected)
    n = int(errors["n_train"].iloc[0])
    assert set(mistakes[mistakes["set"] == "loo"]["k"]) == set(errors["k"]) - {n}


@pytest.mark.can_fail("K14")
def test_k14_rows(k14_tables) -> None:
    errors, regions, points, mistakes, _ = k14_tables
    assert errors["k"].tolist() == [1, 5, 15, 60]
    rows = k14_knn(*k14_tables[:4])
    assert [r.name for r in rows] == ["train_error", "majority", "overfit", "underfit"]
    assert [r.kind for r in rows] == ["check", "check", "empirical", "empirical"]
    assert rows[0].holds  # 1-NN: no training error
    assert rows[1].holds  # k = N: the majority
    assert int(errors["n_test"].iloc[0]) == 60
    # k* (smallest LOO error) is k = 5 below.
    shaped = errors.assign(loo_error=[0.2, 0.05, 0.1, float("nan")])
    # Six mistakes each, on the same points: nothing to tell apart.
    flat = _wrong_first(mistakes, "test", {1: 6, 5: 6, 60: 6})
    verdicts = [r.verdict for r in k14_knn(shaped, regions, points, flat)][2:]
    assert verdicts == ["not resolved", "not resolved"]
    # Clear over- and underfitting hold ...
    clear = _wrong_first(mistakes, "test", {1: 30, 5: 3, 60: 40})
    rows = k14_knn(shaped, regions, points, clear)
    assert [r.verdict for r in rows][2:] == ["true", "true"]
    assert "k* = 5" in rows[2].quantity
    assert rows[2].measured == pytest.approx(27 / 60)
    # ... and 1-NN beating k* by far is a failure, not a missing verdict.
    inverted = _wrong_first(mistakes, "test", {1: 2, 5: 30, 60: 40})
    flips("K14", "overfit", k14_knn(shaped, regions, points, inverted))
    # So is k = N beating k* by far.
    both = _wrong_first(mistakes, "test", {1: 2, 5: 30, 60: 2})
    rows = k14_knn(shaped, regions, points, both)
    flips("K14", "overfit", rows)
    (large,) = flips("K14", "underfit", rows)
    assert large.measured == pytest.approx(-28 / 60)
    assert "k = 60 minus at k* = 5" in large.quantity
    # The two theorem-like rows are checks of the code: a wrong training
    # error or a k = N that is not the majority reads failed.
    broken = errors.assign(train_error=[0.1, 0.1, 0.1, 0.1])
    assert k14_knn(broken, regions, points, mistakes)[0].verdict == "false"


def test_identical_points_of_opposite_labels_make_1nn_not_applicable() -> None:
    """Two identical points with opposite labels break the assumption of
    "1-NN makes no training error" (distinct points): the row says so and
    carries no verdict, rather than reading the lecture as wrong."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((40, 2))
    y = np.where(X[:, 0] > 0, 1.0, -1.0)
    X[1] = X[0]
    y[1] = -y[0]
    X[3] = X[2]
    y[3] = -y[2]
    data = Dataset(X, y, ("x1", "x2"), "classification")
    tables = knn_tables(data, [1, 3], [1], 0.25, seed=0, grid_points=5)[:4]
    errors = tables[0]
    conflicting = int(errors["conflicting_duplicates"].iloc[0])
    assert conflicting in (2, 4)  # the pairs that fell in the training part
    row = k14_knn(*tables)[0]
    assert row.name == "train_error"  # not_applicable keeps the name
    assert row.verdict == "n/a"
    assert row.kind == "illustration"
    assert row.quantity.startswith(f"not applicable: {conflicting} training points")
    # On distinct points the same row is the check it always was.
    clean = errors.assign(conflicting_duplicates=0)
    assert k14_knn(clean, *tables[1:])[0].kind == "check"


E4_SPEC = {"generator": "moons", "n_samples": 120, "noise": 0.3, "seed": 1}


@pytest.fixture(scope="module")
def e4_tables():
    return knn_tables(make_dataset(E4_SPEC), [1, 3, 5], [1], 0.5, 0, 10, E4_SPEC, 6, 13)


def _sets(*pairs: tuple[float, float]) -> pd.DataFrame:
    """A ``replicates`` table: LOO(1-NN), LOO(3-NN) of one training set per pair."""
    return pd.DataFrame(
        [
            {"replicate": r, "seed": r, "k": k, "loo_error": e, "n_train": 60}
            for r, pair in enumerate(pairs)
            for k, e in zip((1, 3), pair, strict=True)
        ]
    )


def test_training_sets_are_the_runs_own_then_independent_draws() -> None:
    data = make_dataset(E4_SPEC)
    sets = training_sets(data, E4_SPEC, 4, 13)
    assert [s.replicate for s in sets] == [0, 1, 2, 3]
    assert sets[0].data is data
    assert sets[0].seed == 1
    seeds = [replicate_seed(13, r) for r in (1, 2, 3)]
    assert [s.seed for s in sets[1:]] == seeds
    assert len(set(seeds) | {1}) == 4
    for s in sets[1:]:
        again = make_dataset({**E4_SPEC, "seed": s.seed})
        np.testing.assert_array_equal(s.data.X, again.X)
        assert s.data.X.shape == data.X.shape
        assert not np.array_equal(s.data.X, data.X)
    # Another seed gives other training sets; the same gives the same.
    assert replicate_seed(14, 1) != replicate_seed(13, 1)
    assert replicate_seed(13, 1) == replicate_seed(13, 1)
    # Data no seeded generator makes stay alone; an entry that is not the
    # data's is refused.
    assert not can_redraw({"generator": "csv", "path": "x.csv"})
    assert not can_redraw({"generator": "breast_cancer"})
    assert can_redraw({"generator": "moons"})
    (alone,) = training_sets(data, {"generator": "csv", "path": "x.csv"}, 4, 13)
    assert alone.seed is None
    assert [s.replicate for s in training_sets(data, None, 4, 13)] == [0]
    with pytest.raises(ValueError, match="n_replicates >= 1"):
        training_sets(data, E4_SPEC, 0, 13)


def test_e4_replicates_are_the_loo_errors_of_each_training_set(e4_tables) -> None:
    errors, *_, replicates = e4_tables
    assert sorted(set(replicates["replicate"])) == list(range(6))
    own = replicates[replicates["replicate"] == 0].set_index("k")["loo_error"]
    loo = errors.set_index("k")["loo_error"]
    assert own[1] == loo[1]
    assert own[3] == loo[3]
    part = replicates[replicates["replicate"] == 4].set_index("k")
    data = make_dataset({**E4_SPEC, "seed": replicate_seed(13, 4)})
    train, _ = train_test_split(data.y, 0.5, 0)
    for k in (1, 3):
        assert part.loc[k, "loo_error"] == knn_loo(data.X[train], data.y[train], k)[0]
    assert (part["n_train"] == 60).all()


def test_e4_reads_the_t_interval_over_the_training_sets(e4_tables) -> None:
    errors, _, _, mistakes, replicates = e4_tables
    (row,) = e4_knn_loo(errors, mistakes, replicates)
    assert row.name == "loo_difference"
    wide = replicates.pivot(index="replicate", columns="k", values="loo_error")
    d = (wide[1] - wide[3]).to_numpy()
    low, high = stats.t.interval(0.95, d.size - 1, loc=d.mean(), scale=stats.sem(d))
    assert row.measured == pytest.approx(d.mean())
    assert (row.ci_low, row.ci_high) == pytest.approx((low, high))
    assert "mean over 6 training sets of 60 points" in row.quantity
    # The run's own paired comparison is a description, not the interval.
    assert "the run's own set, as a description: " in row.quantity
    assert "discordant" in row.quantity


@pytest.mark.can_fail("E4")
def test_e4_compares_the_loo_errors_of_1nn_and_3nn(e4_tables) -> None:
    errors, _, _, mistakes, _ = e4_tables
    # 3-NN clearly worse than 1-NN on every training set: a failure.
    (row,) = flips(
        "E4",
        "loo_difference",
        e4_knn_loo(errors, mistakes, _sets((0.10, 0.20), (0.12, 0.20), (0.09, 0.21))),
    )
    assert row.ci_high < 0
    # Sets that disagree leave it open; sets that agree decide it.
    mixed = _sets((0.20, 0.10), (0.10, 0.20), (0.15, 0.14))
    assert e4_knn_loo(errors, mistakes, mixed)[0].verdict == "not resolved"
    clear = _sets((0.20, 0.10), (0.22, 0.15), (0.19, 0.12))
    assert e4_knn_loo(errors, mistakes, clear)[0].verdict == "true"
    # However clear the run's own set is, it alone decides nothing: its LOO
    # outcomes share neighbours.
    lopsided = _wrong_first(mistakes, "loo", {1: 20, 3: 5})
    one = _sets((20 / 60, 5 / 60))
    (row,) = e4_knn_loo(errors, lopsided, one)
    assert row.verdict == "not resolved"
    assert row.unresolved == ONE_TRAINING_SET
    assert row.quantity.endswith(f"; not resolved, {ONE_TRAINING_SET}")
    assert row.measured == pytest.approx(15 / 60)
    assert row.quantity.startswith("LOO(1-NN) - LOO(3-NN) on the run's own training")


def test_a_csv_gives_one_training_set_and_no_verdict() -> None:
    data = make_dataset(E4_SPEC)
    tables = knn_tables(
        data, [1, 3], [1], 0.5, 0, 5, {"generator": "csv", "path": "mine.csv"}, 5, 0
    )
    replicates = tables[4]
    assert list(replicates["replicate"]) == [0, 0]
    assert replicates["seed"].isna().all()
    (row,) = e4_knn_loo(tables[0], tables[3], replicates)
    assert row.verdict == "not resolved"


def test_the_figure_draws_the_interval_e4_reads(e4_tables, tmp_path) -> None:
    errors, regions, points, mistakes, replicates = e4_tables
    (row,) = e4_knn_loo(errors, mistakes, replicates)
    fig = plotter("knn_k")(errors, regions, points, mistakes, replicates)
    (ax,) = [a for a in fig.axes if a.get_title().startswith("E4")]
    assert ax.get_title().startswith("E4 on 6 training sets:")
    (bar,) = ax.containers
    segment = bar.lines[2][0].get_segments()[0]
    assert segment[:, 1] == pytest.approx([row.ci_low, row.ci_high])
    save_figure(fig, tmp_path / "knn_k.png")
    assert (tmp_path / "knn_k.png").stat().st_size > 1000


def _k14_panel(fig):
    (kx,) = [a for a in fig.axes if a.get_title().startswith("K14")]
    (bars,) = kx.containers[0].lines[2]
    (points,) = [line for line in kx.get_lines() if line.get_marker() == "D"]
    return (
        list(points.get_ydata()),
        [(s[0][1], s[1][1]) for s in bars.get_segments()],
        [t.get_text() for t in kx.get_xticklabels()],
    )


def test_the_figure_marks_k_star_and_draws_k14_s_intervals(k14_tables) -> None:
    """The errors panel marks k*, the k of smallest leave-one-out error that
    K14 reads over- and underfitting against (where the table puts it, and
    following it), and a panel draws the two empirical rows of K14, each
    difference with the paired interval its verdict reads."""
    errors, regions, points, mistakes, replicates = k14_tables
    rows = k14_knn(errors, regions, points, mistakes)[2:]
    k_star = int(errors.loc[errors["loo_error"].idxmin(), "k"])
    fig = plotter("knn_k")(errors, regions, points, mistakes, replicates)
    (ex,) = [a for a in fig.axes if a.get_title().startswith("Errors against k")]
    marks = {line.get_label(): line for line in ex.get_lines()}
    measured, segments, ticks = _k14_panel(fig)
    plt.close(fig)
    line = marks[f"k* = {k_star}: smallest leave-one-out error"]
    assert list(line.get_xdata()) == [k_star, k_star]
    test_error = float(errors.set_index("k").loc[k_star, "test_error"])
    ring = marks[f"test error at k* ({test_error:.3f})"]
    assert (list(ring.get_xdata()), list(ring.get_ydata())) == (
        [k_star],
        [test_error],
    )
    assert measured == pytest.approx([r.measured for r in rows])
    assert segments == pytest.approx([(r.ci_low, r.ci_high) for r in rows])
    for tick, row, k in zip(ticks, rows, (1, int(errors["k"].max())), strict=True):
        assert tick.startswith(f"k = {k} ")
        assert tick.endswith(f"verdict: {row.verdict}")
    # k* moved to 15, 1-NN beating it by far: the mark and the bars follow.
    shaped = errors.assign(loo_error=[0.2, 0.1, 0.05, float("nan")])
    inverted = _wrong_first(mistakes, "test", {1: 2, 15: 30, 60: 40})
    rows = k14_knn(shaped, regions, points, inverted)[2:]
    fig = plotter("knn_k")(shaped, regions, points, inverted, replicates)
    (ex,) = [a for a in fig.axes if a.get_title().startswith("Errors against k")]
    labels = [line.get_label() for line in ex.get_lines()]
    measured, segments, ticks = _k14_panel(fig)
    plt.close(fig)
    assert "k* = 15: smallest leave-one-out error" in labels
    assert segments == pytest.approx([(r.ci_low, r.ci_high) for r in rows])
    assert segments[0][1] < 0
    assert ticks[0].endswith("verdict: false")


def test_the_figure_s_legends_lie_below_their_panels(k14_tables) -> None:
    fig = plotter("knn_k")(*k14_tables)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            legend = ax.get_legend()
            if legend is None:
                continue
            box = legend.get_window_extent(renderer)
            assert box.y1 <= ax.get_window_extent(renderer).y0
            assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
    finally:
        plt.close(fig)
