"""Kernel ridge regression (marginlab.estimators.kernel_ridge): against
scikit-learn and its normal equations."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.kernel_ridge import KernelRidge as SkKernelRidge

from marginlab.core.kernels import Gaussian, Linear, Polynomial
from marginlab.estimators.kernel_ridge import KernelRidge


@pytest.mark.parametrize(
    ("kernel", "sk"),
    [
        (Gaussian(sigma=0.5), {"kernel": "rbf", "gamma": 2.0}),
        (Polynomial(degree=5, c=1.0), {"kernel": "poly", "degree": 5, "coef0": 1.0}),
        (Linear(), {"kernel": "linear"}),
    ],
)
def test_kernel_ridge_matches_scikit_learn(kernel, sk) -> None:
    rng = np.random.default_rng(0)
    X = rng.uniform(-2, 2, (30, 2))
    y = np.sign(rng.standard_normal(30))
    Z = rng.uniform(-3, 3, (20, 2))
    ours = KernelRidge(kernel=kernel, lam=0.3).fit(X, y).predict(Z)
    # The parameter is shared between runs of the test: never change it.
    options = dict(sk)
    theirs = SkKernelRidge(alpha=0.3, gamma=options.pop("gamma", 1.0), **options)
    np.testing.assert_allclose(ours, theirs.fit(X, y).predict(Z), rtol=1e-9, atol=1e-9)


def test_kernel_ridge_solves_its_normal_equations() -> None:
    X = np.linspace(-1, 1, 7)[:, None]
    y = np.array([1.0, -1, 1, 1, -1, 1, -1])
    model = KernelRidge(kernel=Gaussian(0.4), lam=0.5).fit(X, y)
    K = Gaussian(0.4)(X)
    np.testing.assert_allclose((K + 0.5 * np.eye(7)) @ model.dual_coef_, y, atol=1e-12)
    with pytest.raises(ValueError, match="'lam' parameter of KernelRidge"):
        KernelRidge(lam=0.0).fit(X, y)
