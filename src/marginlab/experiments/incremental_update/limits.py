"""incremental_update's size limits: its Gram matrices and blocks of columns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, square, too_big


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The Gram matrix of the largest of ``sizes``, and the block of kernel
    columns of ``updates`` updates at the largest of ``update_sizes``."""
    update = cfg["incremental_update"]
    yield square("incremental_update.sizes", max(update["sizes"]))
    yield too_big(
        "incremental_update.update_sizes",
        f"n = {max(update['update_sizes'])} with {update['updates']} updates per call",
        (max(update["update_sizes"]), update["updates"]),
        "block of kernel columns",
    )
