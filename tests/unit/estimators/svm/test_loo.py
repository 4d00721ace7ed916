"""The SVM's leave-one-out error (marginlab.estimators.svm.loo): against
brute force, at most the fraction of support vectors, and feasible warm
starts."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab import KNN, svm_loo
from marginlab.core.datasets import make_dataset
from marginlab.core.kernels import Gaussian, Linear, Polynomial
from marginlab.estimators.svm.classifier import SVM
from marginlab.estimators.svm.loo import loo_warm_start

# --- SVM leave-one-out ------------------------------------------------------------

SVM_LOO_CASES = {
    "moons-rbf-C1": (
        {"generator": "moons", "n_samples": 60, "noise": 0.3},
        Gaussian(1.0 / math.sqrt(2)),
        1.0,
    ),
    "moons-rbf-C10": (
        {"generator": "moons", "n_samples": 60, "noise": 0.3, "seed": 3},
        Gaussian(0.5),
        10.0,
    ),
    "circles-poly2": (
        {"generator": "circles", "n_samples": 50, "noise": 0.2, "seed": 1},
        Polynomial(degree=2, c=1.0),
        0.5,
    ),
    "xor-rbf-C100": (
        {"generator": "xor", "n_samples": 48, "noise": 0.4, "seed": 2},
        Gaussian(1.0),
        100.0,
    ),
    "blobs-linear-hard": (
        {"generator": "blobs", "n_samples": 40, "margin": 0.3, "seed": 4},
        Linear(),
        math.inf,
    ),
    "blobs-linear-C01": (
        {
            "generator": "blobs",
            "n_samples": 50,
            "margin": 0.1,
            "seed": 5,
            "label_noise": 0.1,
        },
        Linear(),
        0.1,
    ),
}


def _brute_svm_loo(svm: SVM, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    decision = np.empty(len(y))
    for i in range(len(y)):
        keep = np.arange(len(y)) != i
        model = SVM(kernel=svm.kernel, C=svm.C, tol=svm.tol).fit(X[keep], y[keep])
        decision[i] = model.decision_function(X[i : i + 1])[0]
    return decision


def _loo_sign_is_determined(svm: SVM, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Whether each left-out point's LOO label is the same for every optimal b.

    With a free α (0 < α < C) the KKT conditions fix b; with none, any b in
    [lo, hi] is optimal, where with g_i = Σ_j α_j y_j k(x_j, x_i)

        lo = max(1 − g_i : y_i = +1, α_i = 0;  −1 − g_i : y_i = −1, α_i = C),
        hi = min(1 − g_i : y_i = +1, α_i = C;  −1 − g_i : y_i = −1, α_i = 0),

    and two solvers may return different points of that interval. The label of
    the left-out x is then decided only if g(x) + lo and g(x) + hi share a sign
    by more than the solver's tolerance.
    """
    determined = np.empty(len(y), dtype=bool)
    for i in range(len(y)):
        keep = np.arange(len(y)) != i
        Xk, yk = X[keep], y[keep]
        model = SVM(kernel=svm.kernel, C=svm.C, tol=svm.tol).fit(Xk, yk)
        alpha = np.zeros(len(yk))
        alpha[model.support_] = np.abs(model.dual_coef_)
        slack = 1e3 * svm.tol
        at_C = alpha >= svm.C * (1 - 1e-9)
        if np.any((alpha > 0) & ~at_C):
            determined[i] = abs(model.decision_function(X[i : i + 1])[0]) > slack
            continue
        g = model.decision_function(Xk) - model.intercept_
        pos, zero = yk > 0, alpha == 0
        lo = np.concatenate([1 - g[pos & zero], -1 - g[~pos & at_C]])
        hi = np.concatenate([1 - g[pos & at_C], -1 - g[~pos & zero]])
        g_x = model.decision_function(X[i : i + 1])[0] - model.intercept_
        ends = g_x + np.array([lo.max(initial=-np.inf), hi.min(initial=np.inf)])
        determined[i] = bool(np.all(ends > slack) or np.all(ends < -slack))
    return determined


@pytest.mark.parametrize("name", sorted(SVM_LOO_CASES))
def test_svm_loo_equals_brute_force(name: str) -> None:
    spec, kernel, C = SVM_LOO_CASES[name]
    data = make_dataset(spec)
    svm = SVM(kernel=kernel, C=C, tol=1e-6)
    result = svm_loo(svm, data.X, data.y)
    brute = _brute_svm_loo(svm, data.X, data.y)
    np.testing.assert_array_equal(
        result.mistakes, np.where(brute >= 0, 1, -1) != data.y
    )
    assert result.n_errors == int(result.mistakes.sum())
    assert result.loo_error == result.n_errors / len(data.y)
    # Decision values of the left-out points agree to solver precision, except
    # where no α is free: then any b between the bounds of the KKT conditions
    # is optimal and each solver's midpoint depends on its path.
    atol = 0.05 if name == "blobs-linear-C01" else 1e-4
    np.testing.assert_allclose(result.loo_decision, brute, atol=atol)
    # Only the support vectors are retrained, and only they can be LOO errors.
    np.testing.assert_array_equal(result.retrained, result.model.support_)
    assert set(np.flatnonzero(result.mistakes)) <= set(result.retrained)
    assert result.sv_bound == result.n_sv / len(data.y)
    assert result.loo_error <= result.sv_bound


@pytest.mark.parametrize("name", sorted(SVM_LOO_CASES))
@pytest.mark.parametrize("gram_bytes", [256 * 2**20, 1])
@pytest.mark.parametrize("start", ["warm", "cold"])
def test_svm_loo_retraining_every_point_equals_brute_force(
    name: str, gram_bytes: int, start: str
) -> None:
    # retrain="all" leaves out every point, non-support vectors included: it
    # matches refits from scratch point by point, from either start.
    spec, kernel, C = SVM_LOO_CASES[name]
    data = make_dataset(spec)
    svm = SVM(kernel=kernel, C=C, tol=1e-6)
    result = svm_loo(
        svm, data.X, data.y, retrain="all", start=start, gram_bytes=gram_bytes
    )
    brute = _brute_svm_loo(svm, data.X, data.y)
    np.testing.assert_array_equal(result.retrained, np.arange(len(data.y)))
    np.testing.assert_array_equal(
        result.mistakes, np.where(brute >= 0, 1, -1) != data.y
    )
    atol = 0.05 if name == "blobs-linear-C01" else 1e-4
    np.testing.assert_allclose(result.loo_decision, brute, atol=atol)
    fast = svm_loo(svm, data.X, data.y)
    np.testing.assert_array_equal(result.mistakes, fast.mistakes)
    np.testing.assert_allclose(
        result.full_decision, result.model.decision_function(data.X), atol=1e-9
    )


@pytest.mark.parametrize("gram_bytes", [256 * 2**20, 1])
def test_cold_retrains_of_non_support_vectors_take_steps(gram_bytes: int) -> None:
    """Warm-started, a non-support vector's retrain starts at the answer and
    takes no step (the bound assumed); cold-started, every retrain solves."""
    spec, kernel, C = SVM_LOO_CASES["moons-rbf-C1"]
    data = make_dataset(spec)
    svm = SVM(kernel=kernel, C=C, tol=1e-3)
    kw = dict(retrain="all", gram_bytes=gram_bytes)
    warm = svm_loo(svm, data.X, data.y, start="warm", **kw)
    cold = svm_loo(svm, data.X, data.y, start="cold", **kw)
    non_sv = np.setdiff1d(np.arange(len(data.y)), warm.model.support_)
    assert non_sv.size > 10
    assert np.all(warm.steps[non_sv] == 0)
    assert np.all(cold.steps[non_sv] > 0)
    assert cold.steps.size == len(data.y)
    assert cold.n_iter == int(cold.steps.sum())
    # The support-vector-only LOO takes the warm brute force's steps exactly.
    assert svm_loo(svm, data.X, data.y, gram_bytes=gram_bytes).n_iter == warm.n_iter


def test_svm_loo_has_a_mistake_to_find() -> None:
    # The brute-force comparison above is not vacuous: these cases have errors.
    data = make_dataset(SVM_LOO_CASES["moons-rbf-C1"][0])
    result = svm_loo(
        SVM(kernel=Gaussian(1 / math.sqrt(2)), C=1.0, tol=1e-6), data.X, data.y
    )
    assert 0 < result.n_errors < result.n_sv


def test_svm_loo_without_precomputed_gram_matches() -> None:
    spec, kernel, C = SVM_LOO_CASES["moons-rbf-C10"]
    data = make_dataset(spec)
    svm = SVM(kernel=kernel, C=C, tol=1e-6)
    fast = svm_loo(svm, data.X, data.y)
    slow = svm_loo(svm, data.X, data.y, gram_bytes=1)
    np.testing.assert_array_equal(fast.mistakes, slow.mistakes)
    np.testing.assert_allclose(fast.loo_decision, slow.loo_decision, atol=1e-5)


def test_svm_loo_without_intercept_equals_brute_force() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 40, "noise": 0.3})
    svm = SVM(kernel=Gaussian(0.7), C=2.0, tol=1e-6, fit_intercept=False)
    result = svm_loo(svm, data.X, data.y)
    brute = np.empty(40)
    for i in range(40):
        keep = np.arange(40) != i
        model = SVM(kernel=Gaussian(0.7), C=2.0, tol=1e-6, fit_intercept=False)
        brute[i] = model.fit(data.X[keep], data.y[keep]).decision_function(
            data.X[i : i + 1]
        )[0]
    np.testing.assert_allclose(result.loo_decision, brute, atol=1e-4)


def test_svm_loo_does_not_modify_the_svm_and_checks_input() -> None:
    svm = SVM(kernel=Gaussian(1.0), C=1.0)
    data = make_dataset({"generator": "moons", "n_samples": 20, "noise": 0.3})
    svm_loo(svm, data.X, data.y)
    assert not hasattr(svm, "alpha_")
    with pytest.raises(ValueError, match="at least 2 points of each class"):
        svm_loo(svm, data.X[:3], [1, -1, -1])
    with pytest.raises(TypeError, match="SVM"):
        svm_loo(KNN(k=1), data.X, data.y)
    with pytest.raises(ValueError, match="'gram_bytes' parameter of svm_loo"):
        svm_loo(svm, data.X, data.y, gram_bytes=0)
    with pytest.raises(ValueError, match="'retrain' parameter of svm_loo"):
        svm_loo(svm, data.X, data.y, retrain="some")
    with pytest.raises(ValueError, match="'start' parameter of svm_loo"):
        svm_loo(svm, data.X, data.y, start="hot")


@settings(max_examples=25, deadline=None)
@given(
    m=st.integers(6, 16),
    seed=st.integers(0, 10_000),
    C=st.sampled_from([0.1, 1.0, 10.0]),
    sigma=st.sampled_from([0.3, 1.0, 3.0]),
)
def test_loo_error_is_at_most_sv_fraction(
    m: int, seed: int, C: float, sigma: float
) -> None:
    """E1 on random problems: brute-force LOO error ≤ #SV / l."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 2))
    y = np.where(np.arange(m) % 2 == 0, 1.0, -1.0)
    rng.shuffle(y)
    svm = SVM(kernel=Gaussian(sigma), C=C, tol=1e-6)
    brute = _brute_svm_loo(svm, X, y)
    mistakes = np.where(brute >= 0, 1.0, -1.0) != y
    full = SVM(kernel=Gaussian(sigma), C=C, tol=1e-6).fit(X, y)
    assert mistakes.mean() <= full.support_.size / m
    assert set(np.flatnonzero(mistakes)) <= set(full.support_)
    fast = svm_loo(svm, X, y)
    # Where no α of a retrain is free, b is only determined as an interval and
    # the LOO label may depend on the solver's path; everywhere else both agree.
    clear = _loo_sign_is_determined(svm, X, y)
    np.testing.assert_array_equal(fast.mistakes[clear], mistakes[clear])
    assert fast.loo_error <= fast.sv_bound


@settings(max_examples=50, deadline=None)
@given(
    m=st.integers(4, 30),
    seed=st.integers(0, 10_000),
    C=st.sampled_from([0.5, 1.0, 3.0, math.inf]),
)
def test_loo_warm_start_is_feasible(m: int, seed: int, C: float) -> None:
    rng = np.random.default_rng(seed)
    y = np.where(np.arange(m) % 2 == 0, 1.0, -1.0)
    cap = 1.0 if math.isinf(C) else C
    # A random feasible α: equal totals per class, inside the box.
    alpha = rng.uniform(0, cap, m) * (rng.random(m) < 0.7)
    pos, neg = alpha[y > 0].sum(), alpha[y < 0].sum()
    if pos == 0 or neg == 0:
        return
    if pos > neg:
        alpha[y > 0] *= neg / pos
    else:
        alpha[y < 0] *= pos / neg
    k_i = rng.random(m)
    for i in range(m):
        start = loo_warm_start(alpha, y, C, i, k_i)
        assert start[i] == 0.0
        assert np.all(start >= 0.0)
        assert np.all(start <= C)
        assert abs(start @ y) <= 1e-12 * max(1.0, alpha.sum())
        unchanged = np.delete(np.arange(m), i)
        assert start[unchanged] @ y[unchanged] == pytest.approx(0.0, abs=1e-12)
