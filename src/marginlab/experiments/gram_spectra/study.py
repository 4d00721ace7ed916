"""K3 (Mercer): valid kernels give positive semidefinite Gram matrices; not every
function of two points is a kernel.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...core.kernels import (
    make_kernel,
    min_eigenvalue_ratio,
    squared_distances,
)

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
    every kernel (config dicts, see :func:`marginlab.make_kernel`) and
    every function of :data:`NOT_KERNELS`, the Gram matrix of the sample is
    formed and its λ_min / Σ|λ_i| recorded (for a PSD matrix Σ|λ_i| = trace).

    Returns
    -------
    DataFrame
        ``function, valid_kernel, draw, min_eig_ratio, zero_trace``;
        ``zero_trace`` says the Gram matrix's diagonal is all 0, so that its
        eigenvalues sum to 0 and, the matrix being non-zero, one of them is
        certainly negative.
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
            gram = fn(X)
            rows.append(
                {
                    "function": name,
                    "valid_kernel": valid,
                    "draw": draw,
                    "min_eig_ratio": min_eigenvalue_ratio(gram),
                    "zero_trace": bool(np.all(np.diag(gram) == 0.0)),
                }
            )
    return pd.DataFrame(rows)


def _label(spec: Mapping[str, Any]) -> str:
    """``gaussian(sigma=1)`` for ``{"name": "gaussian", "sigma": 1.0}``."""
    params = ", ".join(f"{k}={v:g}" for k, v in spec.items() if k != "name")
    return f"{spec['name']}({params})"
