"""The knn_smoothness room (K21): boundary length of k-NN against k, the
claim rows, the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments._shared.grid import padded_grid
from kernelboost.experiments.knn_smoothness.claims import k21_knn_smoothness
from kernelboost.experiments.knn_smoothness.study import (
    boundary_length,
    knn_smoothness_tables,
)
from kernelboost.pipeline.jobs import place_rows, plotter
from tests.flips import flips

Tables = tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]


@pytest.fixture(scope="module")
def tables() -> Tables:
    data = make_dataset(
        {
            "generator": "moons",
            "n_samples": 120,
            "noise": 0.2,
            "label_noise": 0.1,
            "seed": 5,
        }
    )
    return knn_smoothness_tables(data, [1, 3, 7, 21, 45, 500], [1, 7, 21], 40, 0.5, 11)


def test_boundary_length_of_straight_and_empty_boundaries() -> None:
    grid = padded_grid(np.array([[0.0, 0.0], [1.0, 1.0]]), 101, pad=0.0)
    vertical = np.where(grid[:, 0] < 0.5, -1, 1)
    assert boundary_length(vertical, grid) == pytest.approx(1.0, abs=0.011)
    diagonal = np.where(grid[:, 1] > grid[:, 0] + 1e-9, -1, 1)
    assert boundary_length(diagonal, grid) == pytest.approx(2.0, abs=0.03)  # staircase
    assert boundary_length(np.ones(len(grid)), grid) == 0.0
    with pytest.raises(ValueError, match="square grid"):
        boundary_length(np.ones(10), grid[:10])


def test_the_sweep_skips_k_above_the_training_size(tables: Tables) -> None:
    lengths, regions, points = tables
    assert lengths["k"].tolist() == [1, 3, 7, 21, 45]  # 60 training points: no 500
    assert (lengths["n_train"] == 60).all()
    assert lengths.loc[lengths["k"] == 1, "train_error"].iloc[0] == 0.0
    assert list(dict.fromkeys(regions["k"])) == [1, 7, 21]
    assert len(regions) == 3 * 40 * 40
    assert int(points["train"].sum()) == 60
    # The lengths are those of the drawn regions.
    grid = regions[regions["k"] == 7][["x1", "x2"]].to_numpy()
    drawn = regions[regions["k"] == 7]["prediction"].to_numpy()
    assert lengths.set_index("k").loc[7, "boundary_length"] == pytest.approx(
        boundary_length(drawn, grid)
    )


@pytest.mark.can_fail("K21")
def test_k21_rows_follow_the_lengths(tables: Tables) -> None:
    lengths, _, _ = tables
    rows = place_rows("K21", k21_knn_smoothness(lengths))
    assert [r.kind for r in rows] == ["empirical", "illustration"]
    L = lengths.set_index("k")["boundary_length"]
    assert L[1] > L[21]  # 1-NN's Voronoi boundary is the longest
    assert rows[0].measured < 0
    assert rows[0].holds
    assert "5 values of k from 1 to 45" in rows[0].quantity
    assert rows[1].measured == pytest.approx(L[21] / L[1])
    assert "L(1) = " in rows[1].quantity
    assert "L(21) = " in rows[1].quantity
    # A boundary that lengthens as k grows is a failure ...
    growing = lengths.assign(boundary_length=np.arange(1.0, len(lengths) + 1))
    (row,) = flips(
        "K21",
        r"^Spearman rank correlation of k and the boundary length",
        k21_knn_smoothness(growing),
    )
    assert row.measured == pytest.approx(1.0)
    assert f"{len(lengths) - 1} of {len(lengths) - 1} steps lengthen it" in row.quantity
    # ... and so is a length that does not change: ρ undefined, not a pass.
    flat = lengths.assign(boundary_length=2.0)
    (row,) = flips(
        "K21",
        r"^Spearman rank correlation of k and the boundary length",
        k21_knn_smoothness(flat),
    )
    assert np.isnan(row.measured)
    # One step up among falling lengths is a tendency, not monotonicity: held.
    wobbly = lengths.assign(boundary_length=[5.0, 4.0, 4.5, 2.0, 1.0])
    assert k21_knn_smoothness(wobbly)[0].holds


def test_the_figure_draws(tables: Tables, tmp_path) -> None:
    save_figure(plotter("knn_smoothness")(*tables), tmp_path / "k.png")
    assert (tmp_path / "k.png").stat().st_size > 1000


def test_the_suptitle_counts_the_steps_that_shorten_the_boundary(
    tables: Tables,
) -> None:
    """No "larger k, smoother boundary" over data that can say otherwise: the
    suptitle counts the steps to a larger k that shorten the boundary, and
    follows the lengths when they grow instead."""
    lengths, regions, points = tables
    fig = plotter("knn_smoothness")(lengths, regions, points)
    title = fig.get_suptitle()
    plt.close(fig)
    L = lengths.sort_values("k")["boundary_length"].to_numpy()
    shorter = int(np.count_nonzero(np.diff(L) < 0))
    assert title == (
        f"k-NN decision boundary length against k: {shorter} of 4 steps to a "
        "larger k shorten it (K21)"
    )
    assert "smoother" not in title
    growing = lengths.assign(boundary_length=np.arange(1.0, len(lengths) + 1))
    fig = plotter("knn_smoothness")(growing, regions, points)
    assert fig.get_suptitle() == (
        "k-NN decision boundary length against k: 0 of 4 steps to a larger k "
        "shorten it (K21)"
    )
    plt.close(fig)
    wobbly = lengths.assign(boundary_length=[5.0, 4.0, 4.5, 2.0, 1.0])
    fig = plotter("knn_smoothness")(wobbly, regions, points)
    assert ": 3 of 4 steps" in fig.get_suptitle()
    plt.close(fig)
