"""What a room's counted work is made of: the sizes its configuration fixes.

A room declares its counted work in ``work.py``, a function ``counted(cfg)``
named by its registry entry's ``work``: from the configuration, with the
schema's defaults filled in, it returns ``{unit: count}``, the number of
fits, rounds and kernel evaluations the study does, counted without running
it. Units are plain words of what the room does, as the lectures name it
("SVM fits", "boosting rounds", "kernel evaluations", "CV fits", "timed
repetitions"); a count that depends on the data (the support vectors, the
epochs before a perceptron stops) is bounded from above, and the function's
docstring says so. ``tests/project/test_work_budget.py`` compares the full
run's counts with the budget rows of ``benchmarks/README.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.datasets import dataset_rows, dataset_shape

__all__ = ["Work", "boosted", "classes", "features", "rows", "split_rows", "train_rows"]

#: A room's counted work: unit → count.
Work = dict[str, int]


def rows(cfg: Mapping[str, Any], name: str) -> int:
    """Rows of the dataset ``name`` of the configuration, read off its
    generator's parameters (:func:`marginlab.core.datasets.dataset_rows`)."""
    return int(dataset_rows(cfg["datasets"][name]))


def features(cfg: Mapping[str, Any], name: str) -> int:
    """Features of the dataset ``name`` of the configuration."""
    return int(dataset_shape(cfg["datasets"][name]).n_features)


def classes(cfg: Mapping[str, Any], name: str) -> int:
    """Classes of the dataset ``name`` of the configuration (0 for regression)."""
    return int(dataset_shape(cfg["datasets"][name]).n_classes)


def train_rows(m: int, test_fraction: float) -> int:
    """Training points of m under ``test_fraction``: m − round(f · m), as the
    studies' splits hold out (within one point per class of a stratified
    split).

    Examples
    --------
    >>> train_rows(400, 0.5)
    200
    """
    return m - int(round(test_fraction * m))


def split_rows(cfg: Mapping[str, Any], *names: str) -> list[int]:
    """Training points of each dataset of ``names`` under the configuration's
    split (``split.test_fraction``): :func:`train_rows` of its rows."""
    f = cfg["split"]["test_fraction"]
    return [train_rows(rows(cfg, name), f) for name in names]


def boosted(n_rounds: int, parts: list[int]) -> Work:
    """``n_rounds`` boosting rounds (at most) on each training set of
    ``parts`` (their sizes): T·|parts| boosting rounds and T·Σ m rounds ×
    training points.

    Examples
    --------
    >>> boosted(10, [100, 50])
    {'boosting rounds': 20, 'rounds × training points': 1500}
    """
    return {
        "boosting rounds": n_rounds * len(parts),
        "rounds × training points": n_rounds * sum(parts),
    }
