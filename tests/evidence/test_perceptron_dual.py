"""The perceptron_dual room (K6): the worked table, row by row, and the claim
rows."""

from __future__ import annotations

import pytest

from kernelboost.experiments.perceptron_dual.claims import k6_perceptron_dual
from kernelboost.experiments.perceptron_dual.study import (
    perceptron_worked_table,
    primal_dual_table,
)


def test_worked_table_study_matches_the_seed_row_by_row() -> None:
    table = perceptron_worked_table()
    assert table[["w1", "w2"]].to_numpy().tolist() == [[0, -1], [2, 0], [2, -1]]
    assert table[["alpha1", "alpha2", "alpha3"]].to_numpy().tolist() == [
        [-1, 0, 0],
        [-1, 1, 0],
        [-1, 1, 1],
    ]
    rows = k6_perceptron_dual(table, primal_dual_table({}, {}, 10))
    assert rows[0].measured == 0.0
    assert rows[0].holds


@pytest.mark.can_fail("K6")
def test_k6_detects_a_table_that_differs_from_the_lecture() -> None:
    table = perceptron_worked_table()
    table.loc[2, "w2"] = -2.0
    assert k6_perceptron_dual(table, primal_dual_table({}, {}, 10))[0].holds is False
