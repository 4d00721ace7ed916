"""The pegasos_convergence room (K13): the claim rows, and a case that fails."""

from __future__ import annotations

import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments.pegasos_convergence.claims import k13_pegasos_convergence
from kernelboost.experiments.pegasos_convergence.study import pegasos_convergence_table


@pytest.mark.can_fail("K13")
def test_k13_rows_and_a_failing_case() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 60, "seed": 1})
    table = pegasos_convergence_table(data, 0.5, 0.05, 20_000, 8, seed=0)
    assert (table["rel_gap"] >= -1e-9).all()  # P* is the minimum
    rows = k13_pegasos_convergence(table)
    assert [r.holds for r in rows] == [True, True]
    stalled = table.assign(rel_gap=0.05)
    assert k13_pegasos_convergence(stalled)[1].holds is False
