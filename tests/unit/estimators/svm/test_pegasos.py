"""Pegasos (marginlab.estimators.svm.pegasos): its counts and objective, its
approach to the no-bias SVM optimum, parameter errors."""

from __future__ import annotations

import numpy as np
import pytest

from marginlab.core.datasets import make_dataset
from marginlab.core.kernels import Gaussian
from marginlab.estimators.svm.classifier import SVM
from marginlab.estimators.svm.pegasos import Pegasos, primal_objective


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


def test_pegasos_parameter_errors() -> None:
    with pytest.raises(ValueError, match="'lam' parameter of Pegasos"):
        Pegasos(lam=0).fit([[0.0], [1.0]], [-1, 1])
    with pytest.raises(ValueError, match="'n_iter' parameter of Pegasos"):
        Pegasos(n_iter=0).fit([[0.0], [1.0]], [-1, 1])
