"""The dataset container: features, labels or targets, and provenance.

Every classification dataset has ``X`` float64 of shape (m, n) and labels ``y`` in
{−1, +1}; regression datasets have a real target. Generators and loaders
(:mod:`marginlab.core.datasets`) and the CSV files
(:mod:`marginlab.core.csv_files`) all return a :class:`Dataset`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import numpy as np

__all__ = ["Dataset", "DatasetError", "Task"]

if TYPE_CHECKING:  # pandas is imported where it is used: the workflow's
    import pandas as pd  # configuration check reads this module and needs none

Task = Literal["classification", "regression"]


class DatasetError(ValueError):
    """A dataset file or specification is unusable; the message says where."""


@dataclass(frozen=True)
class Dataset:
    """A dataset: features, labels or targets, and provenance.

    Attributes
    ----------
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        Labels in {−1, +1} (classification) or real targets (regression).
    feature_names : tuple of str
    task : {"classification", "regression"}
    flipped : ndarray of bool of shape (m,) or None
        Points whose label was flipped by
        :func:`~marginlab.core.datasets.flip_labels`.
    coef : ndarray of shape (n,) or None
        True weights of a generated regression problem.
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple[str, ...]
    task: Task = "classification"
    flipped: np.ndarray | None = None
    coef: np.ndarray | None = field(default=None, compare=False)

    @property
    def n_samples(self) -> int:
        return int(self.X.shape[0])

    def to_frame(self) -> pd.DataFrame:
        """The on-disk table: features, ``label`` or ``target``, maybe ``flipped``.

        The bookkeeping columns come last whatever the features are called: a
        feature named ``flipped`` (or ``label``, ``target``) keeps its own
        column and :func:`~marginlab.core.csv_files.read_dataset` tells them
        apart by position.
        """
        import pandas as pd

        frame = pd.DataFrame(self.X, columns=list(self.feature_names))
        if self.task == "classification":
            frame.insert(
                frame.shape[1], "label", self.y.astype(np.int64), allow_duplicates=True
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
