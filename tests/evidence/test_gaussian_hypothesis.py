"""The gaussian_hypothesis room (K9): kernel logistic regression on a line, the
tables and the claim rows."""

from __future__ import annotations

import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments.gaussian_hypothesis.claims import k9_gaussian_hypothesis
from kernelboost.experiments.gaussian_hypothesis.study import gaussian_hypothesis_tables


@pytest.mark.can_fail("K9")
def test_k9_tables_and_rows(interval) -> None:
    tables = gaussian_hypothesis_tables(
        interval, sigma=0.5, step=0.05, l2=0.1, max_epochs=20000, n_grid=101, seed=0
    )
    history, curve, bumps = tables
    assert set(history["method"]) == {"batch", "stochastic"}
    assert len(curve) == 101
    assert len(bumps) == 30
    rows = k9_gaussian_hypothesis(*tables)
    assert len(rows) == 4
    assert all(r.holds for r in rows)
    # A stochastic run stopped early (different h) is reported as not holding.
    worse = curve.copy()
    worse["h_stochastic"] = worse["h_stochastic"] + 0.01
    gap = k9_gaussian_hypothesis(history, worse, bumps)[2]
    assert gap.holds is False


def test_k9_needs_one_feature() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 10})
    with pytest.raises(ValueError, match="the data have 2 features"):
        gaussian_hypothesis_tables(data, 0.5, 0.05, 0.1, 10, 11, 0)
