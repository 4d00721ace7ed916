"""Claim K4: lifting R² to R³ by φ(x) = (x1², √2·x1x2, x2²) separates the circles."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.optimize import linprog

from ...core.datasets import Dataset
from ...core.kernels import Linear
from ...core.kernels.feature_maps import quadratic_r2
from ...estimators.svm.classifier import SVM


def separation_lp(Z: np.ndarray, y: np.ndarray) -> float:
    """t* = max t s.t. y_i(⟨w, z_i⟩ + b) ≥ t, |w_k| ≤ 1, |t| ≤ 1 (HiGHS).

    The data are linearly separable exactly when t* > 0.
    """
    m, n = Z.shape
    # Variables (w, b, t); maximize t ⇔ minimize −t.
    cost = np.zeros(n + 2)
    cost[-1] = -1.0
    A = np.hstack([-y[:, None] * Z, -y[:, None], np.ones((m, 1))])
    bounds = [(-1.0, 1.0)] * n + [(None, None), (-1.0, 1.0)]
    result = linprog(cost, A_ub=A, b_ub=np.zeros(m), bounds=bounds, method="highs")
    if not result.success:  # pragma: no cover - the LP is always feasible (t = −1)
        raise RuntimeError(f"separation LP failed: {result.message}")
    return float(result.x[-1]) + 0.0  # + 0.0 turns −0.0 into 0.0


def feature_lift_tables(data: Dataset, C: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    """K4: linear separability of the data in R² and of φ(data) in R³.

    A soft-margin linear SVM (box C) is fitted in R²; in R³ a hard-margin one
    when the separation LP finds a plane (t* > 0), else the soft margin again.
    The R³ plane ⟨w, φ(x)⟩ + b = 0 is the ellipse
    w1·x1² + √2·w2·x1x2 + w3·x2² + b = 0 back in R².

    Returns
    -------
    summary : DataFrame
        ``space, lp_t, C, train_error, w1, w2, w3, b`` for R² (w3 = NaN) and R³.
    points : DataFrame
        ``x1, x2, label, z1, z2, z3`` with z = φ(x).
    """
    if data.X.shape[1] != 2:
        raise ValueError(
            f"the lift maps R² to R³; the data have {data.X.shape[1]} features."
        )
    Z = quadratic_r2(data.X)
    rows = []
    for space, features in (("R2", data.X), ("R3", Z)):
        t = separation_lp(features, data.y)
        box = math.inf if space == "R3" and t > 0 else C
        svm = SVM(kernel=Linear(), C=box, tol=1e-6).fit(features, data.y)
        w = svm.dual_coef_ @ svm.support_vectors_
        rows.append(
            {
                "space": space,
                "lp_t": t,
                "C": box,
                "train_error": float(np.mean(svm.predict(features) != data.y)),
                "w1": w[0],
                "w2": w[1],
                "w3": w[2] if len(w) > 2 else np.nan,
                "b": svm.intercept_,
            }
        )
    points = pd.DataFrame(
        {
            "x1": data.X[:, 0],
            "x2": data.X[:, 1],
            "label": data.y.astype(int),
            "z1": Z[:, 0],
            "z2": Z[:, 1],
            "z3": Z[:, 2],
        }
    )
    return pd.DataFrame(rows), points
