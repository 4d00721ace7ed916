"""The perceptron (marginlab.estimators.perceptron): the worked table, primal
against dual, XOR, the incremental update of the dual scores, seeding and
errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.core.contract.exceptions import ConvergenceWarning, NotFittedError
from marginlab.core.datasets import make_dataset
from marginlab.core.kernels import Gaussian, Linear, Polynomial
from marginlab.core.kernels.feature_maps import quadratic_r2
from marginlab.estimators.perceptron import (
    KernelPerceptron,
    Perceptron,
    update_scores,
)

WORKED_X = [[0.0, 1.0], [2.0, 1.0], [0.0, -1.0]]
WORKED_Y = [-1, 1, 1]


def test_seed_003_worked_table_primal() -> None:
    model = Perceptron(fit_intercept=False).fit(WORKED_X, WORKED_Y)
    assert model.mistakes_.tolist() == [0, 1, 2]
    assert model.coef_.tolist() == [2.0, -1.0]
    assert model.converged_
    assert model.n_epochs_ == 2  # the second epoch makes no mistake


def test_seed_003_worked_table_dual() -> None:
    model = KernelPerceptron(kernel=Linear(), fit_intercept=False).fit(
        WORKED_X, WORKED_Y
    )
    assert model.dual_coef_.tolist() == [-1.0, 1.0, 1.0]
    assert (model.dual_coef_ @ np.asarray(WORKED_X)).tolist() == [2.0, -1.0]


def test_xor_quadratic_kernel_perceptron_finds_the_lecture_w() -> None:
    """Huang 2017, 'XOR Example': updates on x1 (+1), x2 (−1) give φ(x1) − φ(x2)."""
    data = make_dataset({"generator": "xor", "n_samples": 4})
    model = KernelPerceptron(kernel=Polynomial(degree=2, c=0.0), fit_intercept=False)
    model.fit(data.X, data.y)
    assert model.mistakes_.tolist() == [0, 1]
    w = model.dual_coef_ @ quadratic_r2(data.X)
    np.testing.assert_allclose(w, [0.0, 2.0 * np.sqrt(2.0), 0.0], atol=1e-15)


def test_xor_defeats_the_linear_perceptron_with_a_warning() -> None:
    data = make_dataset({"generator": "xor", "n_samples": 40})
    with pytest.warns(ConvergenceWarning, match="did not converge.*max_epochs=30"):
        model = Perceptron(max_epochs=30).fit(data.X, data.y)
    assert not model.converged_
    assert model.n_epochs_ == 30
    assert model.train_error_per_epoch_.min() > 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), intercept=st.booleans())
def test_primal_on_phi_equals_dual_with_kernel(seed: int, intercept: bool) -> None:
    """Same mistakes, same scores, w = Σ α_i φ(x_i) (claim K6)."""
    data = make_dataset({"generator": "circles", "n_samples": 40, "seed": seed})
    phi = quadratic_r2(data.X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        primal = Perceptron(fit_intercept=intercept, max_epochs=50).fit(phi, data.y)
        dual = KernelPerceptron(
            kernel=Polynomial(degree=2, c=0.0), fit_intercept=intercept, max_epochs=50
        ).fit(data.X, data.y)
    assert primal.mistakes_.tolist() == dual.mistakes_.tolist()
    np.testing.assert_allclose(primal.coef_, dual.dual_coef_ @ phi, atol=1e-9)
    np.testing.assert_allclose(
        primal.decision_function(phi), dual.decision_function(data.X), atol=1e-8
    )


def test_dual_scores_are_updated_incrementally_not_recomputed() -> None:
    """The kept Kα + b equals a fresh computation after training."""
    data = make_dataset({"generator": "moons", "n_samples": 60, "noise": 0.1})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = KernelPerceptron(kernel=Gaussian(sigma=0.5), max_epochs=50)
        model.fit(data.X, data.y)
    fresh = Gaussian(sigma=0.5)(data.X) @ model.dual_coef_ + model.intercept_
    np.testing.assert_allclose(model.decision_function(data.X), fresh, atol=1e-12)
    if model.converged_:
        assert np.all(data.y * fresh > 0)


def test_shuffle_is_seeded() -> None:
    data = make_dataset({"generator": "blobs", "n_samples": 60})
    a = Perceptron(shuffle=True, random_state=3).fit(data.X, data.y)
    b = Perceptron(shuffle=True, random_state=3).fit(data.X, data.y)
    c = Perceptron(shuffle=False).fit(data.X, data.y)
    assert a.mistakes_.tolist() == b.mistakes_.tolist()
    assert a.converged_
    assert c.converged_


def test_errors_and_unfitted_use() -> None:
    with pytest.raises(NotFittedError, match="not fitted yet"):
        Perceptron().predict([[0.0]])
    with pytest.raises(ValueError, match="'max_epochs' parameter of Perceptron"):
        Perceptron(max_epochs=0).fit([[0.0], [1.0]], [1, -1])
    with pytest.raises(ValueError, match="Only binary classification is supported"):
        KernelPerceptron().fit([[0.0], [1.0], [2.0]], [0, 1, 2])


def test_update_scores_matches_the_product() -> None:
    rng = np.random.default_rng(0)
    A = rng.standard_normal((7, 7))
    K = A @ A.T
    a = np.zeros(7)
    f = np.zeros(7)
    for i, delta in zip(rng.integers(0, 7, 50), rng.standard_normal(50), strict=True):
        a[i] += delta
        update_scores(f, K, i, delta)
    np.testing.assert_allclose(f, K @ a, rtol=1e-12, atol=1e-12)
