"""K6: the primal and the dual perceptron are the same algorithm (the lecture's
worked table, and side-by-side runs on datasets with their kernels).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping

import numpy as np
import pandas as pd

from ...core.contract.exceptions import ConvergenceWarning
from ...core.datasets import Dataset
from ...core.kernels import Kernel, Linear, Polynomial
from ...core.kernels.feature_maps import quadratic_r2
from ...estimators.perceptron import KernelPerceptron, Perceptron

#: The worked example of Huang 2017 ('Kernelized Perceptron'): points, labels,
#: and the table printed there (primal w after each update; dual α after each
#: update).
WORKED_X = np.array([[0.0, 1.0], [2.0, 1.0], [0.0, -1.0]])


WORKED_Y = np.array([-1.0, 1.0, 1.0])


WORKED_W = np.array([[0.0, -1.0], [2.0, 0.0], [2.0, -1.0]])


WORKED_ALPHA = np.array([[-1.0, 0.0, 0.0], [-1.0, 1.0, 0.0], [-1.0, 1.0, 1.0]])


#: K6's comparisons: kernel name → (kernel, explicit feature map).
MAPS: dict[str, tuple[Kernel, Callable[[np.ndarray], np.ndarray]]] = {
    "linear": (Linear(), lambda X: X),
    "quadratic": (Polynomial(degree=2, c=0.0), quadratic_r2),
}


def perceptron_worked_table() -> pd.DataFrame:
    """The homogeneous perceptron, primal and dual, on Huang 2017's
    three points.

    Returns
    -------
    DataFrame
        One row per update: ``step, index, label, x1, x2`` of the mistake, the primal
        ``w1, w2`` after it, the dual ``alpha1..alpha3`` after it, the implicit
        ``wd1, wd2`` = Σ α_i x_i, and the lecture's values ``w1_seed, w2_seed,
        alpha1_seed..alpha3_seed``.
    """
    primal = Perceptron(fit_intercept=False).fit(WORKED_X, WORKED_Y)
    dual = KernelPerceptron(kernel=Linear(), fit_intercept=False).fit(
        WORKED_X, WORKED_Y
    )
    rows = []
    w = np.zeros(2)
    alpha = np.zeros(3)
    for step, (i, j) in enumerate(zip(primal.mistakes_, dual.mistakes_, strict=False)):
        w = w + WORKED_Y[i] * WORKED_X[i]
        alpha = alpha.copy()
        alpha[j] += WORKED_Y[j]
        wd = alpha @ WORKED_X
        row = {
            "step": step + 1,
            "index": int(i) + 1,
            "label": int(WORKED_Y[i]),
            "x1": WORKED_X[i, 0],
            "x2": WORKED_X[i, 1],
            "w1": w[0],
            "w2": w[1],
            "wd1": wd[0],
            "wd2": wd[1],
        }
        row |= {f"alpha{k + 1}": alpha[k] for k in range(3)}
        if step < len(WORKED_W):
            row |= {"w1_seed": WORKED_W[step, 0], "w2_seed": WORKED_W[step, 1]}
            row |= {f"alpha{k + 1}_seed": WORKED_ALPHA[step, k] for k in range(3)}
        rows.append(row)
    table = pd.DataFrame(rows)
    if len(primal.mistakes_) != len(dual.mistakes_):
        raise AssertionError("primal and dual made different numbers of updates")
    return table


def primal_dual_table(
    datasets: Mapping[str, Dataset], kernels: Mapping[str, str], max_epochs: int
) -> pd.DataFrame:
    """K6 on data: the primal perceptron on φ(x) vs the dual one with k.

    Parameters
    ----------
    datasets : mapping name → Dataset
    kernels : mapping dataset name → key of :data:`MAPS`
    max_epochs : int

    Returns
    -------
    DataFrame
        ``dataset, kernel, n_mistakes_primal, n_mistakes_dual, same_sequence,
        first_difference, w_rel_diff, converged`` where ``w_rel_diff`` is
        ‖w − Σ α_i φ(x_i)‖ / max(‖w‖, 1) and ``first_difference`` the first
        position where the mistake sequences differ (−1 if they do not).
    """
    rows = []
    for name, data in datasets.items():
        key = kernels[name]
        kernel, feature_map = MAPS[key]
        phi = feature_map(data.X)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            primal = Perceptron(max_epochs=max_epochs).fit(phi, data.y)
            dual = KernelPerceptron(kernel=kernel, max_epochs=max_epochs).fit(
                data.X, data.y
            )
        a, b = primal.mistakes_, dual.mistakes_
        n = min(len(a), len(b))
        differ = np.flatnonzero(a[:n] != b[:n])
        first = int(differ[0]) if differ.size else (n if len(a) != len(b) else -1)
        w_dual = dual.dual_coef_ @ phi
        rows.append(
            {
                "dataset": name,
                "kernel": key,
                "n_mistakes_primal": len(a),
                "n_mistakes_dual": len(b),
                "same_sequence": first == -1,
                "first_difference": first,
                "w_rel_diff": float(
                    np.linalg.norm(primal.coef_ - w_dual)
                    / max(np.linalg.norm(primal.coef_), 1.0)
                ),
                "converged": bool(primal.converged_ and dual.converged_),
            }
        )
    return pd.DataFrame(rows)


def perceptron_dual_tables(
    datasets: Mapping[str, Dataset], compare: Mapping[str, str], max_epochs: int
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """K6: the worked table (:func:`perceptron_worked_table`) and the primal vs
    the dual perceptron on every dataset of ``compare`` (:func:`primal_dual_table`)."""
    return perceptron_worked_table(), primal_dual_table(datasets, compare, max_epochs)
