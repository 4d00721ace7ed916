"""K13: kernelized Pegasos approaches the SVM's optimum of the same primal
objective.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...core.kernels import Gaussian
from ...estimators.svm.classifier import SVM


def pegasos_convergence_table(
    data: Dataset,
    sigma: float,
    lam: float,
    n_iter: int,
    n_checkpoints: int,
    seed: int,
) -> pd.DataFrame:
    """K13: kernelized Pegasos' primal objective against the exact optimum.

    The optimum P* of P(w) = λ/2‖w‖² + mean hinge (no bias) comes from the SVM
    without bias, C = 1/(λm), solved to tol 1e-9.

    Returns
    -------
    DataFrame
        ``t, objective, optimum, rel_gap`` at ``n_checkpoints`` log-spaced steps,
        with ``rel_gap = (P(w_t) − P*) / P*``.
    """
    from ...estimators.svm.pegasos import Pegasos, primal_objective

    kernel = Gaussian(sigma=sigma)
    m = data.n_samples
    exact = SVM(kernel=kernel, C=1.0 / (lam * m), tol=1e-9, fit_intercept=False)
    optimum = primal_objective(exact.fit(data.X, data.y), data.X, data.y, lam)
    steps = np.unique(np.geomspace(10, n_iter, n_checkpoints).astype(int))
    model = Pegasos(
        kernel=kernel,
        lam=lam,
        n_iter=n_iter,
        record_at=steps.tolist(),
        random_state=seed,
    ).fit(data.X, data.y)
    values = np.array([model.objective_[int(t)] for t in steps])
    return pd.DataFrame(
        {
            "t": steps,
            "objective": values,
            "optimum": optimum,
            "rel_gap": (values - optimum) / optimum,
        }
    )
