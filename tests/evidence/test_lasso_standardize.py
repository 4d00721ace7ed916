"""The lasso_standardize room (S8): the scales, the tables, the regret
interval, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from marginlab.core.datasets import make_dataset
from marginlab.estimators.model_selection import random_split
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.lasso_standardize.claims import (
    S8_MARGIN,
    s8_lasso_standardize,
)
from marginlab.experiments.lasso_standardize.figures import plot_lasso_standardize
from marginlab.experiments.lasso_standardize.study import (
    lasso_standardize_tables,
    unit_scales,
)
from marginlab.theory.intervals import paired_mean_difference
from marginlab.theory.multiplicity import grid_regret

from ..flips import flips


def test_unit_scales_and_split() -> None:
    np.testing.assert_allclose(unit_scales(5, 2.0), [0.01, 0.1, 1.0, 10.0, 100.0])
    np.testing.assert_array_equal(unit_scales(4, 0.0), np.ones(4))
    train, test = random_split(10, 0.3, 4)
    assert sorted(np.concatenate([train, test])) == list(range(10))
    assert len(test) == 3


def test_grid_regret_of_squared_errors_reads_every_setting() -> None:
    chosen = np.array([2.0, 3.0, 4.0, 5.0])
    # Better everywhere by exactly 1: the interval is the point 1.
    r = grid_regret(chosen, [chosen - 1.0, chosen + 1.0], paired_mean_difference)
    assert (r.value, r.low, r.high, r.comparisons) == (1.0, 1.0, 1.0, 2)
    assert r.level_each == pytest.approx(0.975)
    # Never worse than the others: regret 0, and the interval starts at 0.
    r = grid_regret(
        chosen, [chosen + np.array([1.0, 0.0, 2.0, 1.0])], paired_mean_difference
    )
    assert r.value == 0.0
    assert r.low == 0.0


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, ...]:
    data = make_dataset({"generator": "diabetes"})
    frames = lasso_standardize_tables(
        data,
        test_fraction=0.5,
        split_seed=11,
        log10_scale=2.0,
        unit_factors=[0.01, 100.0],
        n_alphas=20,
        eps=1e-3,
        tol=1e-8,
        n_splits=5,
        cv_seed=12,
    )
    for f in frames:
        f.insert(0, "dataset", "diabetes")
    return frames


def test_tables_are_consistent(tables) -> None:
    summary, path, losses, grid_losses, units = tables
    s = summary.iloc[0]
    assert losses["raw"].mean() == pytest.approx(float(s["raw_test_mse"]))
    assert losses["standardized"].mean() == pytest.approx(
        float(s["standardized_test_mse"])
    )
    for _, part in path.groupby("variant"):
        assert part["chosen"].sum() == 1
        assert part["alpha_ratio"].iloc[0] == pytest.approx(1.0)
        assert part["n_nonzero"].iloc[0] == 0  # alpha_max: every weight is 0
    std = path[path["variant"] == "standardized"].set_index("step")
    means = grid_losses.groupby("step")["loss"].mean()
    np.testing.assert_allclose(means.to_numpy(), std["test_mse"].to_numpy())
    # One base row and 2 changes per feature, per variant.
    assert len(units) == 2 * (1 + 2 * int(s["d"]))
    assert units["selected"].map(type).eq(str).all()


def test_s8_rows(tables) -> None:
    rows = s8_lasso_standardize(*tables)
    assert [r.name for r in rows] == [
        "test_mse/diabetes",
        "units/raw/diabetes",
        "units/standardized/diabetes",
        "regret/diabetes",
        "selected/diabetes",
    ]
    assert [r.kind for r in rows] == [
        "empirical",
        "empirical",
        "check",
        "empirical",
        "illustration",
    ]
    # z-scores do not see units: the check holds on real numbers.
    assert rows[2].holds is True
    assert rows[2].measured == 0.0
    summary = tables[0]
    assert rows[3].bound == pytest.approx(S8_MARGIN * float(summary["y_train_var"][0]))
    assert all(
        r.ci_low <= r.measured <= r.ci_high for r in rows if not np.isnan(r.ci_low)
    )


@pytest.mark.can_fail("S8")
def test_s8_standardized_worse_fails(tables) -> None:
    summary, path, losses, grid_losses, units = tables
    ramp = 0.01 * np.arange(len(losses))
    worse = losses.assign(standardized=losses["raw"] + 100.0 + ramp)
    rows = s8_lasso_standardize(summary, path, worse, grid_losses, units)
    assert len(flips("S8", "test_mse/*", rows)) == 1
    better = losses.assign(standardized=losses["raw"] - 100.0 - ramp)
    rows = s8_lasso_standardize(summary, path, better, grid_losses, units)
    assert rows[0].holds is True


@pytest.mark.can_fail("S8")
def test_s8_raw_selection_unmoved_fails(tables) -> None:
    """Every raw selection equal to the base one: no unit change moves it."""
    summary, path, losses, grid_losses, units = tables
    raw = units["variant"] == "raw"
    base = units.loc[raw & (units["feature"] == "(none)"), "selected"].iloc[0]
    still = units.copy()
    still.loc[raw, "selected"] = base
    rows = s8_lasso_standardize(summary, path, losses, grid_losses, still)
    assert len(flips("S8", "units/raw/*", rows)) == 1


def test_s8_check_follows_broken_numbers(tables) -> None:
    summary, path, losses, grid_losses, units = tables
    moved = units.copy()
    at = (moved["variant"] == "standardized") & (moved["feature"] != "(none)")
    moved.loc[at.idxmax(), "selected"] = "age"
    rows = s8_lasso_standardize(summary, path, losses, grid_losses, moved)
    assert (rows[2].kind, rows[2].holds, rows[2].measured) == ("check", False, 1.0)


@pytest.mark.can_fail("S8")
def test_s8_regret_fails_when_a_lambda_is_clearly_better(tables) -> None:
    """Another λ of the path better than λ_CV by twice the margin on every
    test point: the regret's whole interval lies above the margin."""
    summary, path, losses, grid_losses, units = tables
    std = path[path["variant"] == "standardized"]
    chosen = int(std.loc[std["chosen"], "step"].iloc[0])
    other = (chosen + 1) % len(std)
    margin = S8_MARGIN * float(summary["y_train_var"].iloc[0])
    broken = grid_losses.copy()
    at_chosen = broken.loc[broken["step"] == chosen, "loss"].to_numpy()
    ramp = 0.01 * np.arange(at_chosen.size)
    broken.loc[broken["step"] == other, "loss"] = at_chosen - 2 * margin - ramp
    rows = s8_lasso_standardize(summary, path, losses, broken, units)
    assert len(flips("S8", "regret/*", rows)) == 1
    # λ_CV the best everywhere: regret 0, held.
    best = grid_losses.copy()
    rest = best["step"] != chosen
    best.loc[rest, "loss"] = np.tile(at_chosen, len(std) - 1) + 1.0
    rows = s8_lasso_standardize(summary, path, losses, best, units)
    assert (rows[3].measured, rows[3].holds) == (0.0, True)


def test_figure_draws(tables, tmp_path) -> None:
    save_figure(plot_lasso_standardize(*tables), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
