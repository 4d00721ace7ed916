"""knn_k's counted work: the distances of k-NN's predictions and leave-one-out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows, train_rows
from .study import E4_KS


def counted(cfg: Mapping[str, Any]) -> Work:
    """k-NN fits and distance evaluations against the m_tr training points.

    For each k of ``ks`` not above m_tr, and k = m_tr: the m_te test and m_tr
    training points are predicted and, for k < m_tr, leave-one-out adds m_tr
    more; each k of ``boundary_ks`` predicts the g² grid points (g =
    ``grid_points``); and each of the ``n_replicates`` training sets runs
    leave-one-out for each k of E4 (1 and 3).
    """
    c = cfg["knn_k"]
    m = rows(cfg, c["dataset"])
    tr = train_rows(m, cfg["split"]["test_fraction"])
    ks = sorted({k for k in c["ks"] if k <= tr} | {tr})
    queries = sum(m + (tr if k < tr else 0) for k in ks)
    queries += c["grid_points"] ** 2 * sum(1 for k in c["boundary_ks"] if k <= tr)
    loo = c["n_replicates"] * sum(1 for k in E4_KS if k < tr)
    return {
        "k-NN fits": len(ks) + loo,
        "distance evaluations": tr * (queries + loo * tr),
    }
