"""The incremental_update room (K18): the fit callbacks the study records with,
the drift and timing tables, and the claim rows."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from marginlab.core.contract.exceptions import ConvergenceWarning
from marginlab.core.datasets import make_dataset
from marginlab.core.kernels import Gaussian
from marginlab.estimators import logistic as logistic_module
from marginlab.estimators import perceptron as perceptron_module
from marginlab.estimators.logistic import KernelLogisticRegression
from marginlab.estimators.perceptron import KernelPerceptron
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments._shared.timing import WORK_COLUMNS, exponent_table
from marginlab.experiments.incremental_update.claims import (
    k18_incremental_update,
    k18_timings,
)
from marginlab.experiments.incremental_update.study import (
    INCREMENTAL,
    INCREMENTAL_GRAM,
    RECOMPUTE,
    DriftRecorder,
    drift_table,
    incremental_update_tables,
    update_tables,
)
from marginlab.pipeline.jobs import place_rows, plotter

from ..flips import flips
from .conftest import assert_legends_clear


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


def synthetic_timings(
    incremental: float, recompute: float, gram: float = 0.6
) -> pd.DataFrame:
    """Times per update growing like n**k over two decades and more."""
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
            for form, k in (
                (INCREMENTAL, incremental),
                (RECOMPUTE, recompute),
                (INCREMENTAL_GRAM, gram),
            )
            for n in sizes
        ]
    )


def synthetic_work(incremental: float = 1.0, recompute: float = 2.0) -> pd.DataFrame:
    """Multiply-adds per update growing like n**k."""
    return pd.DataFrame(
        [
            {
                "experiment": "update_vs_n",
                "form": form,
                "degree": 0,
                "size": n,
                "count": int(round(n**k)),
                "unit": "multiply-adds per update",
            }
            for form, k in ((INCREMENTAL, incremental), (RECOMPUTE, recompute))
            for n in (10, 40, 160, 1000)
        ],
        columns=list(WORK_COLUMNS),
    )


def test_k18_rows_hold_on_real_runs_and_stated_growth(drift) -> None:
    assert set(drift["learner"]) == {
        "kernel perceptron",
        "kernel logistic regression, stochastic",
    }
    assert (drift["drift"] <= 1e-12 * drift["scale"].max()).all()
    rows = place_rows("K18", k18_incremental_update(drift, synthetic_work()))
    assert [r.key for r in rows] == [
        "K18/drift/kernel_perceptron",
        "K18/drift/kernel_logistic_regression_stochastic",
        "K18/work/incremental",
        "K18/work/recompute",
    ]
    assert [r.kind for r in rows] == ["identity", "identity", "check", "check"]
    assert all(r.holds for r in rows)
    timings = synthetic_timings(1.0, 2.0)
    timed = place_rows("K18", k18_timings(exponent_table(timings)))
    assert [r.name for r in timed] == [
        "time/incremental",
        "time/recompute",
        "time/incremental_gram",
    ]
    assert [r.kind for r in timed] == ["empirical", "empirical", "illustration"]
    assert [r.verdict for r in timed] == ["true", "true", "n/a"]


@pytest.mark.can_fail("K18")
def test_k18_identity_fails_when_a_score_drifts(drift) -> None:
    broken = drift.copy()
    last = broken.index[broken["learner"] == "kernel perceptron"][-1]
    broken.loc[last, "drift"] = 1e-6
    rows = k18_incremental_update(broken, synthetic_work())
    assert [r.holds for r in rows] == [False, True, True, True]
    assert rows[0].name == "drift/kernel_perceptron"


def test_k18_counted_rows_fail_for_work_that_grows_otherwise(drift) -> None:
    """An "incremental" update that multiplies the whole matrix, a
    recomputation as cheap as one column: the checks flip."""
    rows = k18_incremental_update(drift, synthetic_work(2.0, 2.0))
    assert [r.holds for r in rows] == [True, True, False, True]
    rows = k18_incremental_update(drift, synthetic_work(1.0, 1.0))
    assert [r.holds for r in rows] == [True, True, True, False]


@pytest.mark.can_fail("K18")
@pytest.mark.parametrize(
    ("incremental", "recompute", "held"),
    [
        (2.0, 2.0, [False, True]),  # an "incremental" update that costs O(n²)
        (0.2, 2.0, [False, True]),  # flattened by a fixed cost per call
        (1.0, 1.0, [True, False]),  # a recomputation as cheap as one column
    ],
)
def test_k18_timing_rows_follow_the_exponents(incremental, recompute, held):
    """Each timing row flips on its own, on both sides of its band: the
    incremental update's when it grows like n² or hardly at all, the
    recomputation's when it grows like n."""
    rows = k18_timings(exponent_table(synthetic_timings(incremental, recompute)))
    assert [r.kind for r in rows] == ["empirical", "empirical", "illustration"]
    assert [r.holds for r in rows[:2]] == held
    if held[0]:
        flips("K18", "time/recompute", rows)
    else:
        flips("K18", "time/incremental", rows)


@pytest.mark.can_fail("K18")
def test_a_wrong_incremental_update_is_caught(moons, monkeypatch) -> None:
    """Both learners through the library's update; each row flips when it is
    wrong (here: the column added twice)."""

    def twice(scores, K, i, delta):
        scores += 2.0 * delta * K[:, i]

    monkeypatch.setattr(perceptron_module, "update_scores", twice)
    monkeypatch.setattr(logistic_module, "update_scores", twice)
    wrong = drift_table(moons, 0.5, 10, 5, 0.05, 0.1, seed=0)
    rows = k18_incremental_update(wrong, synthetic_work())
    assert len(flips("K18", "drift/*", rows)) == 2
    assert [r.holds for r in rows[:2]] == [False, False]


def test_update_tables_count_the_work_and_draw(drift, tmp_path) -> None:
    timings, work = update_tables(
        [20, 40, 80], [100, 200], updates=3, repeats=1, seed=0
    )
    assert len(timings) == len(work) == 8
    assert set(timings["form"]) == {INCREMENTAL, INCREMENTAL_GRAM, RECOMPUTE}
    count = work.set_index(["form", "size"])["count"]
    assert count[RECOMPUTE].to_dict() == {20: 400, 40: 1600, 80: 6400}
    assert count[INCREMENTAL_GRAM].to_dict() == {20: 20, 40: 40, 80: 80}
    assert count[INCREMENTAL].to_dict() == {100: 100, 200: 200}
    again = update_tables([20, 40, 80], [100, 200], updates=3, repeats=2, seed=0)[1]
    pd.testing.assert_frame_equal(again, work)  # counts do not depend on the run
    fits = exponent_table(timings)
    save_figure(
        plotter("incremental_update")(drift, timings, fits, work), tmp_path / "u.png"
    )
    assert (tmp_path / "u.png").stat().st_size > 1000


def test_the_update_on_the_columns_it_reads_is_the_library_update() -> None:
    """The timed O(n) update on a column-major block of the columns it reads
    gives the scores the update on the whole Gram matrix gives."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((30, 2))
    K = Gaussian(sigma=1.0)(X)
    order = np.array([3, 17, 3])
    block = np.asfortranarray(Gaussian(sigma=1.0)(X, X[order]))
    f_whole, f_block = np.zeros(30), np.zeros(30)
    for j, i in enumerate(order):
        perceptron_module.update_scores(f_whole, K, i, 0.5)
        perceptron_module.update_scores(f_block, block, j, 0.5)
    np.testing.assert_allclose(f_block, f_whole, rtol=1e-14)


def test_incremental_update_tables_returns_four_tables(moons) -> None:
    drift, timings, fits, work = incremental_update_tables(
        moons, 0.5, 2, 1, 0.05, 0.1, [10, 20, 40], [50, 100], 2, 1, 0, name="moons"
    )
    assert len(fits) == 3
    assert set(work["form"]) == {INCREMENTAL, INCREMENTAL_GRAM, RECOMPUTE}
    assert drift["dataset"].unique().tolist() == ["moons"]


def test_every_legend_is_below_its_panel_off_the_curves(drift) -> None:
    """Each panel's legend (the timing panels' lay on the incremental curve)
    is below its panel, 8 pt or more, and overlaps no panel, tick label or x
    label."""
    timings, work = update_tables(
        [20, 40, 80], [100, 200], updates=3, repeats=1, seed=0
    )
    fig = plotter("incremental_update")(drift, timings, exponent_table(timings), work)
    assert_legends_clear(fig)
