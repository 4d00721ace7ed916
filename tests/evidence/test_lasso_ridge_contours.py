"""The lasso_ridge_contours room (S2): the constrained solvers, the contour
tables, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib import pyplot as plt

from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.lasso_ridge_contours.claims import s2_contours
from marginlab.experiments.lasso_ridge_contours.figures import (
    plot_lasso_ridge_contours,
)
from marginlab.experiments.lasso_ridge_contours.study import (
    constrained_lasso_2d,
    constrained_ridge,
    contour_tables,
)
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.cross_polytope import constrained_least_squares

from .conftest import _round_trip


@pytest.mark.parametrize("seed", range(6))
def test_two_features_agree_with_the_exact_edge_solver(seed) -> None:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((30, 2)) @ np.array([[1.0, 0.6], [0.0, 0.8]])
    y = X @ rng.standard_normal(2) + rng.standard_normal(30)
    beta = np.linalg.lstsq(X - X.mean(0), y - y.mean(), rcond=None)[0]
    for f in (0.1, 0.5, 0.9):
        t = f * np.abs(beta).sum()
        sol = constrained_least_squares(X, y, t)
        np.testing.assert_allclose(sol.w, constrained_lasso_2d(X, y, t), atol=1e-10)
        assert np.abs(sol.w).sum() == pytest.approx(t)


@pytest.fixture(scope="module")
def contours(tmp_path_factory):
    return _round_trip(contour_tables(0, grid_points=41), tmp_path_factory)


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
    assert [r.name for r in rows] == ["zeros/lasso", "zeros/ridge"]
    assert [r.holds for r in rows] == [None, None]
    assert [r.measured for r in rows] == [1.0, 0.0]
    assert {r.figure for r in rows} == {"lasso_ridge_contours"}


# --- figures -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plot", "fixture"),
    [(plot_lasso_ridge_contours, "contours")],
)
def test_figures_draw(plot, fixture, request, tmp_path) -> None:
    save_figure(plot(*request.getfixturevalue(fixture)), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_the_suptitle_is_neutral_and_the_legends_count_the_zeros(contours) -> None:
    """No "at a tip (one weight 0), the circle off the axes" over solutions
    that can sit elsewhere: the suptitle says what is drawn, each legend gives
    its solution's exact zeros from the table."""
    fig = plot_lasso_ridge_contours(*contours)
    suptitle = fig.get_suptitle()
    plt.close(fig)
    assert suptitle.startswith(
        "S2 — where RSS isocontours meet the L1 diamond and the L2 circle"
    )
    assert "tip" not in suptitle
    assert "off the axes" not in suptitle
    contour, balls, solutions = contours
    inside = solutions.copy()
    inside.loc[inside["method"] == "lasso", "n_zero"] = 0
    fig = plot_lasso_ridge_contours(contour, balls, inside)
    lasso = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    plt.close(fig)
    assert any(t.endswith(": 0 weight(s) exactly 0") for t in lasso)


def test_the_legends_lie_below_the_panels(contours) -> None:
    """The legends (7 pt, lower left) once sat where the RSS ellipses cross
    the panels' corners; each lies below its panel now, in 8 pt."""
    fig = plot_lasso_ridge_contours(*contours)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            legend = ax.get_legend()
            box = legend.get_window_extent(renderer)
            assert box.y1 <= ax.get_window_extent(renderer).y0
            assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
    finally:
        plt.close(fig)
