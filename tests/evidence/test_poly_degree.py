"""The poly_degree room (K12): the table, the feature-space radius and the claim
rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments.poly_degree.claims import k12_poly_degree
from kernelboost.pipeline.jobs import place_rows


@pytest.fixture(scope="module")
def k12_table() -> pd.DataFrame:
    from kernelboost.experiments.poly_degree.study import poly_degree_table

    data = make_dataset({"generator": "circles", "n_samples": 60, "seed": 1})
    noisy = make_dataset(
        {
            "generator": "moons",
            "n_samples": 80,
            "noise": 0.2,
            "label_noise": 0.1,
            "seed": 2,
        }
    )
    return poly_degree_table(
        data, noisy, [1, 2, 3], C_soft=10.0, test_fraction=0.5, seed=0
    )


def test_k12_table(k12_table) -> None:
    table = k12_table
    assert table["role"].tolist() == ["data"] * 3 + ["noisy"] * 3
    assert table["dataset"].tolist() == ["data"] * 3 + ["noisy"] * 3
    base = table[table["role"] == "data"]
    # Circles: not separable by a line; separable by the quadratic kernel.
    assert base["separable"].tolist() == [False, True, True]
    assert base["C"].iloc[0] == 10.0
    # R = max_i (1 + ‖x_i‖²)^{d/2}, features scaled by max|x|: 1 < R ≤ 3^{d/2}.
    d = table["degree"].to_numpy()
    assert (table["radius"] > 1).all()
    assert (table["radius"] <= 3 ** (d / 2)).all()
    assert np.allclose(table["margin_over_radius"], table["margin"] / table["radius"])
    assert (table["n_test"] == [30] * 3 + [40] * 3).all()


def test_k12_radius_is_the_feature_space_norm() -> None:
    from kernelboost.experiments.poly_degree.study import poly_degree_table

    data = make_dataset({"generator": "circles", "n_samples": 40, "seed": 4})
    table = poly_degree_table(data, data, [2], 10.0, 0.5, 0)
    X = data.X / np.abs(data.X).max()
    train = table["n_train"].iloc[0]
    assert train == 20
    # ψ(x) = (1, √2 x1, √2 x2, x1², √2 x1x2, x2²) has ‖ψ(x)‖ = 1 + ‖x‖².
    from kernelboost.estimators.model_selection import train_test_split

    rows, _ = train_test_split(data.y, 0.5, 0)
    assert table["radius"].iloc[0] == pytest.approx(
        float((1 + (X[rows] ** 2).sum(axis=1)).max())
    )


def test_k12_rows(k12_table) -> None:
    rows = place_rows("K12", k12_poly_degree(k12_table))
    assert [r.id for r in rows] == ["K12"] * 3
    assert [r.kind for r in rows] == ["empirical"] * 3
    assert rows[0].holds
    assert rows[0].measured == 0.0
    base = k12_table[k12_table["role"] == "data"]
    sep = base[base["separable"]]
    ratio = sep["margin_over_radius"].max() / sep["margin_over_radius"].iloc[0]
    assert rows[1].measured == pytest.approx(ratio)
    noisy = k12_table[k12_table["role"] == "noisy"]
    diff = noisy["test_error"].iloc[-1] - noisy["test_error"].iloc[:-1].min()
    assert rows[2].measured == pytest.approx(diff)
    assert rows[2].ci_low <= rows[2].measured <= rows[2].ci_high
    assert "circles" not in rows[2].dataset
    assert rows[2].dataset.startswith("noisy")


@pytest.mark.can_fail("K12")
def test_k12_rows_can_fail(k12_table) -> None:
    table = k12_table.copy()
    noisy = table.index[table["role"] == "noisy"]
    # No degree separates the data.
    unseparable = table.assign(train_error=0.1, separable=False)
    rows = k12_poly_degree(unseparable)
    assert rows[0].holds is False
    assert rows[1].verdict == "false"  # no separable degree: NaN
    # margin/R shrinks with the degree although the margin itself grows.
    shrinking = table.copy()
    data = shrinking.index[shrinking["role"] == "data"]
    shrinking.loc[data, "margin"] = [1.0, 2.0, 4.0]
    shrinking.loc[data, "margin_over_radius"] = [1.0, 0.5, 0.25]
    assert k12_poly_degree(shrinking)[1].holds is False
    # The largest degree errs on 20 of 40 test points, the best lower on 4.
    table.loc[noisy, "test_error"] = [0.2, 0.1, 0.5]
    row = k12_poly_degree(table)[2]
    assert row.measured == pytest.approx(0.4)
    assert row.verdict == "true"
    # The largest degree is the best: does not hold.
    table.loc[noisy, "test_error"] = [0.5, 0.5, 0.1]
    assert k12_poly_degree(table)[2].verdict == "false"
    # Two test points of 40 apart: not resolved.
    table.loc[noisy, "test_error"] = [0.2, 0.1, 0.15]
    row = k12_poly_degree(table)[2]
    assert row.measured == pytest.approx(0.05)
    assert row.ci_low < 0 < row.ci_high
    assert row.verdict == "not resolved"
