"""noise_robustness's counted work: AdaBoost and the SVM at each noise rate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows, train_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points, and SVM fits.

    For each rate of ``rates``, on the m_tr training points (m − round(f·m)
    of m, f = ``split.test_fraction``) with that fraction of labels flipped:
    AdaBoost with stumps for ``n_rounds`` rounds (at most) and one Gaussian
    SVM.
    """
    c = cfg["noise_robustness"]
    tr = train_rows(rows(cfg, c["dataset"]), cfg["split"]["test_fraction"])
    r = len(c["rates"])
    return {
        "boosting rounds": r * c["n_rounds"],
        "rounds × training points": r * c["n_rounds"] * tr,
        "SVM fits": r,
    }
