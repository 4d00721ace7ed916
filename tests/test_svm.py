from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from sklearn.svm import SVC

from kernelboost.core.datasets import make_dataset
from kernelboost.core.exceptions import (
    ConvergenceWarning,
    NotFittedError,
    NotSeparableError,
)
from kernelboost.core.kernels import Gaussian, Linear, Polynomial
from kernelboost.estimators.svm.classifier import SVM
from kernelboost.estimators.svm.smo import KernelQ

# dataset, kernel, C, SVC's kernel arguments, tolerance. Both solvers stop when
# the dual gap m(α) − M(α) < tol; with k(x, x') of order 1 that puts decision
# values within ~5e-3 of the optimum at tol = 1e-3. The quadratic kernel on
# circles reaches k ≈ 100, which scales that error up, so its tol is 1e-4.
CASES = {
    "moons-rbf-C1": (
        {"generator": "moons", "noise": 0.3},
        Gaussian(sigma=1 / math.sqrt(2)),
        1.0,
        {"kernel": "rbf", "gamma": 1.0},
        1e-3,
    ),
    "moons-rbf-C10": (
        {"generator": "moons", "noise": 0.2},
        Gaussian(sigma=0.5),
        10.0,
        {"kernel": "rbf", "gamma": 2.0},
        1e-3,
    ),
    "circles-poly2": (
        {"generator": "circles", "noise": 0.05},
        Polynomial(degree=2, c=1.0),
        1.0,
        {"kernel": "poly", "degree": 2, "gamma": 1.0, "coef0": 1.0},
        1e-4,
    ),
    "blobs-linear": (
        {"generator": "blobs", "n_features": 3},
        Linear(),
        0.1,
        {"kernel": "linear"},
        1e-3,
    ),
    "breast-cancer-rbf": (
        {"generator": "breast_cancer"},
        Gaussian(sigma=1000.0),
        1.0,
        {"kernel": "rbf", "gamma": 1 / (2 * 1000.0**2)},
        1e-3,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("shrinking", [True, False])
def test_same_solution_as_libsvm(case: str, shrinking: bool) -> None:
    spec, kernel, C, sk, tol = CASES[case]
    if spec["generator"] != "breast_cancer":
        spec = {**spec, "n_samples": 300, "seed": 4}
    data = make_dataset(spec)
    ours = SVM(kernel=kernel, C=C, tol=tol, shrinking=shrinking).fit(data.X, data.y)
    peer = SVC(C=C, tol=tol, shrinking=shrinking, **sk).fit(data.X, data.y)
    differ = set(ours.support_) ^ set(peer.support_)
    assert len(differ) <= max(1, 0.01 * len(peer.support_))
    f = ours.decision_function(data.X)
    assert np.abs(f - peer.decision_function(data.X)).max() < 1e-2
    assert ours.converged_
    # And both sit near the optimum, which they agree on when converged tightly.
    exact = (
        SVM(kernel=kernel, C=C, tol=1e-9).fit(data.X, data.y).decision_function(data.X)
    )
    tight = SVC(C=C, tol=1e-9, **sk).fit(data.X, data.y).decision_function(data.X)
    assert np.abs(exact - tight).max() < 1e-4
    assert np.abs(f - exact).max() < 1e-2


def test_hard_margin_on_separable_data() -> None:
    data = make_dataset({"generator": "blobs", "n_samples": 80, "margin": 0.5})
    svm = SVM(kernel=Linear(), C=float("inf")).fit(data.X, data.y)
    assert np.all(svm.predict(data.X) == data.y)
    # The geometric margin is at least the generator's guaranteed margin.
    assert svm.margin_ >= 0.5 - 1e-3
    w = svm.dual_coef_ @ svm.support_vectors_
    assert svm.margin_ == pytest.approx(1 / np.linalg.norm(w), rel=1e-9)
    functional = data.y * svm.decision_function(data.X)
    assert functional.min() == pytest.approx(1.0, abs=2e-3)


def test_worked_square() -> None:
    X = np.array([[0.0, 0.0], [0.0, 1.0], [2.0, 0.0], [2.0, 1.0]])
    svm = SVM(kernel=Linear(), C=float("inf"), tol=1e-8).fit(X, [-1, -1, 1, 1])
    assert svm.margin_ == pytest.approx(1.0, abs=1e-6)
    np.testing.assert_allclose(svm.decision_function([[1.0, 5.0]]), [0.0], atol=1e-6)


def test_kkt_conditions_hold_at_the_solution() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 200, "noise": 0.3})
    C = 2.0
    svm = SVM(kernel=Gaussian(0.7), C=C, tol=1e-4).fit(data.X, data.y)
    a = svm.alpha_
    assert abs(a @ data.y) < 1e-9
    assert np.all((a >= 0) & (a <= C))
    margin = data.y * svm.decision_function(data.X)
    tol = 1e-3
    assert np.all(margin[a == 0] >= 1 - tol)
    assert np.all(margin[a == C] <= 1 + tol)
    free = (a > 0) & (a < C)
    np.testing.assert_allclose(margin[free], 1.0, atol=tol)


def test_dual_objective_and_kernel_evaluations() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 150})
    svm = SVM(kernel=Gaussian(0.5), C=1.0).fit(data.X, data.y)
    K = Gaussian(0.5)(data.X)
    a, y = svm.alpha_, data.y
    Q = (y[:, None] * y[None, :]) * K
    assert svm.dual_objective_ == pytest.approx(0.5 * a @ Q @ a - a.sum(), rel=1e-9)
    assert svm.margin_ == pytest.approx(1 / np.sqrt(a @ Q @ a), rel=1e-9)
    assert svm.n_kernel_evals_ % 150 == 0
    assert svm.n_kernel_evals_ >= 2 * 150


def test_warm_start_from_the_solution_needs_no_step() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 200, "noise": 0.3})
    first = SVM(kernel=Gaussian(0.7), C=1.0).fit(data.X, data.y)
    again = SVM(kernel=Gaussian(0.7), C=1.0).fit(data.X, data.y, alpha0=first.alpha_)
    assert again.n_iter_ == 0
    np.testing.assert_array_equal(again.alpha_, first.alpha_)
    assert again.intercept_ == pytest.approx(first.intercept_, abs=1e-12)


def test_warm_start_after_removing_a_point_matches_a_cold_start() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 120, "noise": 0.3})
    full = SVM(kernel=Gaussian(0.7), C=1.0, tol=1e-6).fit(data.X, data.y)
    keep = np.arange(120) != full.support_[0]
    alpha0 = full.alpha_[keep].copy()
    # Restore yᵀα = 0 by taking the removed α off same-label points.
    excess = alpha0 @ data.y[keep]
    for t in np.flatnonzero(data.y[keep] == np.sign(excess)):
        take = min(alpha0[t], abs(excess))
        alpha0[t] -= take
        excess -= np.sign(excess) * take
        if abs(excess) < 1e-15:
            break
    warm = SVM(kernel=Gaussian(0.7), C=1.0, tol=1e-6).fit(
        data.X[keep], data.y[keep], alpha0=alpha0
    )
    cold = SVM(kernel=Gaussian(0.7), C=1.0, tol=1e-6).fit(data.X[keep], data.y[keep])
    np.testing.assert_allclose(
        warm.decision_function(data.X), cold.decision_function(data.X), atol=1e-4
    )


@pytest.mark.parametrize(
    ("alpha0", "message"),
    [
        (np.ones(3), "expected \\(4,\\)"),
        (np.array([-1.0, 0.0, 0.0, 1.0]), "must lie in \\[0, C=1\\]"),
        (np.array([1.0, 0.0, 0.0, 0.0]), "yᵀα = 0"),
    ],
)
def test_infeasible_warm_starts_are_rejected(alpha0, message) -> None:
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    with pytest.raises(ValueError, match=message):
        SVM(kernel=Linear(), C=1.0).fit(X, [-1, -1, 1, 1], alpha0=alpha0)


def test_a_tiny_cache_gives_the_same_solution() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 300, "noise": 0.3})
    big = SVM(kernel=Gaussian(0.7), C=1.0).fit(data.X, data.y)
    small = SVM(kernel=Gaussian(0.7), C=1.0, cache_bytes=1).fit(data.X, data.y)
    np.testing.assert_allclose(small.alpha_, big.alpha_, atol=1e-12)
    assert small.n_kernel_evals_ > big.n_kernel_evals_


def test_cache_is_least_recently_used_and_bounded() -> None:
    X = np.random.default_rng(0).standard_normal((10, 2))
    columns = KernelQ(Gaussian(1.0), X, np.ones(10), cache_bytes=3 * 8 * 10)
    for i in (0, 1, 2, 0, 3):
        columns.get_Q(i, 10)
    assert columns.cached == [2, 0, 3]  # 1 was least recently used
    assert columns.n_evals == 4 * 10
    np.testing.assert_allclose(columns.get_Q(3, 10), Gaussian(1.0)(X)[:, 3], atol=1e-15)


def test_iteration_cap_warns_and_returns() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 200, "noise": 0.3})
    with pytest.warns(ConvergenceWarning, match="max_iter=5"):
        svm = SVM(kernel=Gaussian(0.5), C=10.0, max_iter=5).fit(data.X, data.y)
    assert svm.n_iter_ == 5
    assert not svm.converged_


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"C": -1},
            r"The 'C' parameter of SVM must be a float in the range \(0, inf\]",
        ),
        ({"C": 0.0}, "'C' parameter of SVM"),
        ({"tol": 0.0}, "'tol' parameter of SVM"),
        ({"max_iter": 0}, "'max_iter' parameter of SVM"),
    ],
)
def test_bad_parameters(params, message) -> None:
    with pytest.raises(ValueError, match=message):
        SVM(**params).fit([[0.0], [1.0]], [-1, 1])


def test_one_class_and_unfitted() -> None:
    with pytest.raises(ValueError, match="needs both classes"):
        SVM().fit([[0.0], [1.0]], [1, 1])
    with pytest.raises(NotFittedError):
        SVM().predict([[0.0]])
    svm = SVM(kernel=Linear()).fit([[0.0], [1.0]], [-1, 1])
    with pytest.raises(
        ValueError, match="X has 2 features, but SVM is expecting 1 features"
    ):
        svm.decision_function([[0.0, 1.0]])


# --- K11: the σ/C grid ------------------------------------------------------

from kernelboost.experiments.pegasos_convergence.claims import k13_pegasos_convergence  # noqa: E402
from kernelboost.experiments.poly_degree.claims import k12_poly_degree  # noqa: E402
from kernelboost.experiments.svm_sigma_C_grid.claims import k11_svm_sigma_C_grid  # noqa: E402
from kernelboost.experiments.svm_sigma_C_grid.study import panel_id, svm_panel  # noqa: E402


def test_panel_ids() -> None:
    assert panel_id(1.0, float("inf")) == "s1_Cinf"
    assert panel_id(0.25, 100.0) == "s0.25_C100"


@pytest.mark.can_fail("K11")
def test_k11_panels_and_rows() -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 60, "noise": 0.15, "seed": 4}
    )
    panels = [(1.0, float("inf")), (1.0, 100.0), (1.0, 10.0), (0.25, float("inf"))]
    outputs = [svm_panel(data, s, C, 1e-3, 20) for s, C in panels]
    summary = pd.concat([o[0] for o in outputs], ignore_index=True)
    surface, points = outputs[0][1], outputs[0][2]
    assert len(surface) == 400
    assert points["support"].sum() == summary["n_sv"].iloc[0]
    rows = k11_svm_sigma_C_grid(summary)
    assert [r.title for r in rows] == [
        "margin does not shrink as C decreases (σ = 1)",
        "hard margin (C = ∞) separates the data (σ = 1)",
        "hard margin (C = ∞) separates the data (σ = 0.25)",
    ]
    assert all(r.holds for r in rows)
    # A margin that shrank when C decreased is reported.
    shrunk = summary.copy()
    shrunk.loc[2, "margin"] = 0.5 * shrunk.loc[1, "margin"]
    assert k11_svm_sigma_C_grid(shrunk)[0].holds is False


@pytest.mark.parametrize(
    ("X", "y"),
    [
        (np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0, 1.0])),
        (
            np.array([[0.0], [1.0], [2.0], [3.0]]),
            np.array([1.0, -1.0, 1.0, -1.0]),
        ),
    ],
    ids=["duplicate-opposite-labels", "alternating-line"],
)
def test_hard_margin_on_inseparable_data_fails_fast(X, y) -> None:
    kernel = Linear() if X.shape[1] == 1 else Gaussian(1.0)
    with pytest.raises(
        NotSeparableError, match="not separable in the kernel's feature space"
    ):
        SVM(kernel=kernel, C=float("inf")).fit(X, y)


# --- SVM without bias, kernelized Pegasos (K13) ------------------------------

from kernelboost.estimators.svm.pegasos import Pegasos, primal_objective  # noqa: E402
from kernelboost.experiments.pegasos_convergence.study import pegasos_convergence_table  # noqa: E402
from kernelboost.pipeline.jobs import place_rows  # noqa: E402


def test_svm_without_bias_satisfies_its_kkt_conditions() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 150, "noise": 0.3})
    C = 2.0
    svm = SVM(kernel=Gaussian(0.7), C=C, tol=1e-8, fit_intercept=False).fit(
        data.X, data.y
    )
    assert svm.intercept_ == 0.0
    a = svm.alpha_
    margin = data.y * svm.decision_function(data.X)
    assert np.all(margin[a == 0] >= 1 - 1e-6)
    assert np.all(margin[a == C] <= 1 + 1e-6)
    np.testing.assert_allclose(margin[(a > 0) & (a < C)], 1.0, atol=1e-6)
    assert abs(a @ data.y) > 1e-6  # no equality constraint: α·y is free


def test_pegasos_counts_and_objective() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 80, "seed": 2})
    model = Pegasos(kernel=Gaussian(0.5), lam=0.05, n_iter=2000, record_at=[10, 2000])
    model.fit(data.X, data.y)
    assert model.alpha_.sum() <= 2000
    assert np.all(model.alpha_ == np.round(model.alpha_))
    # The recorded objective equals P(w) computed from the decision function.
    f = model.decision_function(data.X)
    wnorm2 = model.scale_ * float(f @ (model.alpha_ * data.y))
    direct = 0.025 * wnorm2 + np.maximum(0, 1 - data.y * f).mean()
    assert model.objective_[2000] == pytest.approx(direct, rel=1e-10)
    assert model.primal_objective_ == model.objective_[2000]
    again = Pegasos(kernel=Gaussian(0.5), lam=0.05, n_iter=2000).fit(data.X, data.y)
    np.testing.assert_array_equal(again.alpha_, model.alpha_)  # seeded


def test_pegasos_approaches_the_no_bias_svm_optimum() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 100, "seed": 3})
    lam = 0.02
    exact = SVM(kernel=Gaussian(0.5), C=1 / (lam * 100), tol=1e-9, fit_intercept=False)
    optimum = primal_objective(exact.fit(data.X, data.y), data.X, data.y, lam)
    model = Pegasos(kernel=Gaussian(0.5), lam=lam, n_iter=50_000).fit(data.X, data.y)
    assert optimum <= model.primal_objective_ <= optimum * 1.01


@pytest.mark.can_fail("K13")
def test_k13_rows_and_a_failing_case() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 60, "seed": 1})
    table = pegasos_convergence_table(data, 0.5, 0.05, 20_000, 8, seed=0)
    assert (table["rel_gap"] >= -1e-9).all()  # P* is the minimum
    rows = k13_pegasos_convergence(table)
    assert [r.holds for r in rows] == [True, True]
    stalled = table.assign(rel_gap=0.05)
    assert k13_pegasos_convergence(stalled)[1].holds is False


def test_pegasos_parameter_errors() -> None:
    with pytest.raises(ValueError, match="'lam' parameter of Pegasos"):
        Pegasos(lam=0).fit([[0.0], [1.0]], [-1, 1])
    with pytest.raises(ValueError, match="'n_iter' parameter of Pegasos"):
        Pegasos(n_iter=0).fit([[0.0], [1.0]], [-1, 1])


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
