"""The rows of B21 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected

#: The three rows of one dataset and learner: ``<what>/<dataset>/<learner>``.
COMPARED = ("margin", "error", "ranks")


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B21: per run, the training sets of ``generated`` and then the datasets
    of ``datasets`` (split), in that order: :data:`COMPARED` for the stumps,
    then for the trees with their depth (``depth/<name>/trees``); on a
    generated training set, the stumps' long run and its trajectory
    (``long/<name>/stumps``, ``trajectory/<name>/stumps``). A dataset named
    in both lists is one run, split."""
    c = cfg["arc_gv"]
    runs = {p["train"]: True for p in c["generated"]} | dict.fromkeys(
        c["datasets"], False
    )
    rows: list[str] = []
    for name, drawn in runs.items():
        rows += [f"{what}/{name}/stumps" for what in COMPARED]
        rows += [f"{what}/{name}/trees" for what in (*COMPARED, "depth")]
        if drawn:
            rows += [f"long/{name}/stumps", f"trajectory/{name}/stumps"]
    return {"B21": rows}
