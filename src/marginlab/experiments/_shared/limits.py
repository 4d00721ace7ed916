"""What a room's size limits are made of: the memory budgets and the problem
of an array beyond them.

A room whose configuration keys make arrays that grow with other keys (an
m × m Gram matrix of a size key, the features of a map of a given degree)
states its limits in ``limits.py``, a function ``problems(cfg)`` that
yields one line per problem (or None), naming the key; the configuration
check (:func:`marginlab.pipeline.limits.limits_problem`) runs every room's
before any job, with the schema's defaults filled in.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...core.datasets.generators import MAX_POINTS

__all__ = [
    "FAMILY_BYTES",
    "MAX_GRAM_POINTS",
    "MAX_POINTS",
    "MEMORY",
    "Problems",
    "dataset_size",
    "format_bytes",
    "square",
    "too_big",
]

#: What a room's ``problems(cfg)`` yields: a line naming the key, or None.
Problems = Iterator[str | None]

#: Points of an m × m float64 matrix that fits in :data:`MEMORY`.
MAX_GRAM_POINTS = 20_000
#: Bytes one array of a study may take: 8 · 20000² = 3.2e9 (3.0 GiB).
MEMORY = 8 * MAX_GRAM_POINTS**2
#: Bytes of the values of a family of hypotheses on the training points
#: (every distinct stump or depth-2 tree, a family of lines): 64 MiB, because
#: the linear-program solver (HiGHS) and the studies keep many copies of
#: them. Measured: arc_gv on 2000 training points of 2-D data, a 122 MiB
#: matrix of 8000 stumps, peaked at 2.3 GB; nonconvex_combination's 800 ×
#: 19200 lines (117 MiB) at 0.45 GB. So about 1 GB at this budget, a cluster
#: job's default (``workflow/profiles/slurm``).
FAMILY_BYTES = 64 * 2**20


def format_bytes(n_bytes: float) -> str:
    """``n_bytes`` in binary units, two or three significant digits.

    Examples
    --------
    >>> format_bytes(8 * 20000**2)
    '3.0 GiB'
    >>> format_bytes(8 * 10**14)
    '728 TiB'
    """
    units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"]
    value, unit = float(n_bytes), 0
    while value >= 1024 and unit < len(units) - 1:
        value, unit = value / 1024, unit + 1
    if value >= 10_000:  # beyond the units
        return f"{value:.1e} {units[unit]}"
    return f"{value:.1f} {units[unit]}" if value < 10 else f"{value:.0f} {units[unit]}"


def too_big(key: str, subject: str, shape: Sequence[int], what: str) -> str | None:
    """The problem of an array of ``shape`` (float64) beyond :data:`MEMORY`, or
    None; ``subject`` says what makes it, ``key`` is the key to change."""
    n_bytes = 8 * math.prod(int(s) for s in shape)
    if n_bytes <= MEMORY:
        return None
    dims = " × ".join(str(int(s)) for s in shape)
    most = (
        f"at most {MAX_GRAM_POINTS} ({format_bytes(MEMORY)})"
        if len(shape) == 2 and shape[0] == shape[1]
        else f"at most {format_bytes(MEMORY)}"
    )
    return f"'{key}': {subject} need a {dims} {what}, {format_bytes(n_bytes)}; {most}"


def square(key: str, m: int, what: str = "Gram matrix") -> str | None:
    """:func:`too_big` of an m × m matrix of ``m`` points."""
    return too_big(key, f"{m} points", (m, m), what)


def dataset_size(cfg: Mapping[str, Any], section: str) -> tuple[str, int, int] | None:
    """The name, rows and features of the dataset of ``section`` (its
    ``dataset`` key), or None where it is not defined (that is the dataset
    check's to say). A dataset's size is read off its generator's parameters
    (a user CSV's lines are counted,
    :func:`marginlab.core.datasets.dataset_rows`)."""
    from ...core.datasets import DatasetError, dataset_rows, dataset_shape

    name = cfg[section]["dataset"]
    spec = cfg["datasets"].get(name)
    try:
        return name, dataset_rows(spec), dataset_shape(spec).n_features
    except (DatasetError, KeyError, OSError, TypeError):
        return None
