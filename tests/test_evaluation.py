from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernelboost.evaluation import train_test_split


@settings(max_examples=50, deadline=None)
@given(
    n_pos=st.integers(1, 60),
    n_neg=st.integers(1, 60),
    fraction=st.floats(0.05, 0.95),
    seed=st.integers(0, 1000),
)
def test_split_is_disjoint_covering_stratified_and_seeded(
    n_pos: int, n_neg: int, fraction: float, seed: int
) -> None:
    y = np.array([1] * n_pos + [-1] * n_neg)
    train, test = train_test_split(y, fraction, seed)
    assert np.intersect1d(train, test).size == 0
    np.testing.assert_array_equal(np.union1d(train, test), np.arange(y.size))
    assert (y[test] == 1).sum() == round(fraction * n_pos)
    assert (y[test] == -1).sum() == round(fraction * n_neg)
    again = train_test_split(y, fraction, seed)
    np.testing.assert_array_equal(again[1], test)


def test_split_rejects_bad_fractions() -> None:
    with pytest.raises(ValueError, match="'test_fraction' parameter"):
        train_test_split(np.array([1, -1]), 1.0)


# --- k-NN and K14 -------------------------------------------------------------

from sklearn.neighbors import KNeighborsClassifier  # noqa: E402

from kernelboost import claims  # noqa: E402
from kernelboost.datasets import make_dataset  # noqa: E402
from kernelboost.evaluation import KNN  # noqa: E402
from kernelboost.studies.knn import knn_tables  # noqa: E402


@pytest.mark.parametrize("k", [1, 3, 7, 21])
def test_knn_matches_sklearn_for_odd_k(k: int) -> None:
    data = make_dataset({"generator": "moons", "n_samples": 120, "noise": 0.3})
    Z = np.random.default_rng(0).uniform(-1.5, 2.5, (200, 2))
    ours = KNN(k).fit(data.X, data.y).predict(Z)
    peer = KNeighborsClassifier(n_neighbors=k).fit(data.X, data.y).predict(Z)
    np.testing.assert_array_equal(ours, peer)


def test_knn_ties_are_deterministic() -> None:
    X = np.array([[-1.0], [1.0], [3.0], [5.0]])
    y = np.array([1.0, -1.0, -1.0, 1.0])
    # x = 0 is equidistant from indices 0 (+1) and 1 (−1): the lower index wins.
    assert KNN(1).fit(X, y).predict([[0.0]])[0] == 1.0
    # k = 2 at x = 0: votes +1 and −1 tie; the nearest neighbour (index 0) decides.
    assert KNN(2).fit(X, y).predict([[0.0]])[0] == 1.0
    # k = m: the majority; a 2–2 tie goes to the nearest point.
    assert KNN(4).fit(X, y).predict([[4.9]])[0] == 1.0


def test_knn_rejects_k_above_m() -> None:
    with pytest.raises(ValueError, match=r"'k' parameter of KNN .* \[1, 2\]"):
        KNN(3).fit([[0.0], [1.0]], [1, -1])


def test_k14_rows() -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 120, "noise": 0.2, "label_noise": 0.1}
    )
    tables = knn_tables(data, [1, 5, 15], [1, 5], 0.5, seed=3, grid_points=12)
    errors = tables[0]
    assert errors["k"].tolist() == [1, 5, 15, 60]
    rows = claims.k14_knn(*tables)
    assert rows[0].holds  # 1-NN: no training error
    assert rows[1].holds  # k = N: the majority
    flat = errors.assign(test_error=0.1, majority_test_error=0.1)
    assert [r.holds for r in claims.k14_knn(flat, *tables[1:])][2:] == [False, False]
