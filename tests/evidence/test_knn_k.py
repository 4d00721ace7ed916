"""The knn_k room (K14, E4): k-NN's errors against k and the claim rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import Dataset, make_dataset
from kernelboost.experiments.knn_k.claims import e4_knn_loo, k14_knn
from kernelboost.experiments.knn_k.study import knn_tables
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
    errors, _, _, mistakes = k14_tables
    for where, column in (("test", "test_error"), ("loo", "loo_error")):
        rates = mistakes[mistakes["set"] == where].groupby("k")["wrong"].mean()
        expected = errors.set_index("k")[column].dropna()
        np.testing.assert_allclose(rates.loc[expected.index], expected)
    n = int(errors["n_train"].iloc[0])
    assert set(mistakes[mistakes["set"] == "loo"]["k"]) == set(errors["k"]) - {n}


@pytest.mark.can_fail("K14")
def test_k14_rows(k14_tables) -> None:
    errors, regions, points, mistakes = k14_tables
    assert errors["k"].tolist() == [1, 5, 15, 60]
    rows = k14_knn(*k14_tables)
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
    flips(
        "K14",
        r"^test error at k = 1 minus at k\* = \d+ \(smallest LOO error\)",
        k14_knn(shaped, regions, points, inverted),
    )
    # So is k = N beating k* by far.
    both = _wrong_first(mistakes, "test", {1: 2, 5: 30, 60: 2})
    rows = k14_knn(shaped, regions, points, both)
    flips(
        "K14", r"^test error at k = 1 minus at k\* = \d+ \(smallest LOO error\)", rows
    )
    (large,) = flips(
        "K14", r"^test error at k = \d+ minus at k\* = \d+, on the same", rows
    )
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
    tables = knn_tables(data, [1, 3], [1], 0.25, seed=0, grid_points=5)
    errors = tables[0]
    conflicting = int(errors["conflicting_duplicates"].iloc[0])
    assert conflicting in (2, 4)  # the pairs that fell in the training part
    row = k14_knn(*tables)[0]
    assert row.verdict == "n/a"
    assert row.kind == "illustration"
    assert row.quantity.startswith(f"not applicable: {conflicting} training points")
    # On distinct points the same row is the check it always was.
    clean = errors.assign(conflicting_duplicates=0)
    assert k14_knn(clean, *tables[1:])[0].kind == "check"


@pytest.mark.can_fail("E4")
def test_e4_compares_the_loo_errors_of_1nn_and_3nn() -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 120, "noise": 0.3, "seed": 1}
    )
    errors, regions, points, mistakes = knn_tables(data, [1, 3, 5], [1], 0.5, 0, 10)
    (row,) = e4_knn_loo(errors, regions, points, mistakes)
    loo = errors.set_index("k")["loo_error"]
    assert row.measured == pytest.approx(loo[1] - loo[3])
    assert row.ci_low <= row.measured <= row.ci_high
    assert "discordant" in row.quantity
    # 60 training points: 3 against 18 LOO mistakes is clearly the wrong way.
    flipped = _wrong_first(mistakes, "loo", {1: 3, 3: 18})
    flips(
        "E4",
        r"^LOO\(1-NN\) - LOO\(3-NN\) = ",
        e4_knn_loo(errors, regions, points, flipped),
    )
    close = _wrong_first(mistakes, "loo", {1: 4, 3: 3})
    assert e4_knn_loo(errors, regions, points, close)[0].verdict == "not resolved"
    clear = _wrong_first(mistakes, "loo", {1: 20, 3: 5})
    assert e4_knn_loo(errors, regions, points, clear)[0].verdict == "true"
