"""The dataset container (marginlab.core.datasets.container): a K-class
dataset's codes and the names of its classes."""

from __future__ import annotations

import re

import numpy as np
import pytest

from marginlab.core.datasets import (
    Dataset,
    DatasetError,
)


@pytest.mark.parametrize(
    ("y", "classes", "message"),
    [
        ([0, 1, 1], ("a", "b"), "names K ≥ 3 classes, got 2"),
        ([0, 1, 3], ("a", "b", "c"), "y[2] = 3 is not a class code 0, ..., 2"),
        ([0, 1, -1], ("a", "b", "c"), "y[2] = -1 is not a class code"),
        ([0, 1.5, 2], ("a", "b", "c"), "y[1] = 1.5 is not a class code"),
        ([0, 1, 2], ("a", "b", "a"), "repeated class names"),
        ([0, 1, 2], ("a", "", "c"), "class name '': a non-empty string"),
        ([0, 1, 2], ("a", "b|c", "d"), "class name 'b|c': a non-empty string"),
    ],
)
def test_a_k_class_dataset_has_codes_of_its_named_classes(
    y: list, classes: tuple, message: str
) -> None:
    with pytest.raises(DatasetError, match=re.escape(message)):
        Dataset(np.zeros((3, 1)), np.array(y, dtype=float), ("x",), classes=classes)


def test_class_names_are_for_classification_only() -> None:
    with pytest.raises(DatasetError, match="classification data only"):
        Dataset(
            np.zeros((3, 1)), np.zeros(3), ("x",), "regression", classes=tuple("abc")
        )
