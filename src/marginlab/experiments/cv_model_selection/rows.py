"""The rows of E3 and K16 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """E3: the regret of the cross-validated choice on ``dataset``
    (``regret/<dataset>``); K16: the smallest and the largest C against the
    chosen one."""
    return {
        "E3": [f"regret/{cfg['cv_model_selection']['dataset']}"],
        "K16": ["underfit", "overfit"],
    }
