"""Real data: the datasets scikit-learn ships, and the UCI letter data.

Breast cancer, diabetes and the handwritten digits install with scikit-learn
(the ``data`` extra) and need no network. The UCI letter data
(:func:`load_letter_part`) is downloaded on first use by
:mod:`marginlab.core.downloads`, for opt-in runs only. Their shapes and
classes, known without loading them, are in their descriptions
(:mod:`marginlab.core.generators`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .dataset import Dataset, DatasetError
from .validation import check_scalar

__all__ = [
    "LETTER_CLASSES",
    "LETTER_PARTS",
    "load_breast_cancer",
    "load_diabetes",
    "load_digits",
    "load_digits_1_7",
    "load_digits_4_9",
    "load_digits_pair",
    "load_letter_part",
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


#: Rows of the two parts of the UCI letter file (:func:`load_letter_part`):
#: the first 16 000 and the last 4 000 of its 20 000.
LETTER_PARTS = {"train": 16_000, "test": 4_000}

#: The 26 classes of the letter data, by code: code k is ``LETTER_CLASSES[k]``
#: (:func:`load_letter_part` with ``classes="A-Z"``).
LETTER_CLASSES = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

#: The problems :func:`load_letter_part` makes of the letters: A to M against
#: N to Z, or one class per letter.
_LETTER_PROBLEMS = ("A-M/N-Z", "A-Z")


def load_letter_part(part: str, classes: str = "A-M/N-Z") -> Dataset:
    """A part of the UCI letter data: letters A to M (+1) against N to Z (−1),
    or its 26 classes.

    ``part="train"`` is the first 16 000 rows of the UCI file
    letter-recognition.data, ``part="test"`` the last 4 000: the split its
    documentation suggests (letter-recognition.names: train on the first
    16 000 items, predict the remaining 4 000), of the sizes Schapire, Freund,
    Bartlett and Lee (1998) give for their letter runs (16 000 training, 4 000
    test examples). Their Fig. 1 boosts C4.5 on the 26 letters, which
    ``classes="A-Z"`` gives (codes 0 to 25 for A to Z,
    :func:`marginlab.core.downloads.load_letter_classes`); the two classes of
    the default are :func:`marginlab.core.downloads.load_letter`'s, a choice
    of this library, not theirs. 16 integer features (0 to 15); rows in the
    file's order.

    The file is not shipped: the first call downloads it through
    :func:`marginlab.core.downloads.fetch` (pooch, the SHA-256 pinned in
    :data:`~marginlab.core.downloads.REGISTRY`) into the user's cache, and
    later calls read that copy. Only an opt-in workflow profile names it
    (``workflow/profiles/paper``); the default reproduction runs offline.

    Parameters
    ----------
    part : {"train", "test"}
    classes : {"A-M/N-Z", "A-Z"}, default="A-M/N-Z"
        Two classes, A to M against N to Z; or the 26 letters.

    Returns
    -------
    Dataset
        ``X`` float64 of shape (16000, 16) or (4000, 16); ``y`` in {−1, +1},
        or the codes 0.0 to 25.0 with :data:`LETTER_CLASSES` as ``classes``.

    Raises
    ------
    ValueError
        For a part other than "train" or "test", or classes other than
        "A-M/N-Z" or "A-Z".
    ImportError
        When pooch is not installed.
    DownloadError
        When the file is not in the cache and cannot be downloaded, or the
        download's SHA-256 is not the pinned one (nothing is kept).
    DatasetError
        When the file has no row beyond the training part, or a part of the
        two-class problem has rows of one class only.

    References
    ----------
    P. W. Frey and D. J. Slate, "Letter recognition using Holland-style
    adaptive classifiers", Machine Learning 6 (1991) 161–182. R. E. Schapire,
    Y. Freund, P. Bartlett and W. S. Lee, "Boosting the margin: a new
    explanation for the effectiveness of voting methods", Annals of
    Statistics 26 (1998) 1651–1686.
    """
    if not isinstance(part, str) or part not in LETTER_PARTS:
        raise ValueError(
            "The 'part' parameter of load_letter_part must be 'train' or 'test'. "
            f"Got {part!r}."
        )
    if not isinstance(classes, str) or classes not in _LETTER_PROBLEMS:
        raise ValueError(
            "The 'classes' parameter of load_letter_part must be 'A-M/N-Z' or "
            f"'A-Z'. Got {classes!r}."
        )
    from . import downloads  # imports datasets: deferred, and pooch with fetch

    path = downloads.fetch("letter")
    if classes == "A-Z":
        data = downloads.load_letter_classes(path)
    else:
        data = downloads.load_letter(path)
    cut = downloads.LETTER_TRAIN_ROWS  # read here, so a test may set it
    if data.n_samples <= cut:
        raise DatasetError(
            f"{path}: {data.n_samples} rows, none after the {cut} of the training part"
        )
    rows = slice(None, cut) if part == "train" else slice(cut, None)
    y = data.y[rows]
    if data.classes is None and np.all(y == y[0]):
        raise DatasetError(
            f"{path}: every row of the {part} part is {'+1' if y[0] > 0 else '−1'}"
        )
    return Dataset(
        np.ascontiguousarray(data.X[rows]),
        y.copy(),
        data.feature_names,
        classes=data.classes,
    )


def _sklearn_datasets() -> Any:
    try:
        import sklearn.datasets as sk
    except ImportError:  # pragma: no cover - depends on the environment
        raise DatasetError(
            "the bundled real datasets ship inside scikit-learn; install it with "
            "pip install 'marginlab[data]'"
        ) from None
    return sk
