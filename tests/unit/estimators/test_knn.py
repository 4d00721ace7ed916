"""k nearest neighbours (marginlab.estimators.knn): predictions against
scikit-learn, ties, the leave-one-out error and parameter errors."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.neighbors import KNeighborsClassifier

from marginlab import KNN, knn_loo, loo_error
from marginlab.core.datasets import make_dataset

# --- k-NN ----------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 3, 7, 21])
def test_knn_matches_sklearn_for_odd_k(k: int) -> None:
    data = make_dataset({"generator": "moons", "n_samples": 120, "noise": 0.3})
    Z = np.random.default_rng(0).uniform(-1.5, 2.5, (200, 2))
    ours = KNN(k=k).fit(data.X, data.y).predict(Z)
    peer = KNeighborsClassifier(n_neighbors=k).fit(data.X, data.y).predict(Z)
    np.testing.assert_array_equal(ours, peer)


def test_knn_ties_are_deterministic() -> None:
    X = np.array([[-1.0], [1.0], [3.0], [5.0]])
    y = np.array([1.0, -1.0, -1.0, 1.0])
    # x = 0 is equidistant from indices 0 (+1) and 1 (−1): the lower index wins.
    assert KNN(k=1).fit(X, y).predict([[0.0]])[0] == 1.0
    # k = 2 at x = 0: votes +1 and −1 tie; the nearest neighbour (index 0) decides.
    assert KNN(k=2).fit(X, y).predict([[0.0]])[0] == 1.0
    # k = m: the majority; a 2–2 tie goes to the nearest point.
    assert KNN(k=4).fit(X, y).predict([[4.9]])[0] == 1.0


def test_knn_rejects_k_above_m() -> None:
    with pytest.raises(ValueError, match=r"'k' parameter of KNN .* \[1, 2\]"):
        KNN(k=3).fit([[0.0], [1.0]], [1, -1])


# --- leave-one-out -------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 3, 4, 7])
@pytest.mark.parametrize("seed", [0, 1])
def test_knn_loo_equals_brute_force(k: int, seed: int) -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 50, "noise": 0.4, "seed": seed}
    )
    ours = knn_loo(data.X, data.y, k)
    brute = loo_error(lambda: KNN(k=k), data.X, data.y)
    np.testing.assert_array_equal(ours[1], brute[1])
    assert ours[0] == brute[0]


def test_knn_loo_ties_follow_knn() -> None:
    # Integer points: many exact distance ties, broken by index as KNN does.
    X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0]])
    y = np.array([1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0])
    for k in (1, 2, 3, 4, 6):
        np.testing.assert_array_equal(
            knn_loo(X, y, k)[1], loo_error(lambda k=k: KNN(k=k), X, y)[1]
        )
    # x=1 (label −1): neighbours 0 (+1) and 2 (+1) tie; 1-NN picks index 0.
    assert knn_loo(X, y, 1)[1][1]


def test_knn_loo_rejects_k_out_of_range() -> None:
    X, y = np.arange(4.0)[:, None], [1, 1, -1, -1]
    with pytest.raises(
        ValueError, match=r"'k' parameter of knn_loo .* \[1, 3\]\. Got 4"
    ):
        knn_loo(X, y, 4)
    with pytest.raises(ValueError, match=r"'k' parameter of knn_loo"):
        knn_loo(X, y, 0)
