"""Limits of a configuration that its schema cannot state, checked before any job.

The schema bounds each key by itself; some values pass it and then fail
inside a job, or run out of memory, because of the value of another key.
Each room states its own such limits (``limits.py`` in its folder, named by
its registry entry's ``limits``; :mod:`marginlab.experiments._shared.limits`):
arrays that a size key of its section makes take more than
:data:`MEMORY` bytes (3.0 GiB, an m × m float64 matrix of m =
:data:`MAX_GRAM_POINTS` points) or, for a family a linear program solves
over, more than :data:`FAMILY_BYTES`; and keys that must agree with each
other or with the data they split. After the schema's check, with its
defaults filled in, and after the datasets the studies read were checked
against what each study needs of them
(:mod:`marginlab.pipeline.data_checks`), :func:`limits_problem` returns the
first problem of the rooms, in catalog order, as one line naming the key.

Pure Python over the library's registry: no Snakemake.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..experiments import EXPERIMENTS
from ..experiments._shared.limits import (
    FAMILY_BYTES,
    MAX_GRAM_POINTS,
    MAX_POINTS,
    MEMORY,
    format_bytes,
)
from .jobs import resolve

__all__ = [
    "FAMILY_BYTES",
    "MAX_GRAM_POINTS",
    "MAX_POINTS",
    "MEMORY",
    "format_bytes",
    "limits_problem",
]


def limits_problem(cfg: Mapping[str, Any]) -> str | None:
    """The first limit ``cfg`` oversteps, as one line naming the key, or None.

    ``cfg`` has passed the schema and has its defaults filled in
    (:func:`marginlab.pipeline.config.with_defaults`); a dataset a section
    names but the configuration does not define is skipped (it is
    :func:`marginlab.pipeline.config.dataset_problem`'s).
    """
    for exp in EXPERIMENTS:
        if exp.limits:
            problem = next((p for p in resolve(exp.limits)(cfg) if p), None)
            if problem:
                return problem
    return None
