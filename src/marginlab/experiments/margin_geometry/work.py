"""margin_geometry's counted work: the L1 and L2 max-margin solutions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """LP solves, SVM fits and distance minimizations.

    Two settings (the plane toy of ``n_points`` points, the one-polarity
    stumps of ``stumps``): one LP (L1 max margin) and one hard-margin SVM
    each. Each normal (2 per setting) has its ℓ∞ and ℓ2 distances minimized
    directly for every toy point and for min(``n_check``, m) of the m stump
    data points; and ``n_draws`` random pairs for each size of ``n_dims``.
    """
    c = cfg["margin_geometry"]
    checked = min(c["n_check"], rows(cfg, c["stumps"]))
    points = 2 * (c["n_points"] + checked) + c["n_draws"] * len(c["n_dims"])
    return {"LP solves": 2, "SVM fits": 2, "distance minimizations": 2 * points}
