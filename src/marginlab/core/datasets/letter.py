"""The UCI letter-recognition data: its file, its two problems, its parts.

The UCI Letter Image Recognition data (Frey and Slate, 1991), behind Schapire,
Freund, Bartlett and Lee (1998), Fig. 1, ships with no package: the first call
of :func:`load_letter_part` downloads the file through
:func:`marginlab.core.datasets.downloads.fetch` (checksummed, cached), and only an
opt-in workflow profile names it.

- :func:`read_letter` reads the file's rows: features and letters;
- :func:`load_letter` makes it a two-class :class:`Dataset`,
  :func:`load_letter_classes` a 26-class one (:data:`LETTER_CLASSES`);
- :func:`load_letter_part` gives the training or the test part
  (:data:`LETTER_PARTS`) of either problem, downloading the file on first use.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from .container import Dataset, DatasetError

__all__ = [
    "A_TO_M",
    "LETTER_CLASSES",
    "LETTER_FEATURES",
    "LETTER_PARTS",
    "LETTER_TRAIN_ROWS",
    "load_letter",
    "load_letter_classes",
    "load_letter_part",
    "read_letter",
]

#: The 16 attributes of letter-recognition.data, named as in the UCI
#: repository's letter-recognition.names; the letter comes first in each row.
LETTER_FEATURES = (
    "x-box",
    "y-box",
    "width",
    "high",
    "onpix",
    "x-bar",
    "y-bar",
    "x2bar",
    "y2bar",
    "xybar",
    "x2ybr",
    "xy2br",
    "x-ege",
    "xegvy",
    "y-ege",
    "yegvx",
)

#: The split the UCI documentation suggests: train on the first 16 000 rows,
#: test on the remaining 4 000.
LETTER_TRAIN_ROWS = 16_000

#: The letters labelled +1 by default in :func:`load_letter`.
A_TO_M = "ABCDEFGHIJKLM"

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

#: Rows of the two parts of the UCI letter file (:func:`load_letter_part`):
#: the first 16 000 and the last 4 000 of its 20 000.
LETTER_PARTS = {"train": 16_000, "test": 4_000}

#: The 26 classes of the letter data, by code: code k is ``LETTER_CLASSES[k]``
#: (:func:`load_letter_part` with ``classes="A-Z"``).
LETTER_CLASSES = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

#: The problems :func:`load_letter_part` makes of the letters: A to M against
#: N to Z, or one class per letter.
_LETTER_PROBLEMS = ("A-M/N-Z", "A-Z")


def read_letter(path: str | os.PathLike[str]) -> tuple[np.ndarray, np.ndarray]:
    """The rows of a UCI letter-recognition file: features and letters.

    Each line is a capital letter followed by 16 integers from 0 to 15,
    separated by commas (20 000 lines in the UCI file). Blank lines are
    skipped.

    Parameters
    ----------
    path : path-like

    Returns
    -------
    X : ndarray of shape (m, 16), float64
        Columns in the order of :data:`LETTER_FEATURES`.
    letters : ndarray of shape (m,), str
        The letter of each row, "A" to "Z".

    Raises
    ------
    DatasetError
        Naming the file and line of a row that is not a letter and 16
        integers in [0, 15], or for a file without rows.
    """
    path = Path(path)
    letters: list[str] = []
    rows: list[list[int]] = []
    with open(path, encoding="ascii", errors="replace") as f:
        for number, line in enumerate(f, start=1):
            if not line.strip():
                continue
            cells = [c.strip() for c in line.split(",")]
            if len(cells) != 1 + len(LETTER_FEATURES):
                raise DatasetError(
                    f"{path}, line {number}: {len(cells)} fields, expected a "
                    f"letter and {len(LETTER_FEATURES)} integers"
                )
            if cells[0] not in _ALPHABET:
                raise DatasetError(
                    f"{path}, line {number}: {cells[0]!r} is not a capital letter"
                )
            values = []
            for name, cell in zip(LETTER_FEATURES, cells[1:], strict=True):
                if not cell.isdigit() or int(cell) > 15:
                    raise DatasetError(
                        f"{path}, line {number}, column {name!r}: {cell!r} is not "
                        f"an integer from 0 to 15"
                    )
                values.append(int(cell))
            letters.append(cells[0])
            rows.append(values)
    if not rows:
        raise DatasetError(f"{path}: no rows")
    return np.asarray(rows, dtype=np.float64), np.asarray(letters)


def load_letter(path: str | os.PathLike[str], positive: str = A_TO_M) -> Dataset:
    """The UCI letter data as a two-class problem: +1 for ``positive`` letters.

    The UCI Letter Image Recognition data (Frey and Slate, 1991): 20 000
    distorted capital letters in 20 fonts, each summarized by 16 integer
    attributes (0 to 15); 26 classes. The binary task is a choice of this
    module, not of a paper: by default letters A to M are +1 and N to Z are
    −1, a common convention that splits the data in two nearly equal halves;
    ``positive="O"`` gives one letter against the rest. Rows keep the file's
    order, so the UCI split is ``X[:LETTER_TRAIN_ROWS]`` for training and the
    rest for testing.

    Schapire, Freund, Bartlett and Lee (1998), Fig. 1, boost C4.5 on this
    data; check their text for the label setting and the split they used
    before calling a result a reproduction of theirs. :func:`read_letter`
    keeps all 26 letters.

    Parameters
    ----------
    path : path-like
        A letter-recognition.data file, e.g. ``fetch("letter")``.
    positive : str
        The capital letters labelled +1 (in any order); the others are −1.
        Neither none nor all 26.

    Returns
    -------
    Dataset
        ``X`` float64 of shape (m, 16) with :data:`LETTER_FEATURES` as feature
        names; ``y`` in {−1, +1}.

    Raises
    ------
    ValueError
        When ``positive`` is not a set of capital letters, or is empty or all
        of them.
    DatasetError
        For a malformed file (see :func:`read_letter`) or when the file has
        rows of one class only.

    References
    ----------
    P. W. Frey and D. J. Slate, "Letter recognition using Holland-style
    adaptive classifiers", Machine Learning 6 (1991) 161–182. R. E. Schapire,
    Y. Freund, P. Bartlett and W. S. Lee, "Boosting the margin: a new
    explanation for the effectiveness of voting methods", Annals of
    Statistics 26 (1998) 1651–1686.
    """
    chosen = _letters(positive)
    X, letters = read_letter(path)
    y = np.where(np.isin(letters, sorted(chosen)), 1.0, -1.0)
    if np.all(y == y[0]):
        raise DatasetError(
            f"{path}: every row is {'+1' if y[0] > 0 else '−1'} with "
            f"positive={positive!r}: the data need both classes"
        )
    return Dataset(X, y, LETTER_FEATURES)


def load_letter_classes(path: str | os.PathLike[str]) -> Dataset:
    """The UCI letter data as a 26-class problem: one class per letter.

    The data of :func:`load_letter`, each row labelled with its letter's code,
    0 for A to 25 for Z (:data:`LETTER_CLASSES`), the
    problem Schapire, Freund, Bartlett and Lee (1998), Fig. 1, boost on. Rows
    keep the file's order.

    Parameters
    ----------
    path : path-like
        A letter-recognition.data file, e.g. ``fetch("letter")``.

    Returns
    -------
    Dataset
        ``X`` float64 of shape (m, 16) with :data:`LETTER_FEATURES` as feature
        names; ``y`` the codes 0.0 to 25.0; ``classes`` the letters A to Z.

    Raises
    ------
    DatasetError
        For a malformed file (see :func:`read_letter`).
    """
    X, letters = read_letter(path)
    codes = np.frombuffer("".join(letters).encode("ascii"), dtype=np.uint8)
    y = (codes - ord("A")).astype(np.float64)
    return Dataset(X, y, LETTER_FEATURES, classes=LETTER_CLASSES)


def _letters(positive: Iterable[str]) -> frozenset[str]:
    chosen = frozenset(positive) if isinstance(positive, str) else None
    if chosen is None or not chosen or not chosen <= _ALPHABET or chosen == _ALPHABET:
        raise ValueError(
            "The 'positive' parameter of load_letter must be a string of capital "
            f"letters A-Z, neither empty nor all 26. Got {positive!r}."
        )
    return chosen


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
    :func:`load_letter_classes`); the two classes of the default are
    :func:`load_letter`'s, a choice of this library, not theirs. 16 integer
    features (0 to 15); rows in the file's order.

    The file is not shipped: the first call downloads it through
    :func:`marginlab.core.datasets.downloads.fetch` (pooch, the SHA-256 pinned in
    :data:`~marginlab.core.datasets.downloads.REGISTRY`) into the user's cache, and
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
    from . import downloads  # deferred: the forecasts never download

    path = downloads.fetch("letter")
    data = load_letter_classes(path) if classes == "A-Z" else load_letter(path)
    cut = LETTER_TRAIN_ROWS  # read here, so a test may set it
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
