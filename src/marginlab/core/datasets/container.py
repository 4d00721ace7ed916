"""The dataset container: features, labels or targets, and provenance.

Every dataset has ``X`` float64 of shape (m, n). A two-class dataset has labels
``y`` in {−1, +1}; a K-class dataset (K ≥ 3) has the class codes 0, …, K − 1 in
``y`` and the names of its classes in ``classes``; regression datasets have a
real target. Generators and loaders
(:mod:`marginlab.core.datasets`) and the CSV files
(:mod:`marginlab.core.datasets.csv_files`) all return a :class:`Dataset`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import numpy as np

__all__ = ["Dataset", "DatasetError", "Task"]

if TYPE_CHECKING:  # pandas is imported where it is used: the workflow's
    import pandas as pd  # configuration check reads this module and needs none

Task = Literal["classification", "regression"]

#: The start of the label column's name of a K-class dataset on disk, before
#: its class names (:meth:`Dataset.to_frame`).
LABEL_PREFIX = "label:"


class DatasetError(ValueError):
    """A dataset file or specification is unusable; the message says where."""


@dataclass(frozen=True)
class Dataset:
    """A dataset: features, labels or targets, and provenance.

    Attributes
    ----------
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        Labels in {−1, +1} (two classes), class codes 0.0, …, K − 1
        (K classes, ``classes`` given) or real targets (regression).
    feature_names : tuple of str
    task : {"classification", "regression"}
    flipped : ndarray of bool of shape (m,) or None
        Points whose label was flipped by
        :func:`~marginlab.core.datasets.flip_labels`.
    coef : ndarray of shape (n,) or None
        True weights of a generated regression problem.
    classes : tuple of str or None, default=None
        For a K-class problem (K ≥ 3), the name of each class code: ``y == k``
        is class ``classes[k]`` (``("0", …, "9")`` for the digits, ``("A",
        …, "Z")`` for the letters). A class may have no point (a part of the
        data). None for two classes (labels ±1) and for regression.

    Raises
    ------
    DatasetError
        When ``classes`` is given for regression data, names fewer than three
        classes, an empty, repeated or ``|``-containing name (the CSV header
        writes them joined by ``|``), or when ``y`` holds a value that is not
        a code 0, …, K − 1.

    Examples
    --------
    >>> import numpy as np
    >>> data = Dataset(np.zeros((3, 1)), np.array([0.0, 2.0, 1.0]), ("x",),
    ...                classes=("a", "b", "c"))
    >>> [data.classes[int(k)] for k in data.y]
    ['a', 'c', 'b']
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple[str, ...]
    task: Task = "classification"
    flipped: np.ndarray | None = None
    coef: np.ndarray | None = field(default=None, compare=False)
    classes: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.classes is None:
            return
        names = tuple(self.classes)
        object.__setattr__(self, "classes", names)
        if self.task != "classification":
            raise DatasetError("class names are for classification data only")
        if len(names) < 3:
            raise DatasetError(
                f"a K-class dataset names K ≥ 3 classes, got {len(names)} "
                "(two classes are labelled −1 and +1, without names)"
            )
        for name in names:
            if not isinstance(name, str) or not name or "|" in name:
                raise DatasetError(
                    f"class name {name!r}: a non-empty string without '|'"
                )
        if len(set(names)) < len(names):
            raise DatasetError(f"repeated class names in {names}")
        y = np.asarray(self.y, dtype=np.float64)
        bad = np.flatnonzero(~np.isin(y, np.arange(len(names))))
        if bad.size:
            raise DatasetError(
                f"y[{bad[0]}] = {y[bad[0]]:g} is not a class code 0, ..., "
                f"{len(names) - 1}"
            )

    @property
    def n_samples(self) -> int:
        return int(self.X.shape[0])

    def to_frame(self) -> pd.DataFrame:
        """The on-disk table: features, ``label`` or ``target``, maybe ``flipped``.

        The labels are written as integers: −1 and +1, or the class codes of a
        K-class problem, whose column is then named ``label:`` followed by the
        class names joined by ``|`` (``label:0|1|…|9``), so that the file
        keeps them.

        The bookkeeping columns come last whatever the features are called: a
        feature named ``flipped`` (or ``label``, ``target``) keeps its own
        column and :func:`~marginlab.core.datasets.csv_files.read_dataset` tells them
        apart by position.
        """
        import pandas as pd

        frame = pd.DataFrame(self.X, columns=list(self.feature_names))
        if self.task == "classification":
            label = (
                "label"
                if self.classes is None
                else LABEL_PREFIX + "|".join(self.classes)
            )
            frame.insert(
                frame.shape[1], label, self.y.astype(np.int64), allow_duplicates=True
            )
        else:
            frame.insert(frame.shape[1], "target", self.y, allow_duplicates=True)
        if self.flipped is not None:
            frame.insert(
                frame.shape[1],
                "flipped",
                self.flipped.astype(np.int64),
                allow_duplicates=True,
            )
        return frame
