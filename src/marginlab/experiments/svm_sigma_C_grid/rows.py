"""The rows of K11 in claims.csv, by name."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected
from .._shared.experiment import panel_id


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K11: one row per σ of two panels or more, in increasing order
    (``margin/sigma=<σ>``: the margin against C), then one per hard-margin
    panel (C = ∞), in the order of ``panels`` (``hard_margin/sigma=<σ>``).
    Panels of the same σ and C are one run."""
    panels = {
        panel_id(p["sigma"], p["C"]): p for p in cfg["svm_sigma_C_grid"]["panels"]
    }
    sigmas = [p["sigma"] for p in panels.values()]
    return {
        "K11": [
            *(
                f"margin/sigma={s:g}"
                for s in sorted(set(sigmas))
                if sigmas.count(s) > 1
            ),
            *(
                f"hard_margin/sigma={p['sigma']:g}"
                for p in panels.values()
                if math.isinf(p["C"])
            ),
        ]
    }
