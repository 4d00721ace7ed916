"""K5, the representer theorem: the iterates of gradient descent stay in the span
of the training points' feature vectors.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.kernels.feature_maps import tensor_power


def representer_table(
    n_samples: int, n_features: int, degree: int, C: float, seed: int
) -> pd.DataFrame:
    """K5: the primal SVM optimum lies in span{ψ(x_i)} (representer theorem).

    Minimizes J(w) = ½‖w‖² + C Σ_i max(0, 1 − y_i⟨w, ψ(x_i)⟩)² over w ∈ R^D with
    ψ the degree-d sequence embedding (D = (n+1)^d ≫ m) by L-BFGS, starting
    from a random w₀ with a large component outside the span. Labels are the
    sign of a random polynomial of the features.

    Returns
    -------
    DataFrame
        One row per L-BFGS iterate: ``iteration, objective, orth_ratio`` with
        orth_ratio = ‖w − Π w‖ / ‖w‖ and Π the projection onto span{ψ(x_i)},
        plus ``dimension, n_samples`` and ``converged`` (repeated).
    """
    from scipy.optimize import minimize

    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n_samples, n_features))
    Psi = tensor_power(X, degree, 1.0)
    y = np.sign(Psi @ rng.standard_normal(Psi.shape[1]))
    y[y == 0] = 1.0
    # Orthonormal basis of the span, for the projection Π.
    U, s, _ = np.linalg.svd(Psi.T, full_matrices=False)
    basis = U[:, s > s.max() * 1e-12]

    def objective(w: np.ndarray) -> tuple[float, np.ndarray]:
        slack = np.maximum(0.0, 1.0 - y * (Psi @ w))
        value = 0.5 * w @ w + C * float(slack @ slack)
        grad = w - 2.0 * C * Psi.T @ (y * slack)
        return value, grad

    def orth_ratio(w: np.ndarray) -> float:
        return float(np.linalg.norm(w - basis @ (basis.T @ w)) / np.linalg.norm(w))

    w0 = rng.standard_normal(Psi.shape[1])
    trace = [(0, objective(w0)[0], orth_ratio(w0))]

    def record(w: np.ndarray) -> None:
        trace.append((len(trace), objective(w)[0], orth_ratio(w)))

    result = minimize(
        objective,
        w0,
        jac=True,
        method="L-BFGS-B",
        callback=record,
        options={"maxiter": 10_000, "gtol": 1e-12, "ftol": 0.0},
    )
    table = pd.DataFrame(trace, columns=["iteration", "objective", "orth_ratio"])
    table["dimension"] = Psi.shape[1]
    table["n_samples"] = n_samples
    table["converged"] = bool(result.success)
    return table
