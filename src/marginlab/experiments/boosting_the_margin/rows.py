"""The rows of B5 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected
from .._shared.work import classes


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B5: per run, the training sets of ``generated`` and then the datasets
    of ``datasets`` (halved), in that order: the trees' test error after T₀
    and between the last two margin rounds, the minimum margin, the lower
    tail and their table (``test_error/<name>``, ``late_test_error/<name>``,
    ``minimum/<name>``, ``tail/<name>``, ``table/<name>/trees``), and the
    stumps' table beside them (``table/<name>/stumps``) on two classes."""
    c = cfg["boosting_the_margin"]
    names = dict.fromkeys([*(p["train"] for p in c["generated"]), *c["datasets"]])
    rows: list[str] = []
    for name in names:
        rows += [
            f"test_error/{name}",
            f"late_test_error/{name}",
            f"minimum/{name}",
            f"tail/{name}",
            f"table/{name}/trees",
        ]
        if classes(cfg, name) == 2:
            rows.append(f"table/{name}/stumps")
    return {"B5": rows}
