"""Real data that installs offline: the datasets scikit-learn ships.

Breast cancer, diabetes and the handwritten digits install with scikit-learn
(the ``data`` extra) and need no network. The UCI letter data, which no
package ships, is :mod:`marginlab.core.datasets.letter`'s. Their shapes and classes,
known without loading them, are in their descriptions
(:mod:`marginlab.core.datasets.generators`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..contract.validation import check_scalar
from .container import Dataset, DatasetError

__all__ = [
    "load_breast_cancer",
    "load_diabetes",
    "load_digits",
    "load_digits_1_7",
    "load_digits_4_9",
    "load_digits_pair",
]


def load_breast_cancer() -> Dataset:
    """Wisconsin diagnostic breast-cancer data (569 × 30), shipped with scikit-learn.

    Label +1 is benign (scikit-learn's target 1), −1 malignant.
    """
    sk = _sklearn_datasets()
    bunch = sk.load_breast_cancer()
    y = np.where(bunch.target == 1, 1.0, -1.0)
    return Dataset(
        np.asarray(bunch.data, dtype=np.float64), y, tuple(bunch.feature_names)
    )


def load_diabetes() -> Dataset:
    """Diabetes regression data (442 × 10), shipped with scikit-learn.

    Features are centred and scaled as scikit-learn ships them (the data of the
    classic Lasso-path picture).
    """
    sk = _sklearn_datasets()
    bunch = sk.load_diabetes()
    return Dataset(
        np.asarray(bunch.data, dtype=np.float64),
        np.asarray(bunch.target, dtype=np.float64),
        tuple(bunch.feature_names),
        task="regression",
    )


def load_digits() -> Dataset:
    """scikit-learn's 8 × 8 handwritten digits, all ten: a 10-class problem.

    The 1797 images of ``sklearn.datasets.load_digits`` (described at
    :func:`load_digits_pair`), in its order, 64 features (integers 0 to 16).
    The class code of an image is its digit, and the classes are named
    ``"0"`` to ``"9"``: 178, 182, 177, 183, 181, 182, 181, 179, 174 and 180
    images of the digits 0 to 9.

    Schapire, Freund, Bartlett and Lee (1998), Fig. 1, boost C4.5 on the 26
    classes of the UCI letter data (:func:`load_letter_part`); these ten
    classes are the nearest multiclass problem that installs offline.

    Returns
    -------
    Dataset
        ``X`` float64 of shape (1797, 64) with scikit-learn's feature names,
        ``y`` the digits 0.0 to 9.0, ``classes`` ``("0", …, "9")``.

    Examples
    --------
    >>> data = load_digits()
    >>> data.X.shape, data.classes[int(data.y[0])]
    ((1797, 64), '0')
    """
    bunch = _sklearn_datasets().load_digits()
    return Dataset(
        np.asarray(bunch.data, dtype=np.float64),
        np.asarray(bunch.target, dtype=np.float64),
        tuple(bunch.feature_names),
        classes=tuple(str(digit) for digit in range(10)),
    )


def load_digits_pair(first: int, second: int) -> Dataset:
    """Two digits of scikit-learn's 8 × 8 handwritten digits: +1 for ``first``.

    scikit-learn's ``load_digits`` ships a copy of the test set (1797 images)
    of the UCI "Optical Recognition of Handwritten Digits" data (Alpaydin and
    Kaynak, 1998): 32 × 32 bitmaps written by 13 people, extracted with NIST's
    preprocessing programs, with the on pixels counted in each 4 × 4 block, so
    64 features, integers 0 to 16. The rows of the two digits are kept in the
    file's order.

    Reyzin and Schapire (2006) boost on OCR problems of two digits, 1 against
    7 and 4 against 9 (:func:`load_digits_1_7`, :func:`load_digits_4_9`). Their
    data are a different OCR set, not these images; these are the closest
    such pairs that install offline with scikit-learn, with fewer and coarser
    images, so their errors are not theirs.

    Parameters
    ----------
    first, second : int in [0, 9], different
        The digit labelled +1 and the one labelled −1.

    Returns
    -------
    Dataset
        Classification data with scikit-learn's feature names
        ``pixel_0_0, …, pixel_7_7`` (row, column).

    Raises
    ------
    ValueError
        For a digit outside 0–9, or the same digit twice.

    References
    ----------
    E. Alpaydin and C. Kaynak, Optical Recognition of Handwritten Digits, UCI
    Machine Learning Repository, 1998. L. Reyzin and R. E. Schapire, "How
    boosting the margin can also boost classifier complexity", ICML 2006.

    Examples
    --------
    >>> load_digits_pair(1, 7).X.shape
    (361, 64)
    """
    a = int(
        check_scalar(
            first, "first", "load_digits_pair", kind="int", low=0, high=9, closed="both"
        )
    )
    b = int(
        check_scalar(
            second,
            "second",
            "load_digits_pair",
            kind="int",
            low=0,
            high=9,
            closed="both",
        )
    )
    if a == b:
        raise ValueError(
            f"The 'first' and 'second' parameters of load_digits_pair must be "
            f"different digits. Got {a} twice."
        )
    bunch = _sklearn_datasets().load_digits()
    keep = (bunch.target == a) | (bunch.target == b)
    X = np.asarray(bunch.data[keep], dtype=np.float64)
    y = np.where(bunch.target[keep] == a, 1.0, -1.0)
    return Dataset(X, y, tuple(bunch.feature_names))


def load_digits_1_7() -> Dataset:
    """Digits 1 (+1, 182 images) against 7 (−1, 179): :func:`load_digits_pair`."""
    return load_digits_pair(1, 7)


def load_digits_4_9() -> Dataset:
    """Digits 4 (+1, 181 images) against 9 (−1, 180): :func:`load_digits_pair`."""
    return load_digits_pair(4, 9)


def _sklearn_datasets() -> Any:
    try:
        import sklearn.datasets as sk
    except ImportError:  # pragma: no cover - depends on the environment
        raise DatasetError(
            "the bundled real datasets ship inside scikit-learn; install it with "
            "pip install 'marginlab[data]'"
        ) from None
    return sk
