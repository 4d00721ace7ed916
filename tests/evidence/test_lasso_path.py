"""The lasso_path room (S1): Lasso and ridge paths, the claim rows and the
figure."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.lasso_path.claims import s1_lasso_zeros
from marginlab.experiments.lasso_path.figures import plot_lasso_path
from marginlab.experiments.lasso_path.study import lasso_ridge_tables, standardize
from tests.flips import flips

from .conftest import _round_trip


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
    assert [r.name for r in good] == ["monotone/lasso", "zeros/ridge", "dropouts/lasso"]
    assert [r.holds for r in good] == [True, True, None]
    assert [r.kind for r in good] == ["empirical", "check", "illustration"]
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
    assert [r.holds for r in s1_lasso_zeros(weights, zeros)] == [True, True, None]
    broken = zeros.copy()
    ridge = broken.index[broken["method"] == "ridge"]
    broken.loc[ridge[0], "n_zero"] = 2
    lasso = broken.index[broken["method"] == "lasso"]
    broken.loc[lasso[0], "n_zero"] = 0  # the count falls as λ grows to α_max
    rows = s1_lasso_zeros(weights, broken)
    (lasso_row,) = flips("S1", "monotone/lasso", rows)
    # falls to 0 at α_max
    assert lasso_row.measured == broken.loc[lasso[1], "n_zero"]
    # The ridge row is a check (the closed form is zero only by accident): it
    # still reads the numbers, and fails as a check.
    (ridge_row,) = [r for r in rows if r.name == "zeros/ridge"]
    assert (ridge_row.kind, ridge_row.verdict) == ("check", "false")
    assert ridge_row.measured == 2.0


# --- figures -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plot", "fixture"),
    [(plot_lasso_path, "paths")],
)
def test_figures_draw(plot, fixture, request, tmp_path) -> None:
    save_figure(plot(*request.getfixturevalue(fixture)), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


def _zero_titles(weights, zeros) -> tuple[str, str, str, str]:
    fig = plot_lasso_path(weights, zeros)
    titles = tuple(ax.get_title() for ax in fig.axes[:4])
    plt.close(fig)
    return titles


def test_titles_count_the_falls_of_the_zero_count(paths) -> None:
    """No "weights reach exactly 0" / "none is 0" over data that can say
    otherwise: the top titles name the objectives, the Lasso's zero panel
    counts the steps to a larger λ at which the count fell (S1's first row
    fails exactly when one did), ridge's gives its exact zeros."""
    weights, zeros = paths
    lasso_top, ridge_top, lasso_zeros, ridge_zeros = _zero_titles(weights, zeros)
    assert lasso_top == "Lasso: ½m⁻¹‖y − b − Xw‖² + λ‖w‖₁"
    assert ridge_top == "Ridge: ‖y − b − Xw‖² + λ‖w‖²"
    assert ridge_zeros == "number of weights exactly 0 (total 0)"
    z = zeros[zeros["method"] == "lasso"].sort_values("alpha")
    falls = int(np.sum(np.diff(z["n_zero"].to_numpy()) < 0))
    steps = len(z) - 1
    assert falls > 0  # the diabetes drop-out (s3)
    assert s1_lasso_zeros(weights, zeros)[0].holds is False
    assert lasso_zeros == (
        f"number of weights exactly 0 against λ: falls at {falls} of {steps} "
        "steps to a larger λ"
    )
    # The count made non-decreasing in λ: the row holds, the title says so.
    lasso = zeros["method"] == "lasso"
    rank = zeros.loc[lasso, "alpha"].rank(method="first").astype(int)
    monotone = zeros.copy()
    monotone.loc[lasso, "n_zero"] = (rank * 10 // len(rank)).clip(upper=10)
    assert s1_lasso_zeros(weights, monotone)[0].holds is True
    assert _zero_titles(weights, monotone)[2] == (
        "number of weights exactly 0 against λ: never falls to a larger λ"
    )


def test_the_feature_names_clear_each_other_the_paths_and_the_zero_line(
    paths,
) -> None:
    """Each top panel names every feature once, in a margin left of where the
    paths and the zero line start (the names once sat on the paths' ends,
    "age" on the zero line), no two names overlapping; the zero line spans
    the paths' λ range only."""
    weights, zeros = paths
    fig = plot_lasso_path(weights, zeros)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        features = list(dict.fromkeys(weights["feature"]))
        for ax, method in zip(fig.axes[:2], ("lasso", "ridge"), strict=True):
            names = [t for t in ax.texts if t.get_text() in features]
            assert sorted(t.get_text() for t in names) == sorted(features)
            assert all(t.get_fontsize() >= 8 for t in names)
            boxes = [t.get_window_extent(renderer) for t in names]
            for i, box in enumerate(boxes):
                assert all(not box.overlaps(other) for other in boxes[i + 1 :])
            lo = float(weights.loc[weights["method"] == method, "alpha"].min())
            start = ax.transData.transform((lo, 0.0))[0]
            assert max(box.x1 for box in boxes) < start
            assert min(box.x0 for box in boxes) > ax.get_window_extent(renderer).x0
            (zero_line,) = ax.collections
            (segment,) = zero_line.get_segments()
            assert segment[:, 0].min() == pytest.approx(lo)
    finally:
        plt.close(fig)


def test_one_legend_below_the_panels_names_alpha_max_and_the_dropouts(
    paths,
) -> None:
    """No text inside the panels but the features' names: α_max and the
    stretches where a weight is back at 0 (named by their feature, from the
    table) are in one legend below the panels."""
    weights, zeros = paths
    fig = plot_lasso_path(weights, zeros)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        (legend,) = fig.legends
        texts = [t.get_text() for t in legend.get_texts()]
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            assert ax.get_legend() is None
            assert box.y1 <= ax.get_window_extent(renderer).y0
        assert all(t.get_fontsize() >= 8 for t in legend.get_texts())
        features = set(weights["feature"])
        assert all(t.get_text() in features for t in fig.axes[0].texts)
        assert all(not ax.texts for ax in fig.axes[2:])
    finally:
        plt.close(fig)
    alpha_max = float(zeros["alpha_max"].iloc[0])
    assert texts[0] == f"α_max = {alpha_max:.3g}: every Lasso weight 0"
    assert texts[1].startswith("s3: back at exactly 0")
