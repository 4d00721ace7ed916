"""B19: L1 against L2 margins — the distance identities, both max-margin
solvers, the study, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize

from kernelboost.core.datasets import make_dataset
from kernelboost.core.exceptions import NotSeparableError
from kernelboost.estimators.svm.hard_margin import l2_max_margin
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments.margin_geometry.claims import b19_margin_geometry
from kernelboost.experiments.margin_geometry.figures import plot_margin_geometry
from kernelboost.experiments.margin_geometry.study import (
    margin_geometry_tables,
    plane_toy,
)
from kernelboost.theory.margins import (
    hyperplane_distance,
    norm_margin,
    signed_max_margin,
)

vectors = st.integers(2, 12).flatmap(
    lambda n: st.tuples(
        st.lists(st.floats(-5, 5), min_size=n, max_size=n),
        st.lists(st.floats(-5, 5), min_size=n, max_size=n),
    )
)


@settings(max_examples=60, deadline=None)
@given(vectors)
def test_distance_by_minimization_is_the_dual_norm_formula(pair) -> None:
    u, a = (np.array(v) for v in pair)
    if np.abs(a).max() < 1e-3:
        return
    value = abs(float(a @ u))
    assert hyperplane_distance(u, a, "inf") == pytest.approx(
        value / np.abs(a).sum(), abs=1e-8
    )
    assert hyperplane_distance(u, a, "2") == pytest.approx(
        value / np.linalg.norm(a), abs=1e-9
    )


def test_linf_distance_is_reached_at_a_point_of_the_hyperplane() -> None:
    # u0 = (1, 2), a = (1, 1): the closest point in ℓ∞ moves both coordinates
    # by 1.5, to (−0.5, 0.5); in ℓ2 the distance is 3/√2.
    assert hyperplane_distance([1.0, 2.0], [1.0, 1.0], "inf") == pytest.approx(1.5)
    assert hyperplane_distance([1.0, 2.0], [1.0, 1.0], "2") == pytest.approx(
        3 / np.sqrt(2)
    )
    assert hyperplane_distance([0.0, 0.0, 0.0], [1.0, 2.0, 3.0], "inf") == 0.0
    with pytest.raises(ValueError, match="zero"):
        hyperplane_distance([1.0], [0.0], "inf")
    with pytest.raises(ValueError, match="norm"):
        hyperplane_distance([1.0], [1.0], "1")


def test_norm_margin_examples_and_errors() -> None:
    H = [[1.0, 1.0], [1.0, -1.0]]
    assert norm_margin(H, [3.0, 1.0], [1, 1], 1) == 0.5
    assert norm_margin(H, [3.0, 1.0], [1, 1], 2) == pytest.approx(2 / np.sqrt(10))
    assert norm_margin(H, [3.0, 1.0], [1, -1], 1) == -0.5
    with pytest.raises(ValueError, match="all zero"):
        norm_margin(H, [0.0, 0.0], [1, 1], 1)
    with pytest.raises(ValueError, match="p must"):
        norm_margin(H, [1.0, 0.0], [1, 1], 3)


def _sample(seed: int, m: int = 30, n: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """Separable through the origin: labels from a random w."""
    rng = np.random.default_rng(seed)
    H = rng.standard_normal((m, n))
    w = rng.standard_normal(n)
    y = np.sign(H @ w)
    keep = np.abs(H @ w) > 0.3 * np.abs(H @ w).max() / 3
    return H[keep], y[keep]


@pytest.mark.parametrize("seed", range(4))
def test_signed_lp_beats_every_other_weight_vector_in_l1_margin(seed) -> None:
    H, y = _sample(seed)
    rho, alpha = signed_max_margin(H, y)
    assert np.abs(alpha).sum() == pytest.approx(1.0)
    assert rho == pytest.approx(norm_margin(H, alpha, y, 1))
    rng = np.random.default_rng(100 + seed)
    others = [rng.standard_normal(H.shape[1]) for _ in range(300)]
    others.append(l2_max_margin(H, y)[1])
    assert max(norm_margin(H, v, y, 1) for v in others) <= rho + 1e-9


@pytest.mark.parametrize("seed", range(4))
def test_l2_max_margin_matches_a_generic_qp_solver(seed) -> None:
    """The hard-margin SVM without bias: min ½‖w‖² s.t. y_i w·h_i ≥ 1, by SLSQP."""
    H, y = _sample(seed)
    rho, w = l2_max_margin(H, y)
    res = minimize(
        lambda v: 0.5 * v @ v,
        10.0 * w,
        jac=lambda v: v,
        constraints=[{"type": "ineq", "fun": lambda v: y * (H @ v) - 1.0}],
        method="SLSQP",
        options={"ftol": 1e-14, "maxiter": 1000},
    )
    assert res.success
    assert rho == pytest.approx(1.0 / np.linalg.norm(res.x), rel=1e-6)
    np.testing.assert_allclose(w, res.x / np.linalg.norm(res.x), atol=1e-5)
    # SMO stops at a finite tolerance: the LP's solution may match it to ~1e-8.
    assert norm_margin(H, signed_max_margin(H, y)[1], y, 2) <= rho * (1 + 1e-6)


def test_l2_max_margin_refuses_classes_no_line_through_the_origin_separates() -> None:
    with pytest.raises(NotSeparableError):
        l2_max_margin([[1.0, 0.0], [2.0, 0.0]], [1, -1])


def test_signed_lp_uses_negative_weights() -> None:
    # Only −h2 separates: the LP must put a negative weight on h2.
    rho, alpha = signed_max_margin([[1.0, -1.0], [-1.0, -1.0]], [1, 1])
    assert rho == pytest.approx(1.0)
    np.testing.assert_allclose(alpha, [0.0, -1.0], atol=1e-12)


def test_plane_toy_is_mirrored_and_seeded() -> None:
    H, y = plane_toy(40, (2.0, 1.0), 1.0, 5)
    assert H.shape == (40, 2)
    assert set(y) == {-1.0, 1.0}
    assert np.all(np.linalg.norm(y[:, None] * H - [2.0, 1.0], axis=1) <= 1.0)
    np.testing.assert_array_equal(H, plane_toy(40, (2.0, 1.0), 1.0, 5)[0])
    with pytest.raises(ValueError, match="origin"):
        plane_toy(10, (1.0, 0.0), 2.0, 0)


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, ...]:
    data = make_dataset({"generator": "moons", "n_samples": 40, "seed": 4})
    return margin_geometry_tables(data, n_dims=(2, 7), n_draws=3, n_check=4)


def test_tables_have_both_settings_and_both_methods(tables) -> None:
    distances, solutions, weights, points = tables
    assert list(solutions["setting"]) == ["plane", "plane", "stumps", "stumps"]
    assert list(solutions["method"]) == ["l1_lp", "l2_svm"] * 2
    assert set(distances["source"]) == {"plane", "stumps", "random"}
    assert (distances["source"] == "random").sum() == 6
    assert len(points) == 40
    stumps = solutions[solutions["setting"] == "stumps"]
    n = int(stumps["n_hypotheses"].iloc[0])
    assert (weights["setting"] == "stumps").sum() == 2 * n
    # One polarity of each distinct stump, and the constant: at most m per feature.
    assert n <= 1 + 2 * (40 - 1)


def test_b19_holds_on_a_real_run(tables) -> None:
    distances, solutions, _, _ = tables
    rows = b19_margin_geometry(distances, solutions)
    assert len(rows) == 10
    assert [r.kind for r in rows[:2]] == ["identity", "identity"]
    assert all(r.holds for r in rows if r.kind in ("identity", "theorem"))
    assert rows[5].kind == "illustration"
    assert rows[5].holds is None
    assert rows[9].kind == "empirical"
    assert rows[9].holds is True


@pytest.mark.can_fail("B19")
def test_b19_rows_follow_broken_numbers(tables) -> None:
    distances, solutions, _, _ = tables
    broken = distances.copy()
    broken.loc[broken.index[0], "linf_distance"] += 1e-3
    assert b19_margin_geometry(broken, solutions)[0].holds is False
    assert b19_margin_geometry(broken, solutions)[1].holds is True

    s = solutions.copy()
    lp = (s["setting"] == "stumps") & (s["method"] == "l1_lp")
    svm = (s["setting"] == "stumps") & (s["method"] == "l2_svm")
    # The SVM's solution with a larger L1 margin than the LP's: a bug.
    s.loc[svm, "l1_margin"] = float(s.loc[lp, "l1_margin"].iloc[0]) * 1.01
    rows = b19_margin_geometry(distances, s)
    assert rows[6].holds is False
    assert rows[7].holds is True
    # The LP's solution reaching the SVM's L2 margin: the same solution.
    s = solutions.copy()
    s.loc[lp, "l2_margin"] = float(s.loc[svm, "l2_margin"].iloc[0])
    rows = b19_margin_geometry(distances, s)
    assert rows[7].holds is True
    assert rows[8].holds is False
    # A dense L1 solution.
    s = solutions.copy()
    s.loc[lp, "nonzeros"] = s.loc[svm, "nonzeros"].to_numpy()
    assert b19_margin_geometry(distances, s)[9].holds is False


def test_figure_draws(tables, tmp_path) -> None:
    _, solutions, weights, points = tables
    save_figure(plot_margin_geometry(points, solutions, weights), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
