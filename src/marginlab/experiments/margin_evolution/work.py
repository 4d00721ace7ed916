"""margin_evolution's counted work: one AdaBoost run read at many rounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, boosted, split_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds (``n_rounds``, at most) and rounds × training points,
    on the training part of ``dataset`` (m − round(f·m) of m points, f =
    ``split.test_fraction``)."""
    c = cfg["margin_evolution"]
    return boosted(c["n_rounds"], split_rows(cfg, c["dataset"]))
