"""The estimators (marginlab.estimators) on degenerate data: every point
identical, or duplicates with opposite labels.

Each estimator either gives a defined answer or stops with a message that says
what is wrong; none returns NaN or hangs.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from marginlab import KNN
from marginlab.core.contract.exceptions import NotSeparableError
from marginlab.core.kernels import Gaussian, Linear
from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.ensemble import NoEdgeWarning
from marginlab.estimators.boosting.weak_learners import Stumps
from marginlab.estimators.svm.classifier import SVM

X_SAME = np.ones((6, 2))
Y_HALF = np.array([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])


def test_adaboost_on_identical_points_stops_for_lack_of_an_edge() -> None:
    with pytest.warns(NoEdgeWarning, match="no edge"):
        model = AdaBoost(weak_learner=Stumps(), n_rounds=10).fit(X_SAME, Y_HALF)
    assert model.stop_reason_ == "no_edge"
    assert model.n_rounds_ == 0
    assert model.history_.empty
    assert model.predict(X_SAME).tolist() == [1.0] * 6  # f ≡ 0 predicts +1


def test_adaboost_with_a_majority_still_learns_the_constant() -> None:
    y = np.array([1.0, 1.0, 1.0, 1.0, -1.0, -1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        model = AdaBoost(weak_learner=Stumps(), n_rounds=10).fit(X_SAME, y)
    # One round (the constant stump, threshold −inf), then no edge is left.
    assert model.stop_reason_ == "no_edge"
    numbers = model.history_.drop(columns="threshold").select_dtypes("number")
    assert np.isfinite(numbers.to_numpy()).all()
    assert model.history_["eps"].iloc[0] == pytest.approx(2 / 6)
    assert model.predict(X_SAME).tolist() == [1.0] * 6


@pytest.mark.parametrize("kernel", [Linear(), Gaussian(sigma=1.0)])
def test_soft_margin_svm_on_identical_points_is_finite(kernel) -> None:
    svm = SVM(kernel=kernel, C=1.0).fit(X_SAME, Y_HALF)
    assert np.isfinite(svm.decision_function(X_SAME)).all()
    assert np.isfinite(svm.intercept_)


def test_hard_margin_svm_on_identical_points_says_not_separable() -> None:
    with pytest.raises(NotSeparableError, match="not separable"):
        SVM(kernel=Gaussian(sigma=1.0), C=float("inf")).fit(X_SAME, Y_HALF)


def test_knn_on_identical_points_breaks_ties_by_index() -> None:
    knn = KNN(k=1).fit(X_SAME, Y_HALF)
    # Every training point is at distance 0: the lowest index (label +1) wins.
    assert knn.predict(np.ones((2, 2))).tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="'k' parameter of KNN"):
        KNN(k=7).fit(X_SAME, Y_HALF)


def test_lasso_at_its_sweep_cap_warns_and_returns() -> None:
    from marginlab.core.contract.exceptions import ConvergenceWarning
    from marginlab.estimators.selection import lasso_path

    rng = np.random.default_rng(0)
    X = rng.standard_normal((40, 30))
    X[:, 1] = X[:, 0] + 1e-3 * rng.standard_normal(40)  # nearly collinear
    y = X[:, 0] + 0.1 * rng.standard_normal(40)
    with pytest.warns(ConvergenceWarning):
        alphas, coefs = lasso_path(X, y, n_alphas=5, tol=1e-14, max_iter=2)
    assert coefs.shape == (30, 5)
    assert np.isfinite(coefs).all()
