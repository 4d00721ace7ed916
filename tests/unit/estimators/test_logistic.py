"""Kernel logistic regression (marginlab.estimators.logistic): the sigmoid,
the log-likelihood, batch and stochastic ascent, the intercept and parameter
errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.core.contract.exceptions import ConvergenceWarning
from marginlab.core.datasets import make_dataset
from marginlab.core.kernels import Gaussian, Linear
from marginlab.estimators.logistic import (
    KernelLogisticRegression,
    log_likelihood,
    sigmoid,
)


@settings(max_examples=100, deadline=None)
@given(u=st.floats(-1e4, 1e4, allow_nan=False))
def test_sigmoid_is_stable_and_symmetric(u: float) -> None:
    s, s_neg = sigmoid(np.array([u]))[0], sigmoid(np.array([-u]))[0]
    assert 0.0 <= s <= 1.0
    assert s + s_neg == pytest.approx(1.0, abs=1e-15)


def test_log_likelihood_matches_the_definition() -> None:
    f = np.array([0.3, -2.0, 5.0])
    y = np.array([1.0, -1.0, -1.0])
    t = (y + 1) / 2
    direct = np.sum(t * np.log(sigmoid(f)) + (1 - t) * np.log(1 - sigmoid(f)))
    assert log_likelihood(f, y) == pytest.approx(direct, rel=1e-12)
    assert np.isfinite(log_likelihood(np.array([1e6]), np.array([-1.0])))


@pytest.mark.parametrize("method", ["batch", "stochastic"])
def test_objective_never_decreases_for_a_small_step(interval, method) -> None:
    model = KernelLogisticRegression(
        kernel=Gaussian(sigma=0.5), method=method, step=0.05, lam=0.1, max_epochs=5000
    ).fit(interval.X, interval.y)
    j = model.history_["objective"]
    assert np.all(np.diff(j) >= -1e-12 * np.abs(j).max())
    assert model.converged_


def test_batch_and_stochastic_reach_the_same_stationary_point(interval) -> None:
    """At the optimum t − s(Ka) − λa = 0, whichever way it was reached."""
    # ε = 0.5 is below 2/(λ_max(K)/4 + λ) here, so batch ascent is stable.
    kw = dict(step=0.5, lam=0.1, max_epochs=20000, tol=1e-10)
    batch = KernelLogisticRegression(kernel=Gaussian(0.5), method="batch", **kw)
    sgd = KernelLogisticRegression(kernel=Gaussian(0.5), method="stochastic", **kw)
    batch.fit(interval.X, interval.y)
    sgd.fit(interval.X, interval.y)
    assert batch.converged_
    assert sgd.converged_
    t = (interval.y + 1) / 2
    f = batch.decision_function(interval.X)
    residual = t - sigmoid(f) - 0.1 * batch.dual_coef_
    assert np.abs(residual).max() < 1e-10
    np.testing.assert_allclose(batch.dual_coef_, sgd.dual_coef_, atol=1e-8)


def test_linear_kernel_logistic_regression_equals_primal_gradient_ascent() -> None:
    """w = Xᵀa: the dual batch update is the primal one, step for step."""
    data = make_dataset({"generator": "blobs", "n_samples": 40, "seed": 1})
    X, y = data.X, data.y
    t = (y + 1) / 2
    w = np.zeros(X.shape[1])
    for _ in range(50):
        w += 0.01 * (X.T @ (t - sigmoid(X @ w)) - 0.2 * w)
    model = KernelLogisticRegression(
        kernel=Linear(), method="batch", step=0.01, lam=0.2, max_epochs=50, tol=0.0
    )
    with pytest.warns(ConvergenceWarning):
        model.fit(X, y)
    np.testing.assert_allclose(model.dual_coef_ @ X, w, atol=1e-12)


def test_intercept_is_learned_when_asked() -> None:
    """At the optimum the unpenalized bias satisfies Σ_i (t_i − s(f_i)) = 0."""
    data = make_dataset({"generator": "moons", "n_samples": 40, "seed": 3})
    y = np.where(np.arange(40) < 30, 1.0, data.y)  # imbalanced: mostly +1
    model = KernelLogisticRegression(
        kernel=Gaussian(sigma=1.0),
        step=0.1,
        lam=0.1,
        fit_intercept=True,
        max_epochs=20000,
    ).fit(data.X, y)
    assert model.converged_
    assert model.intercept_ > 0
    t = (y + 1) / 2
    assert abs(np.sum(t - sigmoid(model.decision_function(data.X)))) < 1e-6


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"method": "newton"}, "'method' parameter"),
        ({"step": 0.0}, "'step' parameter of KernelLogisticRegression"),
        ({"lam": -1.0}, "'lam' parameter of KernelLogisticRegression"),
        ({"max_epochs": 0}, "'max_epochs' parameter"),
    ],
)
def test_bad_parameters(params, message) -> None:
    with pytest.raises(ValueError, match=message):
        KernelLogisticRegression(**params).fit([[0.0], [1.0]], [1, -1])
