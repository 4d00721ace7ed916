"""knn_smoothness's counted work: the distances of k-NN's one sort per point."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows, train_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """Distance evaluations: every query point against the m_tr training points.

    On each of the ``n_replicates`` training sets (the run's own and the
    redrawn ones, each of m points split as the run's, m_tr kept), the
    g² grid points (g = ``grid_points``); on the run's own, also its m
    training and test points: m_tr·(R·g² + m). One sort per point serves
    every k of ``ks``.
    """
    c = cfg["knn_smoothness"]
    m = rows(cfg, c["dataset"])
    tr = train_rows(m, cfg["split"]["test_fraction"])
    return {
        "distance evaluations": tr * (c["n_replicates"] * c["grid_points"] ** 2 + m)
    }
