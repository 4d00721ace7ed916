"""The boosting_the_margin room (B5): AdaBoost with entropy trees and with
stumps on generated training points and an independent test set, the tables
against fresh fits, the claim rows on crafted tables, and the figure; and the
helpers of ``_shared.boosting`` it uses (``log_rounds``, ``staged_votes``)."""

from __future__ import annotations

from fnmatch import fnmatchcase

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import Dataset, make_dataset
from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.weak_learners import Stumps, Trees
from marginlab.experiments._shared.boosting import (
    fit_quietly,
    log_rounds,
    staged_votes,
)
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.boosting_the_margin.claims import b5_boosting_the_margin
from marginlab.experiments.boosting_the_margin.figures import (
    plot_boosting_the_margin,
)
from marginlab.experiments.boosting_the_margin.study import (
    NEVER,
    boosting_the_margin_tables,
)
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.intervals import rate_difference

from ..flips import flips
from .conftest import _round_trip_in_memory

#: Small settings: each fit takes a fraction of a second.
SETTINGS = dict(
    depth=2, n_rounds=60, margin_rounds=[5, 20, 60], theta=0.5, curve_points=15
)

#: Training and test points of two generators (another seed for the test).
PAIRS = {
    name: (
        {"generator": name, "n_samples": 150, "seed": seed},
        {"generator": name, "n_samples": 2000, "seed": seed + 1},
    )
    for name, seed in (("twonorm", 5), ("ringnorm", 7))
}

#: The rows' names on every dataset, for ``_named`` and ``flips``.
TEST_ERROR = "test_error/*"
FRACTION = "fraction/*"
MINIMUM = "minimum/*"


def _data(name: str) -> tuple[Dataset, Dataset]:
    train, test = PAIRS[name]
    return make_dataset(train), make_dataset(test)


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, ...]:
    """curve, margins, mistakes, summary of both pairs, stacked with their
    ``dataset`` column as the workflow stacks a sweep's runs."""
    runs = []
    for name in PAIRS:
        out = boosting_the_margin_tables(*_data(name), **SETTINGS)
        for table in out:
            table.insert(0, "dataset", name)
        runs.append(out)
    stacked = tuple(pd.concat(t, ignore_index=True) for t in zip(*runs, strict=True))
    return _round_trip_in_memory(stacked)


def _base(learner: str):
    if learner == "trees":
        return Trees(SETTINGS["depth"], criterion="entropy")
    return Stumps()


def _named(rows, pattern: str):
    """The rows whose name matches the shell-style ``pattern``."""
    found = [r for r in rows if fnmatchcase(r.name, pattern)]
    assert found, f"no row named {pattern!r}"
    return found


# --- _shared.boosting ----------------------------------------------------------


def test_log_rounds_keeps_the_last_round_and_the_rounds_asked() -> None:
    assert log_rounds(1000, 4, keep=[5, 100]).tolist() == [1, 5, 10, 100, 1000]
    grid = log_rounds(60, 15, keep=[7, 61, 1])
    assert grid[0] == 1
    assert grid[-1] == 60
    assert 7 in grid
    assert 61 not in grid
    assert np.all(np.diff(grid) > 0)
    assert log_rounds(1, 5).tolist() == [1]


def test_staged_votes_are_the_partial_sums_and_keep_the_final_vote() -> None:
    data, test = _data("twonorm")
    model = AdaBoost(weak_learner=Stumps(), n_rounds=12).fit(data.X, data.y)
    staged = model.staged_decision_function(test.X)
    rounds = [1, 4, 12]
    np.testing.assert_allclose(
        staged_votes(model, test.X, rounds), staged[[0, 3, 11]], rtol=0, atol=1e-12
    )
    # Past the rounds kept: the final vote.
    late = staged_votes(model, test.X, [12, 30])
    np.testing.assert_allclose(late[1], model.decision_function(test.X), atol=1e-12)
    with pytest.raises(ValueError, match="increasing"):
        staged_votes(model, test.X, [4, 4])
    with pytest.raises(ValueError, match="increasing"):
        staged_votes(model, test.X, [0, 3])


# --- the study -----------------------------------------------------------------


def test_the_tables_hold_what_they_say(tables) -> None:
    curve, margins, mistakes, summary = tables
    assert summary["learner"].tolist() == (["trees"] * 3 + ["stumps"] * 3) * 2
    assert summary["t"].tolist() == [5, 20, 60] * 4
    for (name, learner), s in summary.groupby(["dataset", "learner"], sort=False):
        c = curve[(curve["dataset"] == name) & (curve["learner"] == learner)]
        t0 = int(s["T0"].iloc[0])
        assert {5, 20, 60} <= set(c["t"])
        assert c["t"].max() == 60
        assert c["t"].is_monotonic_increasing
        at = c.set_index("t")
        np.testing.assert_allclose(at.loc[s["t"], "test_error"], s["test_error"])
        np.testing.assert_allclose(at.loc[s["t"], "train_error"], s["train_error"])
        if t0 != NEVER:
            assert at.loc[t0, "train_error"] == 0
            assert (at.loc[at.index < t0, "train_error"] > 0).all()
        u = margins[(margins["dataset"] == name) & (margins["learner"] == learner)]
        assert len(u) == 3 * int(s["n_train"].iloc[0])
        assert u["margin"].between(-1 - 1e-12, 1 + 1e-12).all()
        by_t = u.groupby("t")["margin"]
        np.testing.assert_allclose(by_t.min().to_numpy(), s["min_margin"])
        np.testing.assert_allclose(
            by_t.apply(lambda m: np.mean(m <= 0.5)).to_numpy(), s["fraction"]
        )
    # Mistakes: the trees only, at T0 and at the last round, one per test point.
    assert set(mistakes["learner"]) == {"trees"}
    for name, w in mistakes.groupby("dataset"):
        s = summary[(summary["dataset"] == name) & (summary["learner"] == "trees")]
        t0 = int(s["T0"].iloc[0])
        assert t0 != NEVER, "depth-2 trees should reach zero training error here"
        assert sorted(w["t"].unique()) == sorted({t0, 60})
        assert (w.groupby("t").size() == 2000).all()
        c = curve[(curve["dataset"] == name) & (curve["learner"] == "trees")]
        rates = w.groupby("t")["wrong"].mean()
        np.testing.assert_allclose(
            rates.to_numpy(), c.set_index("t").loc[rates.index, "test_error"]
        )


@pytest.mark.parametrize("learner", ["trees", "stumps"])
def test_the_tables_agree_with_fresh_fits(tables, learner) -> None:
    """At each margin round t, a fresh AdaBoost of t rounds gives the same
    training margins, test error, training error, fraction and minimum."""
    _, margins, _, summary = tables
    data, test = _data("twonorm")
    s = summary[(summary["dataset"] == "twonorm") & (summary["learner"] == learner)]
    for t, row in zip(s["t"], s.itertuples(index=False), strict=True):
        fresh = fit_quietly(
            AdaBoost(weak_learner=_base(learner), n_rounds=int(t)), data.X, data.y
        )
        own = margins[
            (margins["dataset"] == "twonorm")
            & (margins["learner"] == learner)
            & (margins["t"] == t)
        ].sort_values("point")
        expected = fresh.margins(data.X, data.y)
        np.testing.assert_allclose(own["margin"], expected, rtol=0, atol=1e-10)
        assert row.test_error == pytest.approx(np.mean(fresh.predict(test.X) != test.y))
        assert row.train_error == pytest.approx(
            np.mean(fresh.predict(data.X) != data.y)
        )
        assert row.fraction == pytest.approx(np.mean(expected <= 0.5))
        assert row.min_margin == pytest.approx(expected.min(), abs=1e-10)
    # T0 is the first round of zero training error of the full run.
    full = fit_quietly(
        AdaBoost(weak_learner=_base(learner), n_rounds=60), data.X, data.y
    )
    zero = full.history_.loc[full.history_["train_error"] == 0, "t"]
    assert int(s["T0"].iloc[0]) == (int(zero.iloc[0]) if len(zero) else NEVER)
    assert set(s["rounds"]) == {full.n_rounds_}


def test_a_run_that_stops_early_keeps_its_final_vote() -> None:
    """Two well-separated blobs: the first tree makes no training mistake
    (ε_1 = 0), the run stops, and its vote stands for every later round."""
    data = make_dataset(
        {"generator": "blobs", "n_samples": 60, "n_features": 2, "seed": 1}
    )
    curve, margins, mistakes, summary = boosting_the_margin_tables(
        data, data, **SETTINGS
    )
    trees = summary[summary["learner"] == "trees"]
    assert set(trees["stop_reason"]) == {"perfect"}
    assert set(trees["rounds"]) == {1}
    assert set(trees["T0"]) == {1}
    assert (trees["train_error"] == 0).all()
    assert (margins.loc[margins["learner"] == "trees", "margin"] == 1.0).all()
    assert sorted(mistakes["t"].unique()) == [1, 60]
    # The same vote at T0 and T: no difference, and no size resolves one.
    (row,) = _named(
        b5_boosting_the_margin(
            summary.assign(dataset="blobs"), mistakes.assign(dataset="blobs")
        ),
        "test_error/blobs",
    )
    assert row.measured == 0.0
    assert row.verdict == "not resolved"
    assert "no n resolves a difference of 0" in row.quantity


def test_margin_rounds_beyond_the_run_are_refused() -> None:
    with pytest.raises(ValueError, match="margin_rounds"):
        boosting_the_margin_tables(
            *_data("twonorm"), **(SETTINGS | {"margin_rounds": [5, 61]})
        )


# --- the claim rows ------------------------------------------------------------


def test_b5_rows_on_a_small_run(tables) -> None:
    curve, _, mistakes, summary = tables
    rows = place_rows("B5", b5_boosting_the_margin(summary, mistakes))
    assert [r.kind for r in rows] == (["empirical"] * 3 + ["illustration"] * 2) * 2
    assert {r.figure for r in rows} == {"boosting_the_margin"}
    assert [r.name for r in rows] == [
        "test_error/twonorm",
        "fraction/twonorm",
        "minimum/twonorm",
        "table/twonorm/trees",
        "table/twonorm/stumps",
        "test_error/ringnorm",
        "fraction/ringnorm",
        "minimum/ringnorm",
        "table/ringnorm/trees",
        "table/ringnorm/stumps",
    ]
    for name in PAIRS:
        s = summary[(summary["dataset"] == name) & (summary["learner"] == "trees")]
        (test,) = _named(rows, f"test_error/{name}")
        c = curve[(curve["dataset"] == name) & (curve["learner"] == "trees")]
        at = c.set_index("t")["test_error"]
        assert test.measured == pytest.approx(at[60] - at[int(s["T0"].iloc[0])])
        assert test.ci_low <= test.measured <= test.ci_high
        assert "on the same points" in test.quantity
        (fraction,) = _named(rows, f"fraction/{name}")
        assert fraction.measured == pytest.approx(np.diff(s["fraction"]).max())
        assert np.isnan(fraction.ci_low)
        (minimum,) = _named(rows, f"minimum/{name}")
        assert minimum.measured == pytest.approx(np.diff(s["min_margin"]).min())
        tables_ = _named(rows, f"table/{name}/*")
        assert [r.name for r in tables_] == [
            f"table/{name}/trees",
            f"table/{name}/stumps",
        ]
        assert [r.verdict for r in tables_] == ["n/a", "n/a"]
        assert "T = 5, 20, 60" in tables_[0].quantity
        assert tables_[1].title.endswith("stumps")


def _summary(
    fraction=(0.3, 0.1, 0.05),
    min_margin=(-0.2, 0.1, 0.2),
    T0=12,
    rounds=(5, 100, 1000),
    n_test=200,
) -> pd.DataFrame:
    """summary of one dataset: the trees as given, the stumps beside them."""
    return pd.DataFrame(
        [
            {
                "dataset": "toy",
                "learner": learner,
                "t": t,
                "test_error": 0.1,
                "train_error": 0.0,
                "fraction": f if learner == "trees" else 0.5,
                "min_margin": mm if learner == "trees" else 0.0,
                "theta": 0.5,
                "T0": T0 if learner == "trees" else NEVER,
                "rounds": rounds[-1],
                "stop_reason": "n_rounds",
                "n_rounds": rounds[-1],
                "depth": 4 if learner == "trees" else 1,
                "n_train": 100,
                "n_test": n_test,
            }
            for learner in ("trees", "stumps")
            for t, f, mm in zip(rounds, fraction, min_margin, strict=True)
        ]
    )


def _mistakes(
    at_t0: int, at_T: int, T0: int = 12, T: int = 1000, n: int = 200, disjoint=False
) -> pd.DataFrame:
    """The trees' test mistakes at T0 and T: the first ``at_t0`` and the
    first ``at_T`` points (nested, as overlapping as they can be) or, with
    ``disjoint``, blocks that share no point."""
    start = at_t0 if disjoint else 0
    return pd.DataFrame(
        [
            {
                "dataset": "toy",
                "learner": "trees",
                "t": t,
                "point": i,
                "wrong": int(lo <= i < lo + k),
            }
            for t, lo, k in ((T0, 0, at_t0), (T, start, at_T))
            for i in range(n)
        ]
    )


def _row(pattern: str, summary: pd.DataFrame, mistakes: pd.DataFrame):
    (row,) = _named(b5_boosting_the_margin(summary, mistakes), pattern)
    return row


def test_b5_rows_hold_when_everything_moves_as_stated() -> None:
    rows = b5_boosting_the_margin(_summary(), _mistakes(40, 20))
    assert [r.verdict for r in rows] == ["true"] * 3 + ["n/a"] * 2
    # A fraction that stays put does not rise: it holds (<= 0).
    flat = _summary(fraction=(0.2, 0.2, 0.1))
    assert _row(FRACTION, flat, _mistakes(40, 20)).verdict == "true"


@pytest.mark.can_fail("B5")
def test_b5_test_error_row_reads_the_paired_interval() -> None:
    summary = _summary()
    # 10 fewer of 200 test points, all among those T0 got wrong: resolved ...
    row = _row(TEST_ERROR, summary, _mistakes(40, 30))
    assert row.measured == pytest.approx(-0.05)
    assert row.verdict == "true"
    # ... where two independent samples of 200 would not be
    unpaired = rate_difference(0.15, 200, 0.2)
    assert unpaired.low < 0 < unpaired.high
    # ... and neither are the same rates on points that never overlap.
    apart = _row(TEST_ERROR, summary, _mistakes(40, 30, disjoint=True))
    assert apart.verdict == "not resolved"
    # 2 fewer: not resolved, and the quantity says which n would resolve it:
    # d = 2/200 discordant, delta = -0.01, n > 1.96² · 0.01 / 0.01² = 384.16.
    row = _row(TEST_ERROR, summary, _mistakes(40, 38))
    assert row.verdict == "not resolved"
    assert "n > 1.96^2 d / delta^2 = 385 test points" in row.quantity
    # 20 more at T than at T0: the test error rose, the row does not hold.
    (row,) = flips("B5", TEST_ERROR, b5_boosting_the_margin(summary, _mistakes(20, 40)))
    assert row.measured == pytest.approx(0.1)
    assert row.ci_low > 0


@pytest.mark.can_fail("B5")
def test_b5_test_error_row_fails_without_zero_training_error() -> None:
    summary = _summary(T0=NEVER)
    mistakes = _mistakes(20, 20).query("t == 1000")
    (row,) = flips("B5", TEST_ERROR, b5_boosting_the_margin(summary, mistakes))
    assert np.isnan(row.measured)
    assert "there is no T0" in row.quantity
    assert "(T0 = never)" in _row("table/toy/trees", summary, mistakes).quantity


@pytest.mark.can_fail("B5")
def test_b5_margin_rows_follow_the_numbers() -> None:
    mistakes = _mistakes(40, 20)
    # The fraction rises from the second margin round to the third.
    rising = _summary(fraction=(0.3, 0.1, 0.15))
    (row,) = flips("B5", FRACTION, b5_boosting_the_margin(rising, mistakes))
    assert row.measured == pytest.approx(0.05)
    assert "from T = 5 to 100 and from 100 to 1000" in row.quantity
    # The minimum margin falls from the first to the second.
    falling = _summary(min_margin=(0.1, 0.05, 0.2))
    (row,) = flips("B5", MINIMUM, b5_boosting_the_margin(falling, mistakes))
    assert row.measured == pytest.approx(-0.05)
    # ... or stays put: it must rise (> 0).
    flat = _summary(min_margin=(0.1, 0.1, 0.2))
    (row,) = flips("B5", MINIMUM, b5_boosting_the_margin(flat, mistakes))
    assert row.measured == 0.0


def test_b5_reads_its_rounds_from_the_tables() -> None:
    summary = _summary(rounds=(5, 20, 100))
    mistakes = _mistakes(40, 20, T=100)
    fraction = _row(FRACTION, summary, mistakes)
    assert "from T = 5 to 20 and from 20 to 100" in fraction.quantity
    test = _row(TEST_ERROR, summary, mistakes)
    assert "test error at T = 100 - at T0 = 12" in test.quantity


def test_b5_needs_the_mistakes_of_both_rounds() -> None:
    with pytest.raises(ValueError, match="no test mistakes"):
        b5_boosting_the_margin(_summary(), _mistakes(40, 20).query("t == 1000"))


# --- the figure ----------------------------------------------------------------


def test_the_figure_draws(tables, tmp_path) -> None:
    curve, margins, _, summary = tables
    fig = plot_boosting_the_margin(curve, margins, summary)
    assert len(fig.axes) == 4
    titles = [ax.get_title() for ax in fig.axes]
    # one column per dataset: errors in the first row, margins in the second
    assert titles[0] == "twonorm: error against rounds"
    assert titles[len(titles) // 2] == "twonorm: training margins, depth-2 trees"
    save_figure(fig, tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
    plt.close("all")
