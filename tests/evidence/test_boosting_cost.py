"""The boosting_cost room (B11): AdaBoost's cost against m, n and T, the claim
rows."""

from __future__ import annotations

import pytest

from kernelboost.experiments._shared.timing import exponent_table
from kernelboost.experiments.boosting_cost.claims import b11_boosting_cost
from kernelboost.pipeline.jobs import place_rows

from .conftest import synthetic


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


B11_STATED = {
    ("adaboost_vs_m", "adaboost", 0): 1.0,
    ("adaboost_vs_n", "adaboost", 0): 1.0,
    ("adaboost_vs_t", "adaboost", 0): 1.0,
}


@pytest.mark.can_fail("B11")
def test_b11_reports_boosting_cost_off_the_stated_order() -> None:
    table = synthetic(B11_STATED, noise=0.01)
    assert [r.verdict for r in b11_boosting_cost(table, exponent_table(table))] == [
        "true"
    ] * 3
    # Quadratic in T, as if every round rescanned all earlier rounds.
    table = synthetic({**B11_STATED, ("adaboost_vs_t", "adaboost", 0): 2.0}, noise=0.01)
    rows = b11_boosting_cost(table, exponent_table(table))
    assert [r.holds for r in rows] == [True, True, False]
