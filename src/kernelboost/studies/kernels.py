"""Kernel claims K1 (kernel = explicit inner product) and K3 (Mercer: PSD Grams)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..feature_maps import quadratic_r2, subset_products, tensor_power
from ..kernels import (
    Polynomial,
    ProductPolynomial,
    make_kernel,
    min_eigenvalue_ratio,
    squared_distances,
)

#: K1's identities: name → (kernel, feature map) builders from (degree, c).
IDENTITIES: dict[str, Callable[[int, float], tuple[Any, Callable]]] = {
    "quadratic": lambda d, c: (Polynomial(degree=2, c=0.0), quadratic_r2),
    "sequence": lambda d, c: (
        Polynomial(degree=d, c=1.0),
        lambda X: tensor_power(X, d, 1.0),
    ),
    "sqrt_c": lambda d, c: (Polynomial(degree=d, c=c), lambda X: tensor_power(X, d, c)),
    "subset_product": lambda d, c: (ProductPolynomial(), subset_products),
}


def kernel_identity_table(
    n_features: Sequence[int],
    degrees: Sequence[int],
    c: float,
    n_samples: int,
    seed: int,
) -> pd.DataFrame:
    """K1 and K15: kernel values against the explicit feature maps.

    For every identity, dimension n and degree d that applies (the quadratic
    map is for n = 2, d = 2 only; the subset-product map has no degree), draw
    ``n_samples`` points x ~ N(0, I_n) and compare the Gram matrix K of the
    kernel with ΦΦᵀ of the feature map (K1), and the squared distances in
    feature space computed from the kernel alone,

        d(x, x')² = k(x, x) + k(x', x') − 2 k(x, x'),

    with ‖φ(x) − φ(x')‖² summed coordinate by coordinate over the explicit
    features (K15, Huang 2017, 'Distance in Feature Space').

    Returns
    -------
    DataFrame
        ``identity, n, degree, dimension, max_rel_diff, max_rel_diff_distance``
        where ``dimension`` is the length of φ(x), ``max_rel_diff =
        max|K − ΦΦᵀ| / max|K|`` and ``max_rel_diff_distance =
        max|D_k − D_φ| / max|D_φ|`` for the two matrices of squared distances.
    """
    rng = np.random.default_rng(seed)
    rows = []
    for identity, build in IDENTITIES.items():
        for n in n_features:
            for d in degrees:
                if identity == "quadratic" and (n, d) != (2, 2):
                    continue
                if identity == "subset_product" and d != degrees[0]:
                    continue
                kernel, feature_map = build(d, c)
                X = rng.standard_normal((n_samples, n))
                K = kernel(X)
                Phi = feature_map(X)
                diag = np.diagonal(K)
                D_kernel = diag[:, None] + diag[None, :] - 2.0 * K
                D_features = np.sum((Phi[:, None, :] - Phi[None, :, :]) ** 2, axis=2)
                rows.append(
                    {
                        "identity": identity,
                        "n": n,
                        "degree": 0 if identity == "subset_product" else d,
                        "dimension": Phi.shape[1],
                        "max_rel_diff": float(
                            np.abs(K - Phi @ Phi.T).max() / np.abs(K).max()
                        ),
                        "max_rel_diff_distance": float(
                            np.abs(D_kernel - D_features).max()
                            / np.abs(D_features).max()
                        ),
                    }
                )
    return pd.DataFrame(rows)


#: Symmetric functions that are not kernels (K3's counter-examples).
NOT_KERNELS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    # Zero diagonal, so zero trace: a non-zero such matrix has λ_min < 0.
    "‖x − x'‖": lambda X: np.sqrt(squared_distances(X)),
    "tanh(x·x' + 1)": lambda X: np.tanh(X @ X.T + 1.0),
}


def gram_spectra_table(
    kernels: Sequence[Mapping[str, Any]],
    n_samples: int,
    n_features: int,
    n_draws: int,
    seed: int,
) -> pd.DataFrame:
    """K3: smallest eigenvalue of Gram matrices on random samples.

    Each of ``n_draws`` samples holds ``n_samples`` points x ~ N(0, I_n). For
    every kernel (config dicts, see :func:`kernelboost.kernels.make_kernel`) and
    every function of :data:`NOT_KERNELS`, the Gram matrix of the sample is
    formed and its λ_min / Σ|λ_i| recorded (for a PSD matrix Σ|λ_i| = trace).

    Returns
    -------
    DataFrame
        ``function, valid_kernel, draw, min_eig_ratio``.
    """
    rng = np.random.default_rng(seed)
    functions: dict[str, tuple[bool, Callable[[np.ndarray], np.ndarray]]] = {}
    for spec in kernels:
        kernel = make_kernel(spec)
        functions[_label(spec)] = (True, kernel)
    for name, fn in NOT_KERNELS.items():
        functions[name] = (False, fn)
    rows = []
    for draw in range(n_draws):
        X = rng.standard_normal((n_samples, n_features))
        for name, (valid, fn) in functions.items():
            rows.append(
                {
                    "function": name,
                    "valid_kernel": valid,
                    "draw": draw,
                    "min_eig_ratio": min_eigenvalue_ratio(fn(X)),
                }
            )
    return pd.DataFrame(rows)


def _label(spec: Mapping[str, Any]) -> str:
    """``gaussian(sigma=1)`` for ``{"name": "gaussian", "sigma": 1.0}``."""
    params = ", ".join(f"{k}={v:g}" for k, v in spec.items() if k != "name")
    return f"{spec['name']}({params})"


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
