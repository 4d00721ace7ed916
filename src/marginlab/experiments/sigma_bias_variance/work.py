"""sigma_bias_variance's counted work: the Gaussian SVMs over σ."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work, rows, train_rows


def counted(cfg: Mapping[str, Any]) -> Work:
    """SVM fits and prediction kernel evaluations (an upper bound).

    For each σ of ``sigmas``, on the m_tr training points of the split of
    m points (m_te = m − m_tr held out): one fit, K = ``cv.folds`` CV fits,
    and one fit on each of the ``n_replicates`` − 1 redrawn training sets.
    Its predictions on the g² grid points (g = ``grid_points``), the test
    points (twice) and the training points evaluate the kernel against its
    support vectors, at most m_tr: m_tr·(g² + 2·m_te + m_tr), and m_tr·g² for
    each redrawn set.

    The SMO solves' own kernel values depend on the data and are not
    counted here (``SVM.n_kernel_evals_`` counts them).
    """
    c = cfg["sigma_bias_variance"]
    m = rows(cfg, c["dataset"])
    tr = train_rows(m, cfg["split"]["test_fraction"])
    s, g2, redrawn = len(c["sigmas"]), c["grid_points"] ** 2, c["n_replicates"] - 1
    return {
        "SVM fits": s * (1 + cfg["cv"]["folds"] + redrawn),
        "kernel evaluations": s * tr * (g2 + 2 * (m - tr) + tr) + redrawn * s * tr * g2,
    }
