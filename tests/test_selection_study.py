"""S1–S4 studies: Lasso/ridge paths, the L1 diamond, subset selection, z-scores."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import make_dataset, make_forward_trap
from kernelboost.core.io import write_frame_atomic
from kernelboost.estimators.selection import z_scores
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments._shared.rows import to_frame
from kernelboost.experiments.lasso_path.claims import s1_lasso_zeros
from kernelboost.experiments.lasso_path.figures import plot_lasso_path
from kernelboost.experiments.lasso_path.study import lasso_ridge_tables, standardize
from kernelboost.experiments.lasso_ridge_contours.claims import s2_contours
from kernelboost.experiments.lasso_ridge_contours.figures import (
    plot_lasso_ridge_contours,
)
from kernelboost.experiments.lasso_ridge_contours.study import (
    constrained_lasso_2d,
    constrained_ridge,
    contour_tables,
)
from kernelboost.experiments.subset_selection.claims import (
    s3_subset_selection,
    s4_zscore_elimination,
)
from kernelboost.experiments.subset_selection.figures import plot_subset_selection
from kernelboost.experiments.subset_selection.study import (
    design_z_scores,
    subset_tables,
)
from kernelboost.pipeline.jobs import place_rows


def _round_trip(tables, tmp_path_factory) -> list[pd.DataFrame]:
    """Write each table as the workflow does and read it back as claim_rows.py does."""
    folder = tmp_path_factory.mktemp("tables")
    out = []
    for i, table in enumerate(tables):
        write_frame_atomic(table, folder / f"{i}.csv")
        out.append(pd.read_csv(folder / f"{i}.csv"))
    return out


@pytest.fixture(scope="module")
def diabetes():
    return make_dataset({"generator": "diabetes"})


@pytest.fixture(scope="module")
def paths(diabetes, tmp_path_factory):
    return _round_trip(
        lasso_ridge_tables(
            diabetes, n_alphas=60, ridge_lams=[1e-2, 1.0, 1e2, 1e4, 1e6]
        ),
        tmp_path_factory,
    )


@pytest.fixture(scope="module")
def sparse_paths(tmp_path_factory):
    data = make_dataset(
        {
            "generator": "sparse_regression",
            "n_samples": 200,
            "n_features": 10,
            "n_informative": 3,
            "noise": 0.5,
            "seed": 8,
        }
    )
    return _round_trip(
        lasso_ridge_tables(data, n_alphas=60, ridge_lams=[0.1, 10.0, 1e3], name="sp"),
        tmp_path_factory,
    )


@pytest.fixture(scope="module")
def contours(tmp_path_factory):
    return _round_trip(contour_tables(0, grid_points=41), tmp_path_factory)


@pytest.fixture(scope="module")
def subsets(diabetes, tmp_path_factory):
    return _round_trip(
        subset_tables(diabetes, make_forward_trap(n_samples=60), n_splits=3, seed=12),
        tmp_path_factory,
    )


# --- S1 ------------------------------------------------------------------------


def test_standardize_gives_zero_mean_unit_variance() -> None:
    X = np.column_stack([np.arange(5.0), 3.0 * np.arange(5.0) + 7.0, np.ones(5)])
    Z = standardize(X)
    np.testing.assert_allclose(Z.mean(axis=0), 0.0, atol=1e-15)
    np.testing.assert_allclose(Z.std(axis=0), [1.0, 1.0, 0.0])


def test_lasso_path_tables_start_at_all_zero_and_ridge_never_zero(paths) -> None:
    weights, zeros = paths
    lasso = zeros[zeros["method"] == "lasso"]
    assert lasso["alpha"].iloc[0] == pytest.approx(lasso["alpha_max"].iloc[0])
    assert lasso["n_zero"].iloc[0] == 10  # w = 0 at α_max
    assert lasso["n_zero"].iloc[-1] < 10
    assert (zeros.loc[zeros["method"] == "ridge", "n_zero"] == 0).all()
    assert len(weights) == 10 * len(zeros)


def test_s1_holds_on_sparse_data_and_catches_the_diabetes_dropout(
    paths, sparse_paths
) -> None:
    good = s1_lasso_zeros(*sparse_paths)
    assert [r.holds for r in good] == [True, True, None]
    assert good[2].measured == 0.0
    # On diabetes, s3 (HDL) leaves the Lasso model on a stretch of λ (LARS paper).
    rows = s1_lasso_zeros(*paths)
    assert rows[0].holds is False
    assert rows[0].measured == 1.0
    assert rows[1].holds is True
    assert rows[2].measured == 1.0
    assert "s3" in rows[2].quantity


@pytest.mark.can_fail("S1")
def test_s1_rows_follow_broken_numbers(sparse_paths) -> None:
    weights, zeros = sparse_paths
    broken = zeros.copy()
    ridge = broken.index[broken["method"] == "ridge"]
    broken.loc[ridge[0], "n_zero"] = 2
    lasso = broken.index[broken["method"] == "lasso"]
    broken.loc[lasso[0], "n_zero"] = 0  # the count falls as λ grows to α_max
    rows = s1_lasso_zeros(weights, broken)
    assert rows[0].holds is False
    assert rows[0].measured == broken.loc[lasso[1], "n_zero"]  # falls to 0 at α_max
    assert rows[1].holds is False
    assert rows[1].measured == 2.0


# --- S2 ------------------------------------------------------------------------


def test_contour_solutions_are_exact_and_on_the_balls(contours) -> None:
    grid, balls, solutions = contours
    s = solutions.set_index("method")
    lasso, ridge = s.loc["lasso"], s.loc["ridge"]
    assert lasso["l1_norm"] == pytest.approx(1.0, abs=1e-12)
    assert ridge["l2_norm"] == pytest.approx(1.0, abs=1e-10)
    assert (lasso["n_zero"], ridge["n_zero"]) == (1, 0)  # a tip; off the axes
    assert lasso["path_check"] <= 1e-8  # penalized path at the equivalent λ
    assert ridge["path_check"] <= 1e-10
    assert s.loc["least_squares", "rss"] <= min(lasso["rss"], ridge["rss"])
    assert len(grid) == 41 * 41
    assert set(balls["shape"]) == {"l1", "l2"}


def test_constrained_solvers_beat_every_feasible_boundary_point() -> None:
    rng = np.random.default_rng(3)
    X = rng.standard_normal((50, 2)) @ np.array([[1.0, 0.7], [0.0, 0.5]])
    y = X @ np.array([1.5, -1.0]) + 0.3 * rng.standard_normal(50)
    Xc, yc = X - X.mean(axis=0), y - y.mean()

    def rss(w):
        return np.sum((yc[:, None] - Xc @ np.atleast_2d(w).T) ** 2, axis=0)

    theta = np.linspace(0, 2 * np.pi, 4001)
    t = 0.8
    diamond = t * np.column_stack([np.cos(theta), np.sin(theta)])
    diamond /= np.abs(diamond).sum(axis=1, keepdims=True) / t
    w = constrained_lasso_2d(X, y, t)
    assert np.abs(w).sum() == pytest.approx(t)
    assert rss(w)[0] <= rss(diamond).min() + 1e-9
    circle = t * np.column_stack([np.cos(theta), np.sin(theta)])
    w2, lam = constrained_ridge(X, y, t)
    assert lam > 0
    assert np.linalg.norm(w2) == pytest.approx(t)
    assert rss(w2)[0] <= rss(circle).min() + 1e-9
    # A budget larger than ‖β̂‖₁ leaves least squares unconstrained.
    big = constrained_lasso_2d(X, y, 100.0)
    np.testing.assert_allclose(big, np.linalg.lstsq(Xc, yc, rcond=None)[0])


def test_s2_rows_are_illustrations(contours) -> None:
    rows = place_rows("S2", s2_contours(*contours))
    assert [r.holds for r in rows] == [None, None]
    assert [r.measured for r in rows] == [1.0, 0.0]
    assert {r.figure for r in rows} == {"lasso_ridge_contours"}


# --- S3, S4 --------------------------------------------------------------------


def test_design_z_scores_match_the_library() -> None:
    data = make_forward_trap(n_samples=40, seed=5)
    np.testing.assert_allclose(
        design_z_scores(data.X, data.y), z_scores(data.X, data.y), rtol=1e-9
    )


def test_trap_has_x1_best_alone_and_x2_x3_best_pair(subsets) -> None:
    path, all_subsets, counts, zscores = subsets
    trap = all_subsets[all_subsets["dataset"] == "forward_trap"]
    best = trap.loc[trap.groupby("size")["cv_mse"].idxmin()].set_index("size")
    assert best.loc[1, "features"] == "x1"
    assert best.loc[2, "features"] == "x2+x3"
    assert len(all_subsets[all_subsets["dataset"] == "diabetes"]) == 1023
    assert set(counts["formula_value"]) == {1023, 55, 10, 7, 6, 3}
    assert (counts["library_count"] == counts["formula_value"]).all()


def test_subset_tables_names_both_datasets(subsets) -> None:
    path, all_subsets, counts, zscores = subsets
    for table in subsets:
        assert list(dict.fromkeys(table["dataset"])) == ["diabetes", "forward_trap"]
    # The trap's generator and parameters are in the configuration, not here.
    assert "description" not in counts
    assert counts.groupby("dataset")["n_samples"].first().to_dict() == {
        "diabetes": 442,
        "forward_trap": 60,
    }


def test_subset_tables_takes_the_trap_as_a_dataset() -> None:
    data = make_forward_trap(n_samples=30, seed=1)
    trap = make_forward_trap(n_samples=20, seed=2)
    counts = subset_tables(data, trap, n_splits=2, name="a", trap_name="b")[2]
    assert counts[["dataset", "n_samples"]].drop_duplicates().values.tolist() == [
        ["a", 30],
        ["b", 20],
    ]
    labels = make_dataset({"generator": "xor", "n_samples": 20})
    with pytest.raises(ValueError, match="'trap' must be regression data"):
        subset_tables(data, labels)
    with pytest.raises(ValueError, match="'data' must be regression data"):
        subset_tables(labels, trap)


def test_s3_s4_hold_on_a_real_run(subsets) -> None:
    s3 = s3_subset_selection(*subsets)
    assert len(s3) == 10  # 4 methods × 2 datasets + one pair row per dataset
    counted = [r for r in s3 if r.kind == "identity"]
    assert all(r.holds for r in counted)
    trap = [r for r in s3 if r.kind == "empirical"]
    assert len(trap) == 1
    assert trap[0].holds is True
    assert trap[0].measured == 1.0
    assert "x2+x3" in trap[0].quantity
    s4 = s4_zscore_elimination(*subsets)
    assert [r.holds for r in s4] == [True, True]
    assert to_frame(s3 + s4)["holds"].isin(["true", "n/a"]).all()


def test_the_trap_is_known_by_its_role_not_its_name(diabetes) -> None:
    tables = subset_tables(
        diabetes,
        make_forward_trap(n_samples=60),
        n_splits=3,
        seed=12,
        trap_name="my_trap",
    )
    counts = tables[2]
    assert set(counts.loc[counts["dataset"] == "my_trap", "role"]) == {"trap"}
    assert set(counts.loc[counts["dataset"] == "diabetes", "role"]) == {"data"}
    (trap,) = [r for r in s3_subset_selection(*tables) if r.kind == "empirical"]
    assert trap.dataset.startswith("my_trap")
    assert trap.holds is True


@pytest.mark.can_fail("S3", "S4")
def test_s3_s4_rows_follow_broken_numbers(subsets) -> None:
    path, all_subsets, counts, zscores = subsets
    bad_counts = counts.copy()
    bad_counts.loc[0, "n_models"] += 1
    bad_path = path.copy()
    trap_pair = (bad_path["dataset"] == "forward_trap") & (bad_path["size"] == 2)
    bad_path.loc[trap_pair, "features"] = "x2+x3"  # forward finds the pair
    rows = s3_subset_selection(bad_path, all_subsets, bad_counts, zscores)
    assert rows[0].holds is False
    assert next(r for r in rows if r.kind == "empirical").holds is False

    bad_z = zscores.copy()
    step1 = (bad_z["dataset"] == "diabetes") & (bad_z["step"] == 1)
    removed = step1 & bad_z["removed"]
    bad_z.loc[removed, ["z", "abs_z"]] = 99.0  # removed feature no longer smallest
    s4 = s4_zscore_elimination(path, all_subsets, counts, bad_z)
    assert s4[0].holds is False
    assert s4[0].measured == 1.0
    assert s4[1].holds is True


# --- figures -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plot", "fixture"),
    [
        (plot_lasso_path, "paths"),
        (plot_lasso_ridge_contours, "contours"),
        (plot_subset_selection, "subsets"),
    ],
)
def test_figures_draw(plot, fixture, request, tmp_path) -> None:
    save_figure(plot(*request.getfixturevalue(fixture)), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
