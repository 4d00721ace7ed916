"""The data scikit-learn ships (marginlab.core.datasets.real_data): the same
arrays as scikit-learn's loaders, and the OCR digit pairs (digits_1_7,
digits_4_9)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from marginlab.core.datasets import (
    DatasetError,
    class_counts,
    load_digits_pair,
    make_dataset,
)

from .conftest import DIGITS


def test_breast_cancer_matches_sklearn() -> None:
    from sklearn.datasets import load_breast_cancer

    data = make_dataset({"generator": "breast_cancer"})
    bunch = load_breast_cancer()
    assert data.X.shape == (569, 30)
    assert data.task == "classification"
    assert int((data.y == 1.0).sum()) == int((bunch.target == 1).sum())
    np.testing.assert_array_equal(data.y == 1.0, bunch.target == 1)
    np.testing.assert_array_equal(data.X, bunch.data)
    assert data.feature_names == tuple(bunch.feature_names)


def test_digits_are_sklearn_s_ten_classes() -> None:
    from sklearn.datasets import load_digits

    data = make_dataset({"generator": "digits"})
    bunch = load_digits()
    assert data.X.shape == (1797, 64)
    assert data.task == "classification"
    assert data.classes == tuple("0123456789")
    np.testing.assert_array_equal(data.X, bunch.data)
    np.testing.assert_array_equal(data.y, bunch.target)  # the code is the digit
    assert data.feature_names == tuple(bunch.feature_names)
    # The counts the generator table says without loading the data.
    from marginlab.core.datasets import GENERATOR_TABLE

    counts = np.bincount(bunch.target).tolist()
    assert list(GENERATOR_TABLE["digits"].label_counts) == counts
    assert class_counts({"generator": "digits"}) == dict(
        zip(data.classes, counts, strict=True)
    )


def test_diabetes_matches_sklearn() -> None:
    from sklearn.datasets import load_diabetes

    data = make_dataset({"generator": "diabetes"})
    bunch = load_diabetes()
    assert data.X.shape == (442, 10)
    assert data.task == "regression"
    np.testing.assert_array_equal(data.y, bunch.target)
    np.testing.assert_array_equal(data.X, bunch.data)


@pytest.mark.parametrize(
    ("name", "first", "second"), [(DIGITS[0], 1, 7), (DIGITS[1], 4, 9)]
)
def test_digit_pairs_are_sklearn_s_images(name: str, first: int, second: int) -> None:
    from sklearn.datasets import load_digits

    bunch = load_digits()
    keep = np.isin(bunch.target, [first, second])
    data = make_dataset({"generator": name})
    np.testing.assert_array_equal(data.X, bunch.data[keep])
    np.testing.assert_array_equal(data.y > 0, bunch.target[keep] == first)
    assert data.feature_names == tuple(bunch.feature_names)
    assert data.X.min() == 0.0
    assert data.X.max() == 16.0
    flipped = load_digits_pair(second, first)
    np.testing.assert_array_equal(flipped.y, -data.y)


def test_digit_pairs_take_label_noise_but_no_seed() -> None:
    data = make_dataset({"generator": "digits_4_9", "label_noise": 0.1})
    assert int(data.flipped.sum()) == round(0.1 * 361)
    with pytest.raises(DatasetError, match="generator 'digits_1_7': .*'seed'"):
        make_dataset({"generator": "digits_1_7", "seed": 0})


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (
            1,
            10,
            "The 'second' parameter of load_digits_pair must be an int in "
            "the range [0, 9]. Got 10.",
        ),
        (
            -1,
            7,
            "The 'first' parameter of load_digits_pair must be an int in "
            "the range [0, 9]. Got -1.",
        ),
        (
            1.0,
            7,
            "The 'first' parameter of load_digits_pair must be an int in "
            "the range [0, 9]. Got 1.0.",
        ),
        (
            4,
            4,
            "The 'first' and 'second' parameters of load_digits_pair must be "
            "different digits. Got 4 twice.",
        ),
    ],
)
def test_bad_digit_pairs_are_named(first, second, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        load_digits_pair(first, second)
