"""The incremental_update room (K18): the fit callbacks the study records with,
the drift and timing tables, and the claim rows."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.core.exceptions import ConvergenceWarning
from kernelboost.core.kernels import Gaussian
from kernelboost.estimators import logistic as logistic_module
from kernelboost.estimators import perceptron as perceptron_module
from kernelboost.estimators.logistic import KernelLogisticRegression
from kernelboost.estimators.perceptron import KernelPerceptron
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments._shared.timing import exponent_table
from kernelboost.experiments.incremental_update.claims import k18_incremental_update
from kernelboost.experiments.incremental_update.study import (
    DriftRecorder,
    drift_table,
    incremental_update_tables,
    update_timing_table,
)
from kernelboost.pipeline.jobs import place_rows, plotter


@pytest.fixture(scope="module")
def moons():
    return make_dataset(
        {"generator": "moons", "n_samples": 40, "label_noise": 0.1, "seed": 5}
    )


def test_perceptron_callback_sees_every_mistake_and_changes_nothing(moons) -> None:
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        plain = KernelPerceptron(kernel=Gaussian(0.5), max_epochs=5).fit(
            moons.X, moons.y
        )
        watched = KernelPerceptron(kernel=Gaussian(0.5), max_epochs=5).fit(
            moons.X,
            moons.y,
            callback=lambda i, a, b, f: seen.append((i, a.copy(), b, f.copy())),
        )
    assert [s[0] for s in seen] == plain.mistakes_.tolist()
    np.testing.assert_array_equal(watched.dual_coef_, plain.dual_coef_)
    i, a, b, f = seen[-1]
    np.testing.assert_array_equal(a, plain.dual_coef_)
    assert b == plain.intercept_
    np.testing.assert_allclose(f, Gaussian(0.5)(moons.X) @ a + b, atol=1e-12)


@pytest.mark.parametrize("method", ["stochastic", "batch"])
def test_logistic_callback_counts_its_updates(moons, method) -> None:
    calls = []
    model = KernelLogisticRegression(
        kernel=Gaussian(0.5), method=method, max_epochs=3, tol=0.0
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(moons.X, moons.y, callback=lambda i, a, b, f: calls.append(i))
    if method == "batch":
        assert calls == [-1, -1, -1]
    else:
        assert len(calls) == 3 * len(moons.y)
        assert sorted(calls[: len(moons.y)]) == list(range(len(moons.y)))


def test_recorder_measures_a_wrong_score() -> None:
    K = np.eye(3) + 0.5
    recorder = DriftRecorder(K, chunk=2)
    a = np.array([1.0, 0.0, -1.0])
    recorder(0, a, 0.0, K @ a)  # right
    recorder(2, a, 1.0, K @ a)  # forgot the intercept b = 1
    recorder(1, a, 0.0, K @ a + np.array([0.0, 1e-3, 0.0]))
    table = recorder.table()
    np.testing.assert_allclose(table["drift"], [0.0, 1.0, 1e-3])
    assert table["update"].tolist() == [1, 2, 3]
    assert table["index"].tolist() == [0, 2, 1]


@pytest.fixture(scope="module")
def drift(moons) -> pd.DataFrame:
    return drift_table(moons, 0.5, 10, 5, 0.05, 0.1, seed=0, name="moons")


def synthetic_timings(incremental: float, recompute: float) -> pd.DataFrame:
    sizes = (10, 40, 160, 1000)
    return pd.DataFrame(
        [
            {
                "experiment": "update_vs_n",
                "form": form,
                "degree": 0,
                "size": n,
                "seconds": 1e-7 * n**k,
                "unit": "update",
                "batch": 1,
            }
            for form, k in (("incremental", incremental), ("recompute", recompute))
            for n in sizes
        ]
    )


def test_k18_rows_hold_on_real_runs_and_stated_growth(drift) -> None:
    assert set(drift["learner"]) == {
        "kernel perceptron",
        "kernel logistic regression, stochastic",
    }
    assert (drift["drift"] <= 1e-12 * drift["scale"].max()).all()
    timings = synthetic_timings(1.0, 2.0)
    rows = place_rows(
        "K18", k18_incremental_update(drift, timings, exponent_table(timings))
    )
    assert [r.id for r in rows] == ["K18"] * 4
    assert [r.kind for r in rows] == ["identity", "identity", "empirical", "empirical"]
    assert all(r.holds for r in rows)


@pytest.mark.can_fail("K18")
def test_k18_identity_fails_when_a_score_drifts(drift) -> None:
    broken = drift.copy()
    last = broken.index[broken["learner"] == "kernel perceptron"][-1]
    broken.loc[last, "drift"] = 1e-6
    timings = synthetic_timings(1.0, 2.0)
    rows = k18_incremental_update(broken, timings, exponent_table(timings))
    assert [r.holds for r in rows] == [False, True, True, True]


@pytest.mark.parametrize(
    ("incremental", "recompute", "held"),
    [
        (2.0, 2.0, [False, True]),  # an "incremental" update that costs O(n²)
        (1.0, 1.0, [True, False]),  # a recomputation as cheap as one column
    ],
)
def test_k18_timing_rows_follow_the_exponents(drift, incremental, recompute, held):
    timings = synthetic_timings(incremental, recompute)
    rows = k18_incremental_update(drift, timings, exponent_table(timings))
    assert [r.holds for r in rows[2:]] == held


def test_a_wrong_incremental_update_is_caught(moons, monkeypatch) -> None:
    """Both learners through the library's update; each row flips when it is
    wrong (here: the column added twice)."""

    def twice(scores, K, i, delta):
        scores += 2.0 * delta * K[:, i]

    monkeypatch.setattr(perceptron_module, "update_scores", twice)
    monkeypatch.setattr(logistic_module, "update_scores", twice)
    wrong = drift_table(moons, 0.5, 10, 5, 0.05, 0.1, seed=0)
    timings = synthetic_timings(1.0, 2.0)
    rows = k18_incremental_update(wrong, timings, exponent_table(timings))
    assert [r.holds for r in rows[:2]] == [False, False]


def test_timing_table_and_figure(drift, tmp_path) -> None:
    timings = update_timing_table([20, 40, 80], updates=3, repeats=1, seed=0)
    assert len(timings) == 6
    assert (timings["seconds"] > 0).all()
    assert set(timings["form"]) == {"incremental", "recompute"}
    fits = exponent_table(timings)
    save_figure(plotter("incremental_update")(drift, timings, fits), tmp_path / "u.png")
    assert (tmp_path / "u.png").stat().st_size > 1000


def test_incremental_update_tables_returns_three_tables(moons) -> None:
    drift, timings, fits = incremental_update_tables(
        moons, 0.5, 2, 1, 0.05, 0.1, [10, 20, 40], 2, 1, 0, name="moons"
    )
    assert len(fits) == 2
    assert drift["dataset"].unique().tolist() == ["moons"]
