"""The knn_k room (K14, E4): k-NN's errors against k and the claim rows."""

from __future__ import annotations

import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments.knn_k.claims import k14_knn
from kernelboost.experiments.knn_k.study import knn_tables


@pytest.mark.can_fail("K14")
def test_k14_rows() -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 120, "noise": 0.2, "label_noise": 0.1}
    )
    tables = knn_tables(data, [1, 5, 15], [1, 5], 0.5, seed=3, grid_points=12)
    errors = tables[0]
    assert errors["k"].tolist() == [1, 5, 15, 60]
    rows = k14_knn(*tables)
    assert rows[0].holds  # 1-NN: no training error
    assert rows[1].holds  # k = N: the majority
    n_test = int(errors["n_test"].iloc[0])
    assert n_test == 60
    flat = errors.assign(test_error=6 / 60, majority_test_error=6 / 60)
    verdicts = [r.verdict for r in k14_knn(flat, *tables[1:])][2:]
    assert verdicts == ["not resolved", "not resolved"]
    # k* (smallest LOO error) is k = 5 here: clear over- and underfitting hold,
    # and 1-NN beating k* by far is a failure, not a missing verdict.
    shaped = errors.assign(
        loo_error=[0.2, 0.05, 0.1, float("nan")],
        test_error=[30 / 60, 3 / 60, 10 / 60, 40 / 60],
    )
    rows = k14_knn(shaped, *tables[1:])
    assert [r.verdict for r in rows][2:] == ["true", "true"]
    assert "k* = 5" in rows[2].quantity
    inverted = shaped.assign(test_error=[2 / 60, 30 / 60, 30 / 60, 40 / 60])
    assert k14_knn(inverted, *tables[1:])[2].verdict == "false"


@pytest.mark.can_fail("E4")
def test_e4_compares_the_loo_errors_of_1nn_and_3nn() -> None:
    from kernelboost.experiments.knn_k.claims import e4_knn_loo
    from kernelboost.experiments.knn_k.study import knn_tables

    data = make_dataset(
        {"generator": "moons", "n_samples": 120, "noise": 0.3, "seed": 1}
    )
    errors, regions, points = knn_tables(data, [1, 3, 5], [1], 0.5, 0, 10)
    (row,) = e4_knn_loo(errors, regions, points)
    loo = errors.set_index("k")["loo_error"]
    assert row.measured == pytest.approx(loo[1] - loo[3])
    assert row.ci_low <= row.measured <= row.ci_high
    # 60 training points: 3 against 18 LOO mistakes is clearly the wrong way.
    flipped = errors.copy()
    flipped["loo_error"] = [0.05, 0.3, 0.3, float("nan")][: len(flipped)]
    assert e4_knn_loo(flipped, regions, points)[0].verdict == "false"
    close = errors.copy()
    close["loo_error"] = [4 / 60, 3 / 60, 3 / 60, float("nan")][: len(close)]
    assert e4_knn_loo(close, regions, points)[0].verdict == "not resolved"
    clear = errors.copy()
    clear["loo_error"] = [20 / 60, 5 / 60, 5 / 60, float("nan")][: len(clear)]
    assert e4_knn_loo(clear, regions, points)[0].verdict == "true"
