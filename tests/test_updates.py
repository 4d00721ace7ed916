"""K18: the O(n) update of Ka, the fit callbacks, the drift and timing tables,
and the claim rows."""

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
from kernelboost.estimators.perceptron import KernelPerceptron, update_scores
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments._shared.timing import exponent_table
from kernelboost.experiments.incremental_update.claims import k18_incremental_update
from kernelboost.experiments.incremental_update.study import (
    DriftRecorder,
    drift_table,
    incremental_update_tables,
    update_timing_table,
)
from kernelboost.experiments.primal_dual_cost.claims import k20_primal_dual_cost
from kernelboost.experiments.primal_dual_cost.study import primal_dual_cost_table
from kernelboost.pipeline.jobs import place_rows, plotter


def test_update_scores_matches_the_product() -> None:
    rng = np.random.default_rng(0)
    A = rng.standard_normal((7, 7))
    K = A @ A.T
    a = np.zeros(7)
    f = np.zeros(7)
    for i, delta in zip(rng.integers(0, 7, 50), rng.standard_normal(50), strict=True):
        a[i] += delta
        update_scores(f, K, i, delta)
    np.testing.assert_allclose(f, K @ a, rtol=1e-12, atol=1e-12)


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


# --- K20: primal against dual --------------------------------------------------


def test_primal_dual_table_runs_the_same_algorithm_twice() -> None:
    table = primal_dual_cost_table(
        n_sizes=[8, 32],
        input_dims=[1, 7],
        degree=2,
        epochs=2,
        repeats=2,
        min_seconds=0.0,
        max_elements=32 * 64 - 1,  # skips n = 32, d' = 64
        dominance=4,
        min_size=32,
        seed=0,
    )
    cells = table.groupby(["n", "d_features"]).size()
    assert cells.to_dict() == {(8, 4): 2, (8, 64): 2, (32, 4): 2}
    assert table["same_mistakes"].all()
    assert (table[["primal_seconds", "dual_seconds"]] > 0).all().all()
    assert (table["epochs"] <= 2).all()


def cost_table(ratio, noise=0.02, same=True, repeats=5, seed=0) -> pd.DataFrame:
    """A timing table over n, d' ∈ {16, 256, 4096} whose dual/primal ratio in
    cell (n, d') is ratio(n, d'), times a log-normal factor exp(noise·N(0, 1))."""
    rng = np.random.default_rng(seed)
    rows = []
    for n in (16, 256, 4096):
        for d_features in (16, 256, 4096):
            for r in range(repeats):
                rows.append(
                    {
                        "n": n,
                        "d": int(np.sqrt(d_features)) - 1,
                        "d_features": d_features,
                        "repeat": r,
                        "primal_seconds": 1e-3,
                        "dual_seconds": 1e-3
                        * ratio(n, d_features)
                        * np.exp(noise * rng.standard_normal()),
                        "primal_runs": 1,
                        "dual_runs": 1,
                        "epochs": 3,
                        "mistakes": n,
                        "same_mistakes": same,
                        "dominance": 16.0,
                        "min_size": 4096,
                    }
                )
    return pd.DataFrame(rows)


def lecture(n, d_features):
    """Dual/primal as the lecture's operation counts go: about n / d'."""
    return (n / d_features) ** 0.5


def test_k20_rows_hold_where_the_lecture_says() -> None:
    rows = place_rows("K20", k20_primal_dual_cost(cost_table(lecture)))
    assert [r.id for r in rows] == ["K20"] * 5
    assert [r.kind for r in rows] == [
        "empirical",
        "empirical",
        "check",
        "illustration",
        "illustration",
    ]
    assert [r.verdict for r in rows] == ["true", "true", "true", "n/a", "n/a"]
    assert rows[3].measured == 0.0  # the small cells (256, 16), (16, 256) agree
    assert rows[4].measured == pytest.approx(1.0, rel=0.05)  # crossing at d' = n


@pytest.mark.can_fail("K20")
@pytest.mark.parametrize(
    ("cell", "ratio", "verdicts"),
    [
        ((256, 4096), 2.0, ["false", "true"]),  # the dual slower at d' = 16 n
        ((4096, 16), 0.5, ["true", "false"]),  # the primal slower at n = 256 d'
    ],
)
def test_k20_fails_against_the_lecture(cell, ratio, verdicts) -> None:
    def against(n, d_features):
        return ratio if (n, d_features) == cell else lecture(n, d_features)

    rows = k20_primal_dual_cost(cost_table(against))
    assert [r.verdict for r in rows[:2]] == verdicts
    assert f"n = {cell[0]}, d' = {cell[1]}" in rows[verdicts.index("false")].quantity


def test_k20_noise_leaves_rows_not_resolved() -> None:
    def even(n, d_features):
        return 1.0 if (n, d_features) == (16, 4096) else lecture(n, d_features)

    rows = k20_primal_dual_cost(cost_table(even, noise=0.3))
    assert rows[0].verdict == "not resolved"


def test_k20_small_cells_against_the_lecture_are_counted() -> None:
    def small_dual_wins(n, d_features):
        return 0.5 if (n, d_features) == (256, 16) else lecture(n, d_features)

    rows = k20_primal_dual_cost(cost_table(small_dual_wins))
    assert rows[3].measured == 1.0
    assert "n = 256, d' = 16" in rows[3].quantity
    assert [r.verdict for r in rows[:3]] == ["true", "true", "true"]


def test_k20_check_fails_when_the_forms_differ() -> None:
    rows = k20_primal_dual_cost(cost_table(lecture, same=False))
    assert rows[2].holds is False


def test_k20_without_large_cells_is_not_resolved() -> None:
    table = cost_table(lecture)
    table["min_size"] = 10**6
    rows = k20_primal_dual_cost(table)
    assert [r.verdict for r in rows[:2]] == ["not resolved"] * 2


def test_k20_figure_draws(tmp_path) -> None:
    save_figure(plotter("primal_dual_cost")(cost_table(lecture)), tmp_path / "p.png")
    assert (tmp_path / "p.png").stat().st_size > 1000
