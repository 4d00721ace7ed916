"""Studies of claims B7 (max-margin LP), B11 (boosting cost), B12 (label noise)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments._shared.timing import exponent_table
from kernelboost.experiments.boosting_cost.claims import b11_boosting_cost
from kernelboost.experiments.boosting_cost.study import boosting_cost_table
from kernelboost.experiments.margin_growth.claims import b7_max_margin
from kernelboost.experiments.margin_growth.study import margin_growth_table
from kernelboost.experiments.noise_robustness.claims import b12_noise_robustness
from kernelboost.experiments.noise_robustness.study import (
    noise_table,
    top_weight_precision,
)
from kernelboost.pipeline.jobs import place_rows, plotter

MOONS = {"generator": "moons", "n_samples": 80, "noise": 0.2, "seed": 0}


@pytest.fixture(scope="module")
def growth() -> pd.DataFrame:
    table = margin_growth_table(
        make_dataset(MOONS), n_rounds=300, test_fraction=0.5, split_seed=1
    )
    table.insert(0, "dataset", "moons")
    return table


@pytest.fixture(scope="module")
def noise() -> pd.DataFrame:
    return noise_table(
        make_dataset({**MOONS, "n_samples": 160}),
        rates=[0.0, 0.1, 0.3],
        n_rounds=100,
        sigma=0.5,
        C=1.0,
        test_fraction=0.5,
        split_seed=1,
        seed=2,
    )


@pytest.fixture(scope="module")
def cost() -> pd.DataFrame:
    return boosting_cost_table(
        m_sizes=[200, 400],
        n_sizes=[2, 4],
        t_sizes=[5, 10],
        fixed_m=200,
        fixed_n=2,
        fixed_t=5,
        repeats=1,
        seed=0,
    )


def test_lp_bounds_adaboost_and_primal_equals_dual(growth) -> None:
    rho = growth["rho_star"].iloc[0]
    assert rho > 0  # stumps are weak learners on moons: the margin is positive
    assert abs(rho - growth["game_value"].iloc[0]) <= 1e-8
    assert growth["min_margin"].max() <= rho + 1e-9
    rows = place_rows("B7", b7_max_margin(growth))
    assert [r.id for r in rows] == ["B7"] * 3
    assert rows[0].holds
    assert rows[1].holds


@pytest.mark.can_fail("B7")
def test_b7_reports_a_margin_above_the_lp(growth) -> None:
    broken = growth.copy()
    broken["game_value"] += 1e-6
    broken.loc[broken.index[-1], "min_margin"] = broken["rho_star"].iloc[0] + 0.01
    first, second, _ = b7_max_margin(broken)
    assert first.holds is False
    assert second.holds is False
    low = growth.copy()
    low["min_margin"] = low["rho_star"] / 4
    assert b7_max_margin(low)[2].holds is False


@pytest.mark.can_fail("B7")
def test_b7_takes_adaboost_s_margin_at_its_best_round(growth) -> None:
    # The theorem bounds every round: a margin above the LP at a middle round
    # must fail the row even when the last round is below it.
    middle = growth.copy()
    middle["min_margin"] = middle["rho_star"] / 2
    middle.loc[middle.index[len(middle) // 2], "min_margin"] = (
        middle["rho_star"].iloc[0] + 0.01
    )
    assert b7_max_margin(middle)[1].holds is False


def test_top_weight_precision_counts_flipped_among_the_heaviest() -> None:
    yf = np.array([-2.0, 1.0, -1.0, 3.0, -0.5])  # weights ∝ exp(−y f)
    flipped = np.array([True, False, False, False, True])
    # The two heaviest are points 0 and 2: one of them was flipped.
    assert top_weight_precision(yf, flipped) == 0.5
    assert np.isnan(top_weight_precision(yf, np.zeros(5, dtype=bool)))


def test_noise_table_flips_only_training_labels(noise) -> None:
    assert noise["rate"].tolist() == [0.0, 0.1, 0.3]
    assert noise["n_flipped"].tolist() == [0, 8, 24]
    assert np.isnan(noise["precision"].iloc[0])
    assert noise["precision"].iloc[1:].between(0, 1).all()
    rows = place_rows("B12", b12_noise_robustness(noise))
    assert [r.id for r in rows] == ["B12"] * 3
    # The base rate: the expected precision of 8 of 80 points picked at random.
    assert rows[1].bound == pytest.approx(8 / 80)
    assert all(r.ci_low <= r.measured <= r.ci_high for r in rows)


@pytest.mark.can_fail("B12")
def test_b12_rows_follow_the_numbers(noise) -> None:
    n_test = int(noise["n_test"].iloc[0])
    strong = noise.copy()
    strong["adaboost_test_error"] = [0.0, 0.0, 1.0]
    strong["precision"] = [np.nan, 1.0, 1.0]
    assert [r.verdict for r in b12_noise_robustness(strong)] == ["true"] * 3
    flat = noise.copy()
    flat["adaboost_test_error"] = 1 / n_test  # the same error at every rate
    flat["precision"] = [np.nan, 1 / 8, 0.0]  # about the base rate, and below it
    rows = b12_noise_robustness(flat)
    assert [r.verdict for r in rows] == ["not resolved", "not resolved", "false"]
    # One test point more at the largest rate is not evidence of damage.
    bump = flat.copy()
    bump.loc[bump.index[-1], "adaboost_test_error"] = 2 / n_test
    assert b12_noise_robustness(bump)[0].verdict == "not resolved"


def test_boosting_cost_table_and_b11_rows(cost) -> None:
    fits = exponent_table(cost)
    assert set(fits["experiment"]) == {
        "adaboost_vs_m",
        "adaboost_vs_n",
        "adaboost_vs_t",
    }
    assert (cost["seconds"] > 0).all()
    rows = place_rows("B11", b11_boosting_cost(cost, fits))
    assert [r.id for r in rows] == ["B11"] * 3
    # Two sizes a factor 2 apart cannot decide a growth exponent.
    assert {r.verdict for r in rows} == {"not resolved"}
    steep = fits.copy()
    steep["exponent"] = [1.0, 1.1, 2.0]
    steep["exponent_low"] = steep["exponent"] - 0.05
    steep["exponent_high"] = steep["exponent"] + 0.05
    steep["decades"] = 2.0
    assert [r.holds for r in b11_boosting_cost(cost, steep)] == [
        True,
        True,
        False,
    ]


@pytest.mark.parametrize("name", ["margin_growth", "noise_robustness", "boosting_cost"])
def test_figures_draw(name, growth, noise, cost, tmp_path) -> None:
    inputs = {
        "margin_growth": (growth,),
        "noise_robustness": (noise,),
        "boosting_cost": (cost, exponent_table(cost)),
    }[name]
    save_figure(plotter(name)(*inputs), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
