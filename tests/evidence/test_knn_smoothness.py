"""The knn_smoothness room (K21): boundary length of k-NN against k, the
claim rows, the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt
from scipy import stats

from marginlab.core.datasets import make_dataset
from marginlab.estimators.knn import KNN
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments._shared.grid import padded_grid
from marginlab.experiments._shared.samples import (
    ONE_TRAINING_SET,
    correlations,
    replicate_seed,
)
from marginlab.experiments.knn_smoothness.claims import k21_knn_smoothness
from marginlab.experiments.knn_smoothness.study import (
    boundary_length,
    knn_predictions,
    knn_smoothness_tables,
)
from marginlab.pipeline.jobs import place_rows, plotter
from tests.flips import flips

Tables = tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]

SPEC = {
    "generator": "moons",
    "n_samples": 120,
    "noise": 0.2,
    "label_noise": 0.1,
    "seed": 5,
}
KS = [1, 3, 7, 21, 45, 500]


@pytest.fixture(scope="module")
def tables() -> Tables:
    return knn_smoothness_tables(
        make_dataset(SPEC), KS, [1, 7, 21], 40, 0.5, 11, SPEC, 4, 13
    )


def _sets(lengths: pd.DataFrame, *curves: list[float]) -> pd.DataFrame:
    """A ``replicates`` table: one training set per curve of lengths over
    the k of ``lengths``."""
    ks = lengths.sort_values("k")["k"].to_numpy()
    return pd.DataFrame(
        [
            {"replicate": r, "seed": r, "k": k, "boundary_length": L, "n_train": 60}
            for r, curve in enumerate(curves)
            for k, L in zip(ks, curve, strict=True)
        ]
    )


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
    lengths, regions, points, _ = tables
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


def test_one_sort_predicts_as_knn_does_ties_included() -> None:
    """knn_predictions is KNN's rule for every k at once: equal distances
    (points on an integer lattice, duplicated points) and tied votes (even k)
    are broken as KNN breaks them."""
    rng = np.random.default_rng(0)
    X = rng.integers(0, 4, size=(30, 2)).astype(float)
    y = np.where(rng.random(30) < 0.5, -1.0, 1.0)
    Z = np.vstack([X, rng.integers(-1, 5, size=(50, 2)).astype(float)])
    ks = [1, 2, 3, 4, 7, 30]
    at_once = knn_predictions(X, y, Z, ks)
    for k in ks:
        np.testing.assert_array_equal(at_once[k], KNN(k=k).fit(X, y).predict(Z))
    with pytest.raises(ValueError, match="every k"):
        knn_predictions(X, y, Z, [31])


def test_every_training_set_is_swept_as_the_first(tables: Tables) -> None:
    """Replicate 0 is the run's own set (its lengths those of ``lengths``);
    replicate r is the dataset of the seed derived from (13, r), swept alone
    as the first is."""
    lengths, _, _, replicates = tables
    assert sorted(set(replicates["replicate"])) == [0, 1, 2, 3]
    first = replicates[replicates["replicate"] == 0]
    np.testing.assert_allclose(
        first["boundary_length"].to_numpy(), lengths["boundary_length"].to_numpy()
    )
    assert (first["seed"] == 5).all()
    for r in (1, 3):
        part = replicates[replicates["replicate"] == r]
        seed = replicate_seed(13, r)
        assert (part["seed"] == seed).all()
        alone = knn_smoothness_tables(
            make_dataset({**SPEC, "seed": seed}), KS, [1], 40, 0.5, 11
        )[0]
        np.testing.assert_allclose(
            part["boundary_length"].to_numpy(), alone["boundary_length"].to_numpy()
        )
        assert (part["n_train"] == 60).all()


def test_the_row_reads_the_t_interval_of_the_mean_correlation(tables: Tables) -> None:
    lengths, _, _, replicates = tables
    row = k21_knn_smoothness(lengths, replicates)[0]
    rho = np.array(
        [
            stats.spearmanr(part["k"], part["boundary_length"]).statistic
            for _, part in replicates.groupby("replicate")
        ]
    )
    np.testing.assert_allclose(correlations(replicates, "k").to_numpy(), rho)
    low, high = stats.t.interval(
        0.95, len(rho) - 1, loc=rho.mean(), scale=stats.sem(rho)
    )
    assert row.measured == pytest.approx(rho.mean())
    assert (row.ci_low, row.ci_high) == pytest.approx((low, high))
    assert "mean over 4 training sets of 60 points" in row.quantity
    own = stats.spearmanr(lengths["k"], lengths["boundary_length"]).statistic
    assert f"the run's own: {own:.3g}" in row.quantity


@pytest.mark.can_fail("K21")
def test_k21_rows_follow_the_lengths(tables: Tables) -> None:
    lengths, _, _, replicates = tables
    rows = place_rows("K21", k21_knn_smoothness(lengths, replicates))
    assert [r.name for r in rows] == ["correlation", "length_ratio"]
    assert [r.kind for r in rows] == ["empirical", "illustration"]
    L = lengths.set_index("k")["boundary_length"]
    assert L[1] > L[21]  # 1-NN's Voronoi boundary is the longest
    assert rows[0].ci_high < 0
    assert rows[0].holds
    assert "5 values of k from 1 to 45" in rows[0].quantity
    assert rows[1].measured == pytest.approx(L[21] / L[1])
    assert "L(1) = " in rows[1].quantity
    assert "L(21) = " in rows[1].quantity
    n = len(lengths)
    up, down = list(np.arange(1.0, n + 1)), list(np.arange(n, 0.0, -1))
    # Boundaries that lengthen as k grows on every training set: a failure ...
    (row,) = flips(
        "K21", "correlation", k21_knn_smoothness(lengths, _sets(lengths, up, up, up))
    )
    assert (row.measured, row.ci_low, row.ci_high) == pytest.approx((1.0, 1.0, 1.0))
    # ... and so are lengths that do not change: ρ = 0 on every set, and an
    # interval [0, 0] is not below 0.
    flat = [2.0] * n
    (row,) = flips(
        "K21",
        "correlation",
        k21_knn_smoothness(lengths, _sets(lengths, flat, flat, flat)),
    )
    assert (row.measured, row.ci_low, row.ci_high) == (0.0, 0.0, 0.0)
    # Sets that disagree leave it open; sets that agree decide it.
    mixed = k21_knn_smoothness(lengths, _sets(lengths, up, down, up, down))[0]
    assert mixed.verdict == "not resolved"
    wobbly = [5.0, 4.0, 4.5, 2.0, 1.0]  # one step up: a tendency, not monotone
    falling = k21_knn_smoothness(lengths, _sets(lengths, wobbly, down, wobbly))[0]
    assert falling.holds
    # One training set (a dataset no seeded generator makes): no interval.
    alone = k21_knn_smoothness(lengths, replicates[replicates["replicate"] == 0])[0]
    assert alone.verdict == "not resolved"
    assert alone.unresolved == ONE_TRAINING_SET
    assert alone.quantity.endswith(f"; not resolved, {ONE_TRAINING_SET}")
    assert np.isnan(alone.ci_low)


def test_a_dataset_that_cannot_be_drawn_again_is_its_only_training_set() -> None:
    data = make_dataset(SPEC)
    lengths, *_, replicates = knn_smoothness_tables(
        data, [1, 7], [1], 20, 0.5, 11, {"generator": "csv", "path": "mine.csv"}, 5, 0
    )
    assert set(replicates["replicate"]) == {0}
    assert replicates["seed"].isna().all()
    assert k21_knn_smoothness(lengths, replicates)[0].verdict == "not resolved"


def test_the_figure_draws(tables: Tables, tmp_path) -> None:
    save_figure(plotter("knn_smoothness")(*tables), tmp_path / "k.png")
    assert (tmp_path / "k.png").stat().st_size > 1000


def test_the_figure_draws_the_interval_the_row_reads(tables: Tables) -> None:
    lengths, regions, points, replicates = tables
    row = k21_knn_smoothness(lengths, replicates)[0]
    fig = plotter("knn_smoothness")(*tables)
    ax = fig.axes[-1]
    assert ax.get_title().startswith("ρ on 4 training sets:")
    assert f"[{row.ci_low:.2f}, {row.ci_high:.2f}]" in ax.get_title()
    (bar,) = ax.containers
    segment = bar.lines[2][0].get_segments()[0]
    assert segment[:, 1] == pytest.approx([row.ci_low, row.ci_high])
    plt.close(fig)


def test_the_suptitle_counts_the_steps_that_shorten_the_boundary(
    tables: Tables,
) -> None:
    """No "larger k, smoother boundary" over data that can say otherwise: the
    suptitle counts the steps to a larger k that shorten the boundary, and
    follows the lengths when they grow instead."""
    lengths, regions, points, replicates = tables
    fig = plotter("knn_smoothness")(lengths, regions, points, replicates)
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
    fig = plotter("knn_smoothness")(growing, regions, points, replicates)
    assert fig.get_suptitle() == (
        "k-NN decision boundary length against k: 0 of 4 steps to a larger k "
        "shorten it (K21)"
    )
    plt.close(fig)
    wobbly = lengths.assign(boundary_length=[5.0, 4.0, 4.5, 2.0, 1.0])
    fig = plotter("knn_smoothness")(wobbly, regions, points, replicates)
    assert ": 3 of 4 steps" in fig.get_suptitle()
    plt.close(fig)
