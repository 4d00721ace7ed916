"""K10 study: boundary length, the σ sweep's tables, the claim rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost import claims
from kernelboost.datasets import make_dataset
from kernelboost.pipeline import plotter
from kernelboost.plotting import save_figure
from kernelboost.studies._grid import padded_grid
from kernelboost.studies.sigma import boundary_length, sigma_tables


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    data = make_dataset(
        {"generator": "moons", "n_samples": 80, "noise": 0.2, "seed": 3}
    )
    return sigma_tables(data, [0.05, 0.3, 3.0], 10.0, 4, 0, 0.5, 1, 25)


def test_boundary_length_of_straight_and_closed_boundaries() -> None:
    square = np.array([[0.0, 0.0], [1.0, 1.0]])
    grid = padded_grid(square, 101, pad=0.0)
    vertical = np.where(grid[:, 0] < 0.5, -1, 1)
    assert boundary_length(vertical, grid) == pytest.approx(1.0, abs=0.011)  # ±1 step
    diagonal = np.where(grid[:, 1] > grid[:, 0] + 1e-9, -1, 1)
    # A staircase along the diagonal: |Δx1| + |Δx2| = 2 (not √2).
    assert boundary_length(diagonal, grid) == pytest.approx(2.0, abs=0.03)
    assert boundary_length(np.ones(len(grid)), grid) == 0.0


def test_sweep_table_is_sorted_and_marks_one_cv_choice(tables) -> None:
    errors, regions, points = tables
    assert errors["sigma"].tolist() == [0.05, 0.3, 3.0]
    assert errors["chosen"].sum() == 1
    best = errors["cv_error"].min()
    assert errors.loc[errors["chosen"], "cv_error"].iloc[0] == best
    assert errors["knn1_agreement"].between(0, 1).all()
    # 1-NN (σ = 0), the smallest, the chosen and the largest σ are drawn.
    assert regions["sigma"].iloc[0] == 0.0
    assert {0.05, 3.0} <= set(regions["sigma"])
    assert points["train"].sum() == errors["n_train"].iloc[0] == 40
    # A tiny σ fits the training set exactly; the boundary shortens with σ.
    assert errors["train_error"].iloc[0] == 0.0
    assert errors["boundary_length"].iloc[0] > errors["boundary_length"].iloc[-1]


def test_k10_rows_follow_the_numbers(tables) -> None:
    errors = tables[0].copy()
    rows = claims.k10_sigma_bias_variance(errors, *tables[1:])
    assert [r.id for r in rows] == ["K10"] * 3
    assert rows[2].holds is None  # the CV choice is an illustration
    assert rows[1].measured == errors["knn1_agreement"].iloc[0]
    broken = errors.copy()
    broken.loc[1, "train_error"] = broken["train_error"].max() + 0.2
    broken.loc[0, "knn1_agreement"] = 0.5
    bad = claims.k10_sigma_bias_variance(broken, *tables[1:])
    assert bad[0].holds is False
    assert bad[1].holds is False


def test_figure_draws(tables, tmp_path) -> None:
    save_figure(plotter("sigma_bias_variance")(*tables), tmp_path / "s.png")
    assert (tmp_path / "s.png").stat().st_size > 1000
