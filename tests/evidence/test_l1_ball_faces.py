"""The l1_ball_faces room (S6): least squares on the 3-D L1 ball, located face
by face; the table, the claim rows and the figure."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt
from scipy.optimize import minimize

from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.l1_ball_faces.claims import s6_l1_ball_faces
from marginlab.experiments.l1_ball_faces.figures import plot_l1_ball_faces
from marginlab.experiments.l1_ball_faces.rows import expected as declared_rows
from marginlab.experiments.l1_ball_faces.study import l1_ball_tables, random_problem
from marginlab.theory.cross_polytope import constrained_least_squares
from marginlab.theory.intervals import paired_difference
from tests.flips import flips


@pytest.mark.parametrize("seed", range(6))
def test_three_features_agree_with_a_generic_solver(seed) -> None:
    """SLSQP on w = p − n, p, n ≥ 0, Σ(p + n) ≤ t reaches the same RSS."""
    rng = np.random.default_rng(seed)
    X, y = random_problem(rng, 40, 1.0)
    Xc, yc = X - X.mean(0), y - y.mean()
    beta = np.linalg.lstsq(Xc, yc, rcond=None)[0]
    t = 0.4 * np.abs(beta).sum()
    sol = constrained_least_squares(X, y, t)

    def rss(v):
        r = yc - Xc @ (v[:3] - v[3:])
        return r @ r

    res = minimize(
        rss,
        np.full(6, t / 6),
        bounds=[(0, None)] * 6,
        constraints=[{"type": "ineq", "fun": lambda v: t - v.sum()}],
        method="SLSQP",
        options={"ftol": 1e-14, "maxiter": 500},
    )
    assert sol.rss <= res.fun * (1 + 1e-8)
    assert sol.rss == pytest.approx(res.fun, rel=1e-6)
    assert sol.face is not None
    assert np.all(sol.barycentric > 0)
    assert sol.barycentric.sum() == pytest.approx(1)


def test_inside_the_ball_is_least_squares_and_rank_deficiency_refused() -> None:
    rng = np.random.default_rng(0)
    X, y = random_problem(rng, 20, 1.0)
    sol = constrained_least_squares(X, y, 1e6)
    assert sol.face is None
    np.testing.assert_allclose(
        sol.w, np.linalg.lstsq(X - X.mean(0), y - y.mean(), rcond=None)[0]
    )
    with pytest.raises(ValueError, match="full column rank"):
        constrained_least_squares(np.column_stack([X[:, 0], X[:, 0]]), y, 1.0)


@pytest.fixture(scope="module")
def solutions() -> pd.DataFrame:
    return l1_ball_tables(n_problems=25, fractions=(0.05, 0.3, 0.6, 0.9))


def test_table_covers_every_problem_and_radius(solutions) -> None:
    assert len(solutions) == 100
    assert set(solutions["face"]) <= {"corner", "edge", "facet"}
    expected = solutions["face"].map({"corner": 2, "edge": 1, "facet": 0})
    assert (solutions["cd_zeros"] == expected).all()
    radius = np.abs(solutions[["w1", "w2", "w3"]]).sum(axis=1)
    np.testing.assert_allclose(radius, solutions["t"], rtol=1e-10)


def test_s6_rows_hold_on_a_real_run(solutions) -> None:
    rows = s6_l1_ball_faces(solutions)
    assert [r.name for r in rows] == declared_rows({})["S6"]
    assert [r.kind for r in rows] == ["check"] * 5 + ["empirical", "illustration"]
    assert all(r.holds for r in rows[:6])


def test_s6_difference_is_paired_on_the_same_problems(solutions) -> None:
    """The empirical row reads Newcombe's paired interval of the two shares,
    one outcome per problem at the smallest and at the largest radius."""
    (row,) = [r for r in s6_l1_ball_faces(solutions) if r.kind == "empirical"]
    wide = solutions.pivot(index="problem", columns="fraction", values="face")
    expected = paired_difference(wide[0.05] != "facet", wide[0.9] != "facet")
    assert row.measured == expected.value
    assert (row.ci_low, row.ci_high) == (expected.low, expected.high)
    assert f"({expected.first_only} vs {expected.second_only} discordant)" in (
        row.quantity
    )


@pytest.mark.can_fail("S6")
def test_s6_rows_follow_broken_numbers(solutions) -> None:
    broken = solutions.copy()
    corner = broken.index[broken["face"] == "corner"][0]
    broken.loc[corner, "cd_zeros"] = 1
    rows = s6_l1_ball_faces(broken)
    assert rows[0].holds is False
    assert rows[1].holds is True
    broken = solutions.copy()
    broken.loc[broken.index[0], "kkt_residual"] = 1e-3
    assert s6_l1_ball_faces(broken)[3].holds is False
    # Only facets at the smallest radius, corners at the largest.
    broken = solutions.copy()
    broken.loc[broken["fraction"] == 0.05, "face"] = "facet"
    broken.loc[broken["fraction"] == 0.9, "face"] = "corner"
    (row,) = flips("S6", "shrink", s6_l1_ball_faces(broken))
    assert row.measured == -1.0


def test_figure_draws(solutions, tmp_path) -> None:
    save_figure(plot_l1_ball_faces(solutions), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_the_corner_counts_shown_account_for_every_corner_solution(solutions) -> None:
    """The 3-D panel's title gives how many solutions lie at a corner, of how
    many, and the count at each of the six corners, which add up to it (a
    count drawn beside each corner hid the one facing the viewer: the labels
    shown summed to 515 of 674); the legend's corner count agrees; no other
    count is drawn in the panel."""
    fig = plot_l1_ball_faces(solutions)
    try:
        (ax3,) = [ax for ax in fig.axes if ax.name == "3d"]
        head, counts = ax3.get_title().split("\n")
        corners = int((solutions["face"] == "corner").sum())
        total, each = counts.split(" at a corner: ")
        assert total == f"{corners} of {len(solutions)}"
        parts = [p.rsplit(" ", 1) for p in each.split(", ")]
        assert [name for name, _ in parts] == ["+e1", "−e1", "+e2", "−e2", "+e3", "−e3"]
        assert sum(int(n) for _, n in parts) == corners
        legend = [t.get_text() for t in ax3.get_legend().get_texts()]
        assert legend[0] == f"corner: 2 zero weights ({corners})"
        assert not [t for t in ax3.texts if re.fullmatch(r"\d+", t.get_text())]
    finally:
        plt.close(fig)
