"""The boosting_the_margin room (B5): AdaBoost (AdaBoost.M1 on K > 2 classes)
over the C4.5-style trees, with stumps beside them on two classes, on
generated training points against an independent test set and on data the
study cuts in halves; the tables against fresh fits, the claim rows on
crafted tables (each row can come out false, none is decided by
construction), and the figure; and ``log_rounds`` of ``_shared.boosting``,
which sets the study's grid of rounds."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import Dataset, make_dataset
from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.c45 import C45Trees
from marginlab.estimators.boosting.weak_learners import Stumps
from marginlab.estimators.model_selection import train_test_split
from marginlab.experiments._shared.boosting import fit_quietly, log_rounds
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.boosting_the_margin import EXPERIMENT
from marginlab.experiments.boosting_the_margin.claims import (
    PAPER_LETTER,
    b5_boosting_the_margin,
)
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

#: Small settings: the whole study of the four datasets takes a few seconds.
SETTINGS = dict(
    n_rounds=60,
    margin_rounds=[5, 20, 60],
    theta=0.5,
    quantiles=[0.01, 0.05, 0.1],
    evidence_test_points=1000,
    curve_points=15,
)

#: The tables, in the order the study returns them.
TABLES = ("curve", "margins", "mistakes", "summary", "tail")

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
LATE = "late_test_error/*"
MINIMUM = "minimum/*"
TAIL = "tail/*"


def _three_classes(n: int, seed: int) -> Dataset:
    """A 3-class problem on twonorm's points: the class is the third of the
    plane of the first two features (by angle) in which the point lies."""
    points = make_dataset({"generator": "twonorm", "n_samples": n, "seed": seed})
    angle = np.arctan2(points.X[:, 1], points.X[:, 0])
    y = np.floor((angle + np.pi) / (2 * np.pi / 3)).clip(0, 2)
    return Dataset(points.X, y, points.feature_names, classes=("a", "b", "c"))


def _data(name: str) -> tuple[Dataset, Dataset]:
    """The training and test points of a run: a generated pair, the 3-class
    pair, or digits' halves as the study cuts them (split seed 0)."""
    if name == "three":
        return _three_classes(150, 9), _three_classes(2000, 10)
    if name == "digits":
        data = make_dataset({"generator": "digits"})
        train, test = train_test_split(data.y, 0.5, 0)
        classes = data.classes
        return (
            Dataset(data.X[train], data.y[train], data.feature_names, classes=classes),
            Dataset(data.X[test], data.y[test], data.feature_names, classes=classes),
        )
    train, test = PAIRS[name]
    return make_dataset(train), make_dataset(test)


#: The runs of the fixture: two-class pairs, a 3-class pair, digits' halves.
NAMES = ("twonorm", "ringnorm", "three", "digits")


@pytest.fixture(scope="module")
def tables() -> dict[str, pd.DataFrame]:
    """The five tables of the four runs, stacked with their ``dataset`` column
    as the workflow stacks a sweep's runs, through CSV."""
    runs = []
    for name in NAMES:
        if name == "digits":  # halved by the study
            out = boosting_the_margin_tables(
                make_dataset({"generator": "digits"}), **SETTINGS
            )
        else:
            out = boosting_the_margin_tables(*_data(name), **SETTINGS)
        for table in out:
            table.insert(0, "dataset", name)
        runs.append(out)
    stacked = tuple(pd.concat(t, ignore_index=True) for t in zip(*runs, strict=True))
    return dict(zip(TABLES, _round_trip_in_memory(stacked), strict=True))


def _base(learner: str):
    return C45Trees() if learner == "trees" else Stumps()


def _part(tables, table: str, name: str, learner: str) -> pd.DataFrame:
    t = tables[table]
    return t[(t["dataset"] == name) & (t["learner"] == learner)]


def _b5(t: dict[str, pd.DataFrame]):
    return b5_boosting_the_margin(t["summary"], t["mistakes"], t["tail"])


def _named(rows, pattern: str):
    """The rows whose name matches the shell-style ``pattern``."""
    found = [r for r in rows if fnmatchcase(r.name, pattern)]
    assert found, f"no row named {pattern!r}"
    return found


def _multiclass_margins(model: AdaBoost, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(F_y − max_{k≠y} F_k)/Σ|α| from the votes, by hand (labels 0 … K − 1)."""
    F = model.decision_function(X)
    rows = np.arange(F.shape[0])
    own = F[rows, y.astype(int)]
    others = np.where(np.arange(F.shape[1]) == y[:, None], -np.inf, F).max(axis=1)
    return (own - others) / np.abs(model.alphas_).sum()


#: Words of a result: a figure's titles describe what is drawn, never what
#: it shows.
_RESULT = re.compile(
    r"\b(keeps?|falls?|falling|rises?|rising|grows?|growing|moves?|shifts?|"
    r"improves?|larger|higher|lower|better|worse|outperforms?|overtakes?|"
    r"beats?|still|explains?)\b",
    re.IGNORECASE,
)


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


# --- the study -----------------------------------------------------------------


def test_the_tables_hold_what_they_say(tables) -> None:
    summary, mistakes = tables["summary"], tables["mistakes"]
    # Stumps beside the trees on two classes only.
    learners = summary.groupby("dataset", sort=False)["learner"].apply(list)
    assert learners.to_dict() == {
        "twonorm": ["trees"] * 3 + ["stumps"] * 3,
        "ringnorm": ["trees"] * 3 + ["stumps"] * 3,
        "three": ["trees"] * 3,
        "digits": ["trees"] * 3,
    }
    first = summary.groupby("dataset", sort=False).first()
    assert first["n_classes"].to_dict() == {
        "twonorm": 2,
        "ringnorm": 2,
        "three": 3,
        "digits": 10,
    }
    assert first["test_set"].tolist() == ["draw", "draw", "draw", "half"]
    assert first["n_train"].tolist() == [150, 150, 150, 899]
    assert first["n_test"].tolist() == [2000, 2000, 2000, 898]
    assert set(summary["evidence_test_points"]) == {1000}
    assert set(summary["n_rounds"]) == {60}
    for (name, learner), s in summary.groupby(["dataset", "learner"], sort=False):
        assert s["t"].tolist() == [5, 20, 60]
        for column in ("T0", "rounds", "stop_reason", "n_train", "n_test"):
            assert s[column].nunique() == 1, (name, learner, column)
        t0 = int(s["T0"].iloc[0])
        c = _part(tables, "curve", name, learner)
        assert {5, 20, 60} <= set(c["t"])
        assert c["t"].max() == 60
        assert c["t"].is_monotonic_increasing
        at = c.set_index("t")
        np.testing.assert_allclose(at.loc[s["t"], "test_error"], s["test_error"])
        np.testing.assert_allclose(at.loc[s["t"], "train_error"], s["train_error"])
        if t0 != NEVER:
            assert at.loc[t0, "train_error"] == 0
            assert (at.loc[at.index < t0, "train_error"] > 0).all()
        u = _part(tables, "margins", name, learner)
        assert len(u) == 3 * int(s["n_train"].iloc[0])
        assert u["margin"].between(-1 - 1e-12, 1 + 1e-12).all()
        by_t = u.groupby("t")["margin"]
        np.testing.assert_allclose(by_t.min().to_numpy(), s["min_margin"])
        np.testing.assert_allclose(
            by_t.apply(lambda m: np.mean(m <= 0.5)).to_numpy(), s["fraction"]
        )
        # The tail: numpy's quantiles of the same margins.
        q = _part(tables, "tail", name, learner)
        for t, part in q.groupby("t"):
            values = u.loc[u["t"] == t, "margin"].to_numpy()
            np.testing.assert_allclose(
                part["value"], np.quantile(values, part["q"].to_numpy()), atol=1e-12
            )
        assert sorted(q["q"].unique()) == SETTINGS["quantiles"]
        if learner == "stumps":
            assert set(s["mean_leaves"]) == {2.0}
    # Mistakes: the trees only, at T0, the second-to-last margin round and T,
    # one per test point, their rates the curve's test errors.
    assert set(mistakes["learner"]) == {"trees"}
    assert list(dict.fromkeys(mistakes["dataset"])) == list(NAMES)
    for name, w in mistakes.groupby("dataset", sort=False):
        s = _part(tables, "summary", name, "trees")
        t0 = int(s["T0"].iloc[0])
        assert t0 != NEVER, f"the trees should reach zero training error on {name}"
        assert sorted(w["t"].unique()) == sorted({t0, 20, 60})
        assert (w.groupby("t").size() == int(s["n_test"].iloc[0])).all()
        c = _part(tables, "curve", name, "trees").set_index("t")
        rates = w.groupby("t")["wrong"].mean()
        np.testing.assert_allclose(rates.to_numpy(), c.loc[rates.index, "test_error"])
    assert set(tables["tail"]["learner"]) == {"trees", "stumps"}


@pytest.mark.parametrize(
    ("name", "learner"),
    [("twonorm", "trees"), ("twonorm", "stumps"), ("three", "trees")],
)
def test_the_tables_agree_with_fresh_fits(tables, name, learner) -> None:
    """At each margin round t, a fresh AdaBoost of t rounds gives the same
    training margins (the multiclass ones on three classes, also by hand from
    the votes), test and training error, fraction, minimum and quantiles; the
    curve is the full run's vote round by round; T0 its first round of zero
    training error."""
    data, test = _data(name)
    s = _part(tables, "summary", name, learner)
    margins = _part(tables, "margins", name, learner)
    tail = _part(tables, "tail", name, learner)
    for row in s.itertuples(index=False):
        t = int(row.t)
        fresh = fit_quietly(
            AdaBoost(weak_learner=_base(learner), n_rounds=t), data.X, data.y
        )
        own = margins[margins["t"] == t].sort_values("point")["margin"].to_numpy()
        expected = fresh.margins(data.X, data.y)
        np.testing.assert_allclose(own, expected, rtol=0, atol=1e-10)
        if name == "three":
            np.testing.assert_allclose(
                own, _multiclass_margins(fresh, data.X, data.y), rtol=0, atol=1e-10
            )
        assert row.test_error == pytest.approx(np.mean(fresh.predict(test.X) != test.y))
        assert row.train_error == pytest.approx(
            np.mean(fresh.predict(data.X) != data.y)
        )
        assert row.fraction == pytest.approx(np.mean(expected <= 0.5))
        assert row.min_margin == pytest.approx(expected.min(), abs=1e-10)
        q = tail[tail["t"] == t].sort_values("q")
        np.testing.assert_allclose(
            q["value"], np.quantile(expected, q["q"].to_numpy()), atol=1e-10
        )
    full = fit_quietly(
        AdaBoost(weak_learner=_base(learner), n_rounds=60), data.X, data.y
    )
    zero = full.history_.loc[full.history_["train_error"] == 0, "t"]
    assert int(s["T0"].iloc[0]) == (int(zero.iloc[0]) if len(zero) else NEVER)
    assert set(s["rounds"]) == {full.n_rounds_}
    assert set(s["stop_reason"]) == {str(full.stop_reason_)}
    if learner == "trees":
        leaves = full.history_["n_leaves"].to_numpy(float)
        np.testing.assert_allclose(
            s["mean_leaves"], [leaves[:t].mean() for t in s["t"]]
        )
    # The whole curve: the full run's vote after each round of the grid (its
    # final vote past the rounds it kept).
    c = _part(tables, "curve", name, learner)
    for X, y, column in (
        (data.X, data.y, "train_error"),
        (test.X, test.y, "test_error"),
    ):
        staged = full.staged_decision_function(X)
        kept = staged[np.minimum(c["t"].to_numpy(), full.n_rounds_) - 1]
        if kept.ndim == 3:  # K classes: argmax of the votes
            predicted = full.classes_[kept.argmax(axis=2)]
        else:
            predicted = full.classes_[(kept >= 0).astype(int)]
        np.testing.assert_allclose(
            c[column], np.mean(predicted != y, axis=1), rtol=0, atol=1e-12
        )


@pytest.mark.parametrize("name", ["twonorm", "three"])
def test_the_mistakes_are_those_of_fresh_fits(tables, name) -> None:
    """Which test points the trees' vote gets wrong at T0, at the
    second-to-last margin round and at T: those a fresh fit of that many
    rounds gets wrong."""
    data, test = _data(name)
    w = _part(tables, "mistakes", name, "trees")
    for t, part in w.groupby("t"):
        fresh = fit_quietly(
            AdaBoost(weak_learner=C45Trees(), n_rounds=int(t)), data.X, data.y
        )
        np.testing.assert_array_equal(
            part.sort_values("point")["wrong"].to_numpy(bool),
            fresh.predict(test.X) != test.y,
        )


def test_digits_are_cut_into_the_seeded_stratified_halves(tables) -> None:
    """digits (``test`` None): the study trains on the stratified half of
    split seed 0 and tests on the other; its 10-class margins and test error at
    T = 20 are a fresh fit's on those halves."""
    train, test = _data("digits")
    fresh = fit_quietly(
        AdaBoost(weak_learner=C45Trees(), n_rounds=20), train.X, train.y
    )
    own = _part(tables, "margins", "digits", "trees")
    own = own[own["t"] == 20].sort_values("point")["margin"].to_numpy()
    np.testing.assert_allclose(own, fresh.margins(train.X, train.y), atol=1e-10)
    np.testing.assert_allclose(
        own, _multiclass_margins(fresh, train.X, train.y), atol=1e-10
    )
    s = _part(tables, "summary", "digits", "trees").set_index("t")
    assert s.loc[20, "test_error"] == pytest.approx(
        np.mean(fresh.predict(test.X) != test.y)
    )
    # Stratified: each digit's points split as evenly as they can be.
    counts = np.bincount(train.y.astype(int)) - np.bincount(test.y.astype(int))
    assert np.abs(counts).max() <= 1
    assert train.classes == tuple("0123456789")


def test_a_run_that_stops_early_keeps_its_final_vote() -> None:
    """Two well-separated blobs: the trees make no training mistake from T0 = 3
    on, a later tree is perfect (ε = 0) and the run stops; its vote stands for
    every later round, so nothing changes from 20 to 60."""
    data = make_dataset(
        {"generator": "blobs", "n_samples": 60, "n_features": 2, "seed": 1}
    )
    out = boosting_the_margin_tables(
        data, data, **(SETTINGS | {"evidence_test_points": 50})
    )
    t = dict(zip(TABLES, out, strict=True))
    for table in t.values():
        table.insert(0, "dataset", "blobs")
    trees = t["summary"][t["summary"]["learner"] == "trees"]
    assert set(trees["stop_reason"]) == {"perfect"}
    assert int(trees["rounds"].iloc[0]) < 5
    assert (trees["train_error"] == 0).all()
    m = t["margins"][t["margins"]["learner"] == "trees"]
    by_t = {
        k: part.sort_values("point")["margin"].to_numpy() for k, part in m.groupby("t")
    }
    np.testing.assert_array_equal(by_t[5], by_t[60])
    np.testing.assert_array_equal(by_t[20], by_t[60])
    # The same vote at 20 and 60: no difference, and no size resolves one.
    (late,) = _named(_b5(t), "late_test_error/blobs")
    assert late.kind == "empirical"  # 60 test points >= 50
    assert late.measured == 0.0
    assert late.verdict == "not resolved"
    assert "no n resolves a difference of 0" in late.quantity
    # ... and the minimum margin did not change: that row does not hold.
    (minimum,) = _named(_b5(t), "minimum/blobs")
    assert minimum.measured == 0.0
    assert minimum.verdict == "false"


def test_the_last_margin_round_may_come_before_the_last_round() -> None:
    """Margins at 5, 20 and 40 of 60 rounds: the mistakes are kept at 40 as
    well, the row between the last two margin rounds reads 20 → 40 and the
    row after T0 reads T0 → 60."""
    out = boosting_the_margin_tables(
        *_data("ringnorm"), **(SETTINGS | {"margin_rounds": [5, 20, 40]})
    )
    t = dict(zip(TABLES, out, strict=True))
    for table in t.values():
        table.insert(0, "dataset", "ringnorm")
    t0 = int(t["summary"]["T0"].iloc[0])
    assert sorted(t["mistakes"]["t"].unique()) == sorted({t0, 20, 40, 60})
    curve = t["curve"][t["curve"]["learner"] == "trees"].set_index("t")["test_error"]
    rows = _b5(t)
    (late,) = _named(rows, "late_test_error/ringnorm")
    assert "test error at T = 40 - at T = 20" in late.quantity
    assert late.measured == pytest.approx(curve[40] - curve[20])
    (after,) = _named(rows, "test_error/ringnorm")
    assert f"test error at T = 60 - at T0 = {t0}" in after.quantity
    assert after.measured == pytest.approx(curve[60] - curve[t0])


def test_margin_rounds_beyond_the_run_are_refused() -> None:
    for rounds in ([5, 61], [60], [0, 5]):
        with pytest.raises(ValueError, match="margin_rounds"):
            boosting_the_margin_tables(
                *_data("ringnorm"), **(SETTINGS | {"margin_rounds": rounds})
            )


# --- the claim rows on the small run -------------------------------------------


def test_b5_rows_on_a_small_run(tables) -> None:
    rows = place_rows("B5", _b5(tables))
    assert {r.figure for r in rows} == {"boosting_the_margin"}
    expected = []
    for name in NAMES:
        expected += [
            f"test_error/{name}",
            f"late_test_error/{name}",
            f"minimum/{name}",
            f"tail/{name}",
            f"table/{name}/trees",
        ]
        if name in PAIRS:
            expected.append(f"table/{name}/stumps")
    assert [r.name for r in rows] == expected
    for name in NAMES:
        s = _part(tables, "summary", name, "trees").set_index("t")
        c = _part(tables, "curve", name, "trees").set_index("t")["test_error"]
        t0 = int(s["T0"].iloc[0])
        (after,) = _named(rows, f"test_error/{name}")
        assert after.kind == "empirical"
        assert after.measured == pytest.approx(c[60] - c[t0])
        assert after.ci_low <= after.measured <= after.ci_high
        assert "on the same points" in after.quantity
        (late,) = _named(rows, f"late_test_error/{name}")
        assert late.measured == pytest.approx(c[60] - c[20])
        if name == "digits":  # 898 test points, below the 1000 registered
            assert late.kind == "illustration"
            assert late.verdict == "n/a"
            assert np.isnan(late.ci_low)
            assert "an illustration" in late.quantity
            assert "resolve" in late.quantity
        else:  # 2000 test points
            assert late.kind == "empirical"
            assert late.ci_low <= late.measured <= late.ci_high
        (minimum,) = _named(rows, f"minimum/{name}")
        assert minimum.measured == pytest.approx(
            s.loc[60, "min_margin"] - s.loc[20, "min_margin"]
        )
        assert np.isnan(minimum.ci_low)  # exact on the training points
        (tail,) = _named(rows, f"tail/{name}")
        q = _part(tables, "tail", name, "trees")
        change = (
            q[q["t"] == 60].sort_values("q")["value"].to_numpy()
            - q[q["t"] == 20].sort_values("q")["value"].to_numpy()
        )
        assert tail.measured == pytest.approx(change.min())
        for row in (after, minimum, tail):
            assert row.verdict in ("true", "false", "not resolved")
        tables_ = _named(rows, f"table/{name}/*")
        assert {r.verdict for r in tables_} == {"n/a"}
        assert "T = 5, 20, 60" in tables_[0].quantity
        assert "Schapire et al. 1998" not in tables_[0].quantity  # not letter
    (digits,) = _named(rows, "test_error/digits")
    assert "10 classes" in digits.dataset
    assert "the other, stratified half" in digits.dataset


# --- the claim rows on crafted tables ------------------------------------------


def _summary(
    min_margin=(-0.2, 0.1, 0.2),
    T0=12,
    rounds=(5, 100, 1000),
    n_test=400,
    evidence=300,
    n_classes=2,
    n_train=100,
) -> pd.DataFrame:
    """summary of one dataset, ``toy``: the trees as given, stumps beside them
    (on two classes)."""
    learners = ("trees", "stumps") if n_classes == 2 else ("trees",)
    return pd.DataFrame(
        [
            {
                "dataset": "toy",
                "learner": learner,
                "t": t,
                "test_error": 0.1,
                "train_error": 0.0,
                "fraction": 0.0,
                "min_margin": mm if learner == "trees" else 0.0,
                "theta": 0.5,
                "T0": T0 if learner == "trees" else NEVER,
                "rounds": rounds[-1],
                "stop_reason": "n_rounds",
                "n_rounds": rounds[-1],
                "n_classes": n_classes,
                "n_train": n_train,
                "n_test": n_test,
                "mean_leaves": 12.0 if learner == "trees" else 2.0,
                "evidence_test_points": evidence,
                "test_set": "draw",
            }
            for learner in learners
            for t, mm in zip(rounds, min_margin, strict=True)
        ]
    )


def _mistakes(wrong: dict[int, int], n: int = 400) -> pd.DataFrame:
    """The trees' test mistakes: at round t, the first ``wrong[t]`` of the
    ``n`` points (nested, as overlapping as they can be)."""
    return pd.DataFrame(
        [
            {
                "dataset": "toy",
                "learner": "trees",
                "t": t,
                "point": i,
                "wrong": int(i < k),
            }
            for t, k in wrong.items()
            for i in range(n)
        ]
    )


#: Default quantiles of the trees' training margins at 5, 100 and 1000 rounds.
QUANTILES = {5: (-0.3, -0.2, -0.1), 100: (0.1, 0.2, 0.3), 1000: (0.15, 0.25, 0.35)}


def _tail(values: dict[int, tuple[float, ...]] = QUANTILES) -> pd.DataFrame:
    """tail of the trees: the 1, 5 and 10 % quantiles at each round."""
    return pd.DataFrame(
        [
            {"dataset": "toy", "learner": "trees", "t": t, "q": q, "value": v}
            for t, vs in values.items()
            for q, v in zip((0.01, 0.05, 0.1), vs, strict=True)
        ]
    )


#: Falling mistakes: 40 at T0 = 12, 30 at 100, 20 at 1000.
FALLING = {12: 40, 100: 30, 1000: 20}


def _crafted(summary=None, mistakes=None, tail=None) -> dict[str, pd.DataFrame]:
    return {
        "summary": _summary() if summary is None else summary,
        "mistakes": _mistakes(FALLING) if mistakes is None else mistakes,
        "tail": _tail() if tail is None else tail,
    }


def _row(pattern: str, **tables):
    (row,) = _named(_b5(_crafted(**tables)), pattern)
    return row


def test_b5_rows_hold_when_everything_moves_as_stated() -> None:
    rows = place_rows("B5", _b5(_crafted()))
    assert [r.name for r in rows] == [
        "test_error/toy",
        "late_test_error/toy",
        "minimum/toy",
        "tail/toy",
        "table/toy/trees",
        "table/toy/stumps",
    ]
    assert [r.kind for r in rows] == ["empirical"] * 4 + ["illustration"] * 2
    assert [r.verdict for r in rows] == ["true"] * 4 + ["n/a"] * 2
    assert rows[0].measured == pytest.approx(20 / 400 - 40 / 400)
    assert rows[1].measured == pytest.approx(20 / 400 - 30 / 400)
    assert rows[2].measured == pytest.approx(0.2 - 0.1)
    assert rows[3].measured == pytest.approx(0.05)


@pytest.mark.can_fail("B5")
def test_b5_test_error_rows_read_the_paired_interval() -> None:
    # 10 fewer of 400 test points from T0 to T, all among those T0 got wrong:
    # resolved ...
    row = _row(TEST_ERROR, mistakes=_mistakes({12: 40, 100: 35, 1000: 30}))
    assert row.measured == pytest.approx(-0.025)
    assert row.verdict == "true"
    # ... where two independent samples of 400 would not be.
    unpaired = rate_difference(30 / 400, 400, 40 / 400)
    assert unpaired.low < 0 < unpaired.high
    # 2 fewer from 100 to 1000: not resolved, and the quantity says which n
    # would resolve it: d = 2/400 discordant, delta = -0.005,
    # n > 1.96² · 0.005 / 0.005² = 768.32.
    row = _row(LATE, mistakes=_mistakes({12: 40, 100: 32, 1000: 30}))
    assert row.kind == "empirical"
    assert row.verdict == "not resolved"
    assert "n > 1.96^2 d / delta^2 = 769 test points" in row.quantity
    # More mistakes at T than at T0 and than at 100: both rows fail.
    rows = _b5(_crafted(mistakes=_mistakes({12: 20, 100: 30, 1000: 40})))
    (after,) = flips("B5", TEST_ERROR, rows)
    assert after.measured == pytest.approx(0.05)
    assert after.ci_low > 0
    (late,) = flips("B5", LATE, rows)
    assert late.measured == pytest.approx(0.025)


@pytest.mark.can_fail("B5")
def test_b5_test_error_row_fails_without_zero_training_error() -> None:
    summary = _summary(T0=NEVER)
    mistakes = _mistakes({100: 30, 1000: 20})
    rows = _b5(_crafted(summary=summary, mistakes=mistakes))
    (row,) = flips("B5", TEST_ERROR, rows)
    assert np.isnan(row.measured)
    assert "there is no T0" in row.quantity
    (table,) = _named(rows, "table/toy/trees")
    assert "T0 = never" in table.quantity
    # The row between the last two margin rounds does not need T0.
    (late,) = _named(rows, "late_test_error/toy")
    assert late.verdict == "true"


@pytest.mark.can_fail("B5")
def test_b5_late_row_is_evidence_only_on_the_registered_test_size() -> None:
    """The same mistakes on 400 test points: evidence when 400 reaches
    ``evidence_test_points`` (and it can then fail), an illustration with no
    verdict, whatever the mistakes, below it."""
    rising = _mistakes({12: 20, 100: 30, 1000: 40})
    for evidence in (300, 400):
        summary = _summary(evidence=evidence)
        row = _row(LATE, summary=summary)
        assert (row.kind, row.verdict) == ("empirical", "true")
        flips("B5", LATE, _b5(_crafted(summary=summary, mistakes=rising)))
    for mistakes in (_mistakes(FALLING), rising):
        row = _row(LATE, summary=_summary(evidence=401), mistakes=mistakes)
        assert row.kind == "illustration"
        assert row.relation == "n/a"
        assert row.verdict == "n/a"
        assert np.isnan(row.ci_low)
        assert np.isnan(row.ci_high)
        assert "an illustration: the test set is smaller" in row.quantity
        # d = 10/400 discordant, delta = ±0.025: n > 1.96² · 0.025 / 0.025²
        assert "n > 1.96^2 d / delta^2 = 154 test points" in row.quantity
    # Below the registered size the after-T0 row stays evidence.
    row = _row(TEST_ERROR, summary=_summary(evidence=401), mistakes=rising)
    assert (row.kind, row.verdict) == ("empirical", "false")


@pytest.mark.can_fail("B5")
def test_b5_minimum_row_reads_the_last_two_margin_rounds_only() -> None:
    # The minimum margin falls from 100 to 1000, or stays put: the row fails.
    (row,) = flips(
        "B5", MINIMUM, _b5(_crafted(summary=_summary(min_margin=(0.1, 0.2, 0.15))))
    )
    assert row.measured == pytest.approx(-0.05)
    (row,) = flips(
        "B5", MINIMUM, _b5(_crafted(summary=_summary(min_margin=(0.1, 0.2, 0.2))))
    )
    assert row.measured == 0.0
    # The first margin round is not read: from 5 to 100 the minimum rises by
    # construction wherever T0 > 5 (negative at 5, positive at 100), and a
    # fall there does not fail the row either.
    for first in (-0.9, 0.1, 0.9):
        row = _row(MINIMUM, summary=_summary(min_margin=(first, 0.1, 0.2)))
        assert (row.measured, row.verdict) == (pytest.approx(0.1), "true")
        assert "at T = 1000 - at T = 100" in row.quantity


@pytest.mark.can_fail("B5")
def test_b5_tail_row_needs_every_quantile_to_rise() -> None:
    # The 5 % quantile stays put from 100 to 1000 (the others rise): fails.
    flat = QUANTILES | {1000: (0.15, 0.2, 0.35)}
    (row,) = flips("B5", TAIL, _b5(_crafted(tail=_tail(flat))))
    assert row.measured == 0.0
    # The 1 % quantile falls: fails, reading the fall.
    falling = QUANTILES | {1000: (0.05, 0.25, 0.35)}
    (row,) = flips("B5", TAIL, _b5(_crafted(tail=_tail(falling))))
    assert row.measured == pytest.approx(-0.05)
    # The first margin round is not read.
    for first in ((-0.9, -0.8, -0.7), (0.5, 0.6, 0.7)):
        row = _row(TAIL, tail=_tail(QUANTILES | {5: first}))
        assert (row.measured, row.verdict) == (pytest.approx(0.05), "true")


def test_b5_paired_rows_read_only_their_two_rounds() -> None:
    """The after-T0 row reads T0 and T, the late row the last two margin
    rounds: mistakes at the other rounds change neither."""
    base = _b5(_crafted())
    other = _b5(_crafted(mistakes=_mistakes({12: 40, 100: 90, 1000: 20})))
    (a,) = _named(base, TEST_ERROR)
    (b,) = _named(other, TEST_ERROR)
    assert (a.measured, a.ci_low, a.ci_high) == (b.measured, b.ci_low, b.ci_high)
    other = _b5(_crafted(mistakes=_mistakes({12: 5, 100: 30, 1000: 20})))
    (a,) = _named(base, LATE)
    (b,) = _named(other, LATE)
    assert (a.measured, a.ci_low, a.ci_high) == (b.measured, b.ci_low, b.ci_high)


@pytest.mark.parametrize(
    ("n_classes", "n_train", "n_test", "quoted"),
    [
        (26, 16000, 4000, True),
        (26, 16000, 3999, False),
        (26, 15999, 4000, False),
        (10, 16000, 4000, False),
    ],
)
def test_b5_table_quotes_the_paper_only_on_its_letter_problem(
    n_classes, n_train, n_test, quoted
) -> None:
    """Schapire et al.'s numbers stand beside the trees' table row only on a
    26-class problem of 16 000 training and 4 000 test points."""
    summary = _summary(n_classes=n_classes, n_train=n_train, n_test=n_test)
    mistakes = _mistakes(FALLING, n=n_test)
    rows = _b5(_crafted(summary=summary, mistakes=mistakes))
    (table,) = _named(rows, "table/toy/trees")
    assert table.verdict == "n/a"
    paper = "Schapire et al. 1998, Fig. 1, C4.5"
    assert (paper in table.quantity) is quoted
    if quoted:
        for t, (error, _, _, minimum) in PAPER_LETTER.items():
            assert f"T = {t}: {error:g} %" in table.quantity
            assert f"{minimum:g}" in table.quantity


def test_b5_two_class_table_never_quotes_the_paper() -> None:
    summary = _summary(n_train=16000, n_test=4000)
    rows = _b5(_crafted(summary=summary, mistakes=_mistakes(FALLING, n=4000)))
    assert not any("Schapire et al. 1998, Fig. 1" in r.quantity for r in rows)
    assert [r.name for r in _named(rows, "table/*")] == [
        "table/toy/trees",
        "table/toy/stumps",
    ]


def test_b5_needs_the_trees_their_mistakes_and_quantiles() -> None:
    with pytest.raises(ValueError, match="no test mistakes"):
        _b5(_crafted(mistakes=_mistakes({12: 40, 1000: 20})))
    with pytest.raises(ValueError, match="no margin quantiles"):
        _b5(_crafted(tail=_tail({5: (0.0, 0.1, 0.2)})))
    summary = _summary()
    with pytest.raises(ValueError, match="no rows of the trees"):
        _b5(_crafted(summary=summary[summary["learner"] == "stumps"]))


# --- the figure ----------------------------------------------------------------


def test_the_figure_draws(tables, tmp_path) -> None:
    fig = plot_boosting_the_margin(
        tables["curve"], tables["margins"], tables["summary"]
    )
    try:
        assert len(fig.axes) == 2 * len(NAMES)
        titles = [ax.get_title() for ax in fig.axes]
        # one column per dataset: errors in the first row, margins in the second
        assert titles[: len(NAMES)] == [f"{n}: error against rounds" for n in NAMES]
        assert titles[len(NAMES) :] == [
            f"{n}: training margins, C4.5-style trees" for n in NAMES
        ]
        # the T0 line and the trees' and stumps' errors on a two-class column
        assert len(fig.axes[0].get_lines()) == 2 * 2 + 1
        assert "largest other" in fig.axes[-1].get_xlabel()  # digits: K classes
        assert "y f(x)" in fig.axes[len(NAMES)].get_xlabel()
        headline = EXPERIMENT.figures["boosting_the_margin"].headline
        for title in [*titles, headline, fig.get_suptitle()]:
            assert not _RESULT.search(title), title
        save_figure(fig, tmp_path / "f.png")
        assert (tmp_path / "f.png").stat().st_size > 1000
    finally:
        plt.close("all")
