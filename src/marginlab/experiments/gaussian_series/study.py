"""K17: the Gaussian kernel's explicit feature series converges to the kernel.

Shewchuk, Lecture 14, 'The Gaussian Kernel': "There exists a Phi(x) such that
k(x, z) = exp(−|x − z|²/2σ²) … This is an infinite vector, and Phi(x)ᵀPhi(z)
is a converging series." :func:`marginlab.gaussian_series`
builds that vector truncated at total degree N; this study measures how far
⟨φ_N(x), φ_N(z)⟩, summed coordinate by coordinate, is from the kernel.

The error and its bound. With s = x·z/σ² and P = exp(−(‖x‖² + ‖z‖²)/2σ²),
⟨φ_N(x), φ_N(z)⟩ = P Σ_{k≤N} s^k/k! (multinomial theorem) and k(x, z) = P e^s,
so the truncation error is the Taylor remainder

    |k(x, z) − ⟨φ_N(x), φ_N(z)⟩| = P |Σ_{k>N} s^k/k!|
                                  ≤ P Σ_{k>N} |s|^k/k! = P e^{|s|} Q(N + 1, |s|),

Q(a, t) = γ(a, t)/Γ(a) the regularized lower incomplete gamma function (the
tail Σ_{k>N} t^k/k! is e^t times the probability that a Poisson(t) variable
exceeds N). P e^{|s|} = exp(−‖x ∓ z‖²/2σ²) ≤ 1. The bound shrinks as N grows.
When s ≥ 0 every term of the remainder is non-negative, so the error itself
never grows with N; when s < 0 the remainder alternates in sign and the error
can rise before it falls (for |s| > 1 it does).

"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.special import gammainc

from ...core.datasets import Dataset
from ...core.kernels import Gaussian
from ...core.kernels.feature_maps import (
    gaussian_series,
    series_dimension,
    series_indices,
)

#: Columns of the table of :func:`gaussian_series_table`.
COLUMNS = (
    "dataset",
    "sigma",
    "degree",
    "n_coordinates",
    "dimension_formula",
    "max_error",
    "max_error_nonneg",
    "max_error_neg",
    "max_bound",
    "max_excess",
    "max_rise_nonneg",
    "max_rise_neg",
    "n_pairs",
    "n_pairs_neg",
    "max_abs_s",
    "n_points",
)


def tail_bound(X: np.ndarray, sigma: float, degrees: Sequence[int]) -> np.ndarray:
    """P Σ_{k>N} |s|^k/k! for every pair of rows of X and every N of ``degrees``.

    Computed as exp(−(‖x‖² + ‖z‖² − 2|x·z|)/2σ²) · Q(N + 1, |x·z|/σ²) (see the
    module docstring), without the feature map.

    Returns
    -------
    ndarray of shape (len(degrees), m, m)
    """
    sq = np.einsum("ij,ij->i", X, X)
    dot = X @ X.T
    scale = np.exp(-(sq[:, None] + sq[None, :] - 2.0 * np.abs(dot)) / (2 * sigma**2))
    a = np.asarray(degrees, dtype=float)[:, None, None] + 1.0
    return np.minimum(scale, 1.0) * gammainc(a, np.abs(dot) / sigma**2)


def gaussian_series_table(
    data: Dataset,
    sigmas: Sequence[float],
    max_degree: int,
    n_points: int,
    name: str = "data",
) -> pd.DataFrame:
    """K17: the truncated series against the kernel, for N = 0 … ``max_degree``.

    Parameters
    ----------
    data : Dataset
        The first ``n_points`` points are used; every pair (x_i, x_j), i ≤ j
        (x_i with itself included, where s = ‖x_i‖²/σ² is largest).
    sigmas : sequence of float
    max_degree : int
        The largest truncation degree N.
    n_points : int
    name : str
        The dataset's name, written in the ``dataset`` column.

    Returns
    -------
    DataFrame
        One row per (σ, N): ``n_coordinates`` (columns of φ_N as the map returns
        them) and ``dimension_formula`` = C(N + n, n); over the pairs,
        ``max_error`` = max |k − ⟨φ_N, φ_N⟩| (the inner product summed over the
        coordinates, the kernel from :class:`~marginlab.Gaussian`),
        the same over pairs with x·z ≥ 0 (``max_error_nonneg``) and x·z < 0
        (``max_error_neg``, NaN if none); ``max_bound`` the largest tail bound
        (:func:`tail_bound`); ``max_excess`` = max (error − bound);
        ``max_rise_nonneg`` / ``max_rise_neg`` = the largest increase of a
        pair's error from N − 1 to N (NaN at N = 0); ``n_pairs``,
        ``n_pairs_neg``, ``max_abs_s`` = max |x·z|/σ², ``n_points``.
    """
    X = data.X[: int(n_points)]
    m, n = X.shape
    upper = np.triu_indices(m)
    dot = (X @ X.T)[upper]
    neg = dot < 0
    rows = []
    for sigma in sigmas:
        sigma = float(sigma)
        K = Gaussian(sigma=sigma)(X)[upper]
        # Fortran order: the columns of one degree are contiguous.
        phi = np.asfortranarray(gaussian_series(X, sigma, max_degree))
        bounds = tail_bound(X, sigma, range(max_degree + 1))[:, upper[0], upper[1]]
        degree_of = series_indices(n, max_degree).sum(axis=1)
        inner = np.zeros((m, m))
        previous = None
        for N in range(max_degree + 1):
            # Columns come by total degree: those of degree N are one slice.
            start, stop = np.searchsorted(degree_of, [N, N + 1])
            block = phi[:, start:stop]
            inner += block @ block.T  # the coordinates of total degree N
            error = np.abs(K - inner[upper])
            bound = bounds[N]
            rise = error - previous if previous is not None else None
            rows.append(
                {
                    "dataset": name,
                    "sigma": sigma,
                    "degree": N,
                    "n_coordinates": gaussian_series(X[:1], sigma, N).shape[1],
                    "dimension_formula": series_dimension(n, N),
                    "max_error": float(error.max()),
                    "max_error_nonneg": float(error[~neg].max()),
                    "max_error_neg": float(error[neg].max()) if neg.any() else np.nan,
                    "max_bound": float(bound.max()),
                    "max_excess": float((error - bound).max()),
                    "max_rise_nonneg": np.nan if rise is None else rise[~neg].max(),
                    "max_rise_neg": (
                        np.nan if rise is None or not neg.any() else rise[neg].max()
                    ),
                    "n_pairs": int(error.size),
                    "n_pairs_neg": int(neg.sum()),
                    "max_abs_s": float(np.abs(dot).max() / sigma**2),
                    "n_points": m,
                }
            )
            previous = error
    return pd.DataFrame(rows, columns=list(COLUMNS))
