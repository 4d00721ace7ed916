"""noise_robustness's counted work: AdaBoost and the SVM at each noise rate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, boosted, split_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Boosting rounds, rounds × training points, and SVM fits.

    For each rate of ``rates``, on the m_tr training points (m − round(f·m)
    of m, f = ``split.test_fraction``) with that fraction of labels flipped:
    AdaBoost with stumps for ``n_rounds`` rounds (at most) and one Gaussian
    SVM.
    """
    c = cfg["noise_robustness"]
    r = len(c["rates"])
    # One training set per rate, each the same size.
    return boosted(c["n_rounds"], split_rows(cfg, c["dataset"]) * r) | {"SVM fits": r}
