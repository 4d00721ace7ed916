"""Model selection (marginlab.estimators.model_selection): train/test and
k-fold splits, cross-validation error, grid search and the leave-one-out
error."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab import (
    KNN,
    CVResult,
    cross_val_error,
    grid_search,
    kfold_indices,
    loo_error,
    train_test_split,
)
from marginlab.core.datasets import make_dataset
from marginlab.estimators.model_selection import random_split


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


# --- k-fold splits -------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    n_pos=st.integers(2, 40),
    n_neg=st.integers(2, 40),
    n_splits=st.integers(2, 6),
    seed=st.integers(0, 10_000),
)
def test_kfold_is_disjoint_covering_stratified_and_seeded(
    n_pos: int, n_neg: int, n_splits: int, seed: int
) -> None:
    n_splits = min(n_splits, n_pos, n_neg)
    y = np.array([1] * n_pos + [-1] * n_neg)
    np.random.default_rng(seed).shuffle(y)
    folds = kfold_indices(y, n_splits, seed)
    assert len(folds) == n_splits
    tests = [test for _, test in folds]
    np.testing.assert_array_equal(np.sort(np.concatenate(tests)), np.arange(y.size))
    for train, test in folds:
        assert np.intersect1d(train, test).size == 0
        np.testing.assert_array_equal(np.union1d(train, test), np.arange(y.size))
        for label, count in ((1, n_pos), (-1, n_neg)):
            in_fold = int((y[test] == label).sum())
            assert count // n_splits <= in_fold <= -(-count // n_splits)
    sizes = [t.size for t in tests]
    assert max(sizes) - min(sizes) <= 1
    again = kfold_indices(y, n_splits, seed)
    for (a_tr, a_te), (b_tr, b_te) in zip(folds, again, strict=True):
        np.testing.assert_array_equal(a_tr, b_tr)
        np.testing.assert_array_equal(a_te, b_te)


def test_kfold_seed_changes_folds_and_plain_kfold_covers() -> None:
    y = np.repeat([1, -1], 30)
    a = kfold_indices(y, 5, seed=0)
    b = kfold_indices(y, 5, seed=1)
    assert any(not np.array_equal(x[1], z[1]) for x, z in zip(a, b, strict=True))
    target = np.linspace(0, 1, 23)
    folds = kfold_indices(target, 4, seed=3, stratify=False)
    tests = np.concatenate([t for _, t in folds])
    np.testing.assert_array_equal(np.sort(tests), np.arange(23))
    assert sorted(t.size for _, t in folds) == [5, 6, 6, 6]


@pytest.mark.parametrize(
    ("y", "n_splits", "stratify", "message"),
    [
        (
            np.repeat([1, -1], 5),
            1,
            True,
            r"'n_splits' parameter of kfold_indices .* \[2, 5\]",
        ),
        (np.array([1] * 10 + [-1] * 3), 4, True, r"range \[2, 3\]\. Got 4"),
        (np.arange(6.0), 7, False, r"range \[2, 6\]\. Got 7"),
        (np.repeat([1, -1], 5), 2.0, True, r"must be an int"),
        (np.array([1, 1, 1, -1]), 2, True, "at least 2 members"),
    ],
)
def test_kfold_rejects_bad_n_splits(
    y: np.ndarray, n_splits: object, stratify: bool, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        kfold_indices(y, n_splits, 0, stratify)


# --- cross-validation and grid search -------------------------------------------


class _Constant:
    """Predicts a fixed value (a classifier or a regressor), to check the arithmetic."""

    def __init__(self, value: float = 1.0) -> None:
        self.value = value

    def fit(self, X: np.ndarray, y: np.ndarray) -> _Constant:
        self.n_fit_ = len(y)
        return self

    def predict(self, X: np.ndarray) -> np.ndarray:
        return np.full(len(X), self.value)


def test_cross_val_error_arithmetic() -> None:
    y = np.array([1.0] * 12 + [-1.0] * 8)
    X = np.arange(20.0)[:, None]
    result = cross_val_error(lambda: _Constant(1.0), X, y, n_splits=4, seed=0)
    assert isinstance(result, CVResult)
    # Stratified: every fold has 3 positives and 2 negatives, error 2/5.
    np.testing.assert_allclose(result.fold_errors, 0.4)
    assert result.mean == pytest.approx(0.4)
    assert result.std == pytest.approx(0.0)
    mse = cross_val_error(
        lambda: _Constant(0.0), X, np.arange(20.0), n_splits=5, scoring="mse"
    )
    assert mse.mean == pytest.approx(np.mean(np.arange(20.0) ** 2))


def test_cross_val_error_matches_sklearn_folds_logic() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 80, "noise": 0.3})
    folds = kfold_indices(data.y, 5, seed=2)
    ours = cross_val_error(lambda: KNN(k=3), data.X, data.y, n_splits=5, seed=2)
    by_hand = [
        np.mean(KNN(k=3).fit(data.X[tr], data.y[tr]).predict(data.X[te]) != data.y[te])
        for tr, te in folds
    ]
    np.testing.assert_allclose(ours.fold_errors, by_hand)
    assert ours.std == pytest.approx(np.std(by_hand))


def test_cross_val_error_rejects_bad_arguments() -> None:
    X, y = np.zeros((10, 1)), np.repeat([1.0, -1.0], 5)
    with pytest.raises(ValueError, match=r"'n_splits' parameter of cross_val_error"):
        cross_val_error(lambda: KNN(k=1), X, y, n_splits=6)
    with pytest.raises(ValueError, match="'scoring' parameter"):
        cross_val_error(lambda: KNN(k=1), X, y, scoring="accuracy")
    with pytest.raises(ValueError, match="y has 9 values"):
        cross_val_error(lambda: KNN(k=1), X, y[:9])


def test_grid_search_table_best_and_ties() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 60, "noise": 0.3})
    table, best = grid_search(
        lambda k, value: _Constant(value),
        {"k": [1, 2], "value": [1.0, -1.0]},
        data.X,
        data.y,
        n_splits=3,
        seed=0,
    )
    assert list(table.columns) == ["k", "value", "cv_error", "cv_std"]
    assert table[["k", "value"]].values.tolist() == [[1, 1], [1, -1], [2, 1], [2, -1]]
    np.testing.assert_allclose(table["cv_error"], 0.5)  # balanced classes
    assert best == {"k": 1, "value": 1.0}  # all tied: the first in grid order


def test_grid_search_picks_the_minimum_and_matches_cross_val_error() -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 90, "noise": 0.3, "label_noise": 0.1}
    )
    ks = [1, 5, 15, 45]
    table, best = grid_search(lambda k: KNN(k=k), {"k": ks}, data.X, data.y, 5, seed=1)
    for k, err in zip(ks, table["cv_error"], strict=True):
        assert err == cross_val_error(lambda k=k: KNN(k=k), data.X, data.y, 5, 1).mean
    assert best["k"] == ks[int(np.argmin(table["cv_error"]))]
    assert isinstance(table, pd.DataFrame)


@pytest.mark.parametrize("grid", [{}, {"k": []}, {"k": 3}, {"k": "abc"}])
def test_grid_search_rejects_bad_grids(grid: dict) -> None:
    with pytest.raises(ValueError, match="param_grid"):
        grid_search(lambda k: KNN(k=k), grid, np.zeros((4, 1)), [1, 1, -1, -1], 2)


# --- leave-one-out ---------------------------------------------------------------


def test_loo_error_is_brute_force() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 30, "noise": 0.4})
    error, mistakes = loo_error(lambda: KNN(k=1), data.X, data.y)
    expected = np.array(
        [
            KNN(k=1)
            .fit(np.delete(data.X, i, 0), np.delete(data.y, i))
            .predict(data.X[i : i + 1])[0]
            != data.y[i]
            for i in range(30)
        ]
    )
    np.testing.assert_array_equal(mistakes, expected)
    assert error == expected.mean()


def test_random_split_is_seeded_disjoint_and_complete() -> None:
    train, test = random_split(10, 0.3, 4)
    assert len(test) == 3
    assert len(train) == 7
    assert sorted(np.concatenate([train, test])) == list(range(10))
    np.testing.assert_array_equal(test, random_split(10, 0.3, 4)[1])
    with pytest.raises(ValueError, match="at least two"):
        random_split(4, 0.1, 0)
