"""poly_degree's counted work: the polynomial SVMs over the degree."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """SVM fits, at most.

    For each degree of ``degrees``: on ``dataset``, the hard-margin SVM and,
    if it is not separable, the soft one (at most 2); on ``noisy``, the soft
    SVM and, for every degree but the largest, K = ``cv.folds`` CV fits.
    """
    degrees = cfg["poly_degree"]["degrees"]
    below = sum(1 for d in degrees if d != max(degrees))
    return {"SVM fits": 3 * len(degrees) + cfg["cv"]["folds"] * below}
