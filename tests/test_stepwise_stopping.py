"""S5: forward stepwise selection stopped when the validation error rises."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.estimators.model_selection import kfold_indices
from kernelboost.estimators.selection import forward_model_count, forward_stepwise
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments.stepwise_stopping.claims import s5_stepwise_stopping
from kernelboost.experiments.stepwise_stopping.figures import plot_stepwise_stopping
from kernelboost.experiments.stepwise_stopping.study import (
    random_split,
    stepwise_stopping_tables,
)

SPARSE = {
    "generator": "sparse_regression",
    "n_samples": 120,
    "n_features": 15,
    "n_informative": 3,
    "noise": 2.0,
    "seed": 5,
}


@pytest.fixture(scope="module")
def sparse():
    return make_dataset(SPARSE)


def test_early_stop_trains_the_truncated_count_and_is_a_prefix(sparse) -> None:
    X, y = sparse.X, sparse.y
    full = forward_stepwise(X, y, 5, 3)
    stopped = forward_stepwise(X, y, 5, 3, early_stop=True)
    d = X.shape[1]
    s = stopped.stop_step
    assert s is not None
    assert 1 < s <= d
    assert stopped.n_models == forward_model_count(d, s)
    k = len(stopped.path)
    assert k == s - 1
    assert list(stopped.path["features"]) == list(full.path["features"][:k])
    # The CV error fell at every step kept and rose at the step that stopped.
    cv = np.concatenate([[stopped.null_cv_mse], stopped.path["cv_mse"]])
    assert np.all(np.diff(cv) <= 0)
    rising = stopped.models[stopped.models["step"] == s]["cv_mse"].min()
    assert rising > cv[-1]
    assert rising == full.path["cv_mse"].iloc[s - 1]
    assert stopped.best_features == tuple(stopped.path["features"].iloc[-1])


def test_without_early_stop_nothing_changes(sparse) -> None:
    r = forward_stepwise(sparse.X, sparse.y, 5, 3)
    assert r.stop_step is None
    assert r.n_models == forward_model_count(sparse.X.shape[1])
    assert len(r.path) == sparse.X.shape[1]


def test_null_model_cv_error_is_the_fold_mean_squared_deviation(sparse) -> None:
    X, y = sparse.X, sparse.y
    r = forward_stepwise(X, y, 4, 7, max_features=1)
    folds = kfold_indices(y, 4, 7, stratify=False)
    expected = np.mean([np.mean((y[te] - y[tr].mean()) ** 2) for tr, te in folds])
    assert r.null_cv_mse == pytest.approx(expected)


def test_a_first_rise_keeps_the_null_model() -> None:
    """Pure-noise features: find a seed where one feature already raises the CV
    error; the search then keeps no feature and trained only the d first models."""
    for seed in range(50):
        rng = np.random.default_rng(seed)
        X, y = rng.standard_normal((12, 3)), rng.standard_normal(12)
        r = forward_stepwise(X, y, 3, 0, early_stop=True)
        if r.stop_step == 1:
            break
    else:  # pragma: no cover
        pytest.fail("no seed gave a rise at the first step")
    assert r.path.empty
    assert r.best_features == ()
    assert r.best_cv_mse == r.null_cv_mse
    assert r.n_models == forward_model_count(3, 1) == 3


def test_random_split_is_seeded_disjoint_and_complete() -> None:
    train, test = random_split(10, 0.3, 4)
    assert len(test) == 3
    assert len(train) == 7
    assert sorted(np.concatenate([train, test])) == list(range(10))
    np.testing.assert_array_equal(test, random_split(10, 0.3, 4)[1])
    with pytest.raises(ValueError, match="at least two"):
        random_split(4, 0.1, 0)


@pytest.fixture(scope="module")
def tables(sparse) -> tuple[pd.DataFrame, ...]:
    out = []
    for name, data in (
        ("diabetes", make_dataset({"generator": "diabetes"})),
        ("sparse", sparse),
    ):
        frames = stepwise_stopping_tables(
            data, test_fraction=0.5, split_seed=11, n_splits=5, cv_seed=12
        )
        for f in frames:
            f.insert(0, "dataset", name)
        out.append(frames)
    return tuple(
        pd.concat(parts, ignore_index=True) for parts in zip(*out, strict=True)
    )


def test_tables_are_consistent(tables) -> None:
    curve, summary, losses = tables
    for name, s in summary.groupby("dataset"):
        s = s.iloc[0]
        c = curve[curve["dataset"] == name]
        loss = losses[losses["dataset"] == name]
        d = int(s["d"])
        assert list(c["size"]) == list(range(d + 1))
        assert c["kept"].sum() == 1
        assert int(c.loc[c["kept"], "size"].iloc[0]) == int(s["kept_size"])
        assert bool(s["prefix_agrees"])
        assert len(loss) == int(s["n_test"])
        assert loss["kept"].mean() == pytest.approx(float(s["test_mse_kept"]))
        assert loss["all"].mean() == pytest.approx(float(s["test_mse_all"]))
        assert loss["best"].mean() == pytest.approx(c["test_mse"].min())
        assert int(s["n_models"]) == int(s["formula_models"])


def test_s5_rows(tables) -> None:
    rows = s5_stepwise_stopping(*tables)
    assert len(rows) == 8
    assert [r.kind for r in rows[:4]] == [
        "identity",
        "empirical",
        "empirical",
        "illustration",
    ]
    assert rows[0].holds is True
    assert rows[4].holds is True
    assert all(
        r.ci_low <= r.measured <= r.ci_high for r in rows if r.kind == "empirical"
    )


@pytest.mark.can_fail("S5")
def test_s5_rows_follow_broken_numbers(tables) -> None:
    curve, summary, losses = tables
    broken = summary.copy()
    broken["n_models"] = broken["n_models"] + 1
    assert s5_stepwise_stopping(curve, broken, losses)[0].holds is False
    # The kept model clearly worse than all features, then clearly better.
    worse = losses.copy()
    worse["kept"] = worse["all"] + 1.0 + 0.01 * np.arange(len(worse))
    assert s5_stepwise_stopping(curve, summary, worse)[1].holds is False
    better = losses.copy()
    better["kept"] = better["all"] - 1.0 - 0.01 * np.arange(len(better))
    assert s5_stepwise_stopping(curve, summary, better)[1].holds is True
    # The rule keeping the test-best model: the difference is exactly 0.
    same = losses.copy()
    same["kept"] = same["best"]
    assert s5_stepwise_stopping(curve, summary, same)[2].holds is True


def test_figure_draws(tables, tmp_path) -> None:
    save_figure(plot_stepwise_stopping(*tables), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
