"""The representer room (K5): the optimum lies in the span of the data."""

from __future__ import annotations

import pytest

from kernelboost.experiments.representer.claims import k5_representer
from tests.flips import flips


@pytest.mark.can_fail("K5")
def test_representer_optimum_lies_in_the_span() -> None:
    from kernelboost.experiments.representer.study import representer_table

    table = representer_table(n_samples=10, n_features=3, degree=2, C=1.0, seed=1)
    assert table["dimension"].iloc[0] == 16
    assert table["orth_ratio"].iloc[0] > 0.5  # the start is mostly outside
    rows = k5_representer(table)
    assert rows[0].holds
    assert rows[0].measured < 1e-6
    # Stopped after the first iterates, w still has a component outside the
    # span.
    stopped_early = table.iloc[:2]
    (row,) = flips(
        "K5", r"^‖w\* − Π w\*‖ / ‖w\*‖ after L-BFGS", k5_representer(stopped_early)
    )
    assert row.measured > 1e-6
