"""K2 and K8: what the kernel and the dual form cost, as wall time against size.

K2 (Huang 2017, 'Quadratic Kernel' and 'Kernel Summary'; UML notes, Kernels
§III): for the homogeneous polynomial kernel ⟨x, x'⟩^d on R^n, the explicit
route φ(x)·φ(x') with φ = x^{⊗d} costs O(n^d) per pair while the kernel costs
O(n).

K8 (Shewchuk, Lecture 14, where n counts samples and d features): dual training
needs the Gram matrix, O(n²d); a dual prediction f(z) = Σ_j a_j k(X_j, z) costs
O(nd) per test point, against O(d') (d' = dim φ) with the explicit
w = Σ_j a_j φ(X_j).

Times are the best of ``repeats`` calls (after one warm-up call), so they are
the cost of the computation rather than of whatever else the machine was doing.
Each timed call works on a batch of about ``work`` array elements, so that numpy's
per-call overhead is small beside the work measured. Wall times are not
reproducible to the byte; the fitted exponents are what the claims compare.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...core.feature_maps import monomials
from ...core.kernels import Polynomial
from .._shared.timing import TIMING_COLUMNS, best_time, exponent_table


def geometric_sizes(low: int, high: int, count: int) -> list[int]:
    """``count`` distinct integers spaced evenly on a log scale from low to high."""
    return sorted({int(round(v)) for v in np.geomspace(low, high, count)})


def _feature_vs_kernel(
    degree: int, sizes: Sequence[int], work: int, repeats: int, rng
) -> list[dict]:
    """K2: time per pair of φ(x)·φ(x') (n^d coordinates) and of ⟨x, x'⟩^d."""
    rows = []
    for n in sizes:
        for form, per_pair in (("explicit", n**degree), ("kernel", n)):
            pairs = max(1, work // per_pair)
            X = rng.standard_normal((pairs, n))
            Z = rng.standard_normal((pairs, n))
            if form == "explicit":

                def call(X=X, Z=Z):
                    return np.einsum(
                        "ij,ij->i", monomials(X, degree), monomials(Z, degree)
                    )

            else:

                def call(X=X, Z=Z):
                    return np.einsum("ij,ij->i", X, Z) ** degree

            rows.append(
                {
                    "experiment": "feature_vs_kernel",
                    "form": form,
                    "degree": degree,
                    "size": n,
                    "seconds": best_time(call, repeats) / pairs,
                    "unit": "pair",
                    "batch": pairs,
                }
            )
    return rows


def kernel_cost_table(
    *,
    degrees: Sequence[int],
    n_min: int,
    max_features: int,
    n_sizes: int,
    work: int,
    gram_m: Sequence[int],
    gram_d: Sequence[int],
    fixed_m: int,
    fixed_d: int,
    predict_m: Sequence[int],
    predict_points: int,
    repeats: int,
    seed: int,
) -> pd.DataFrame:
    """Time the computations of K2 and K8 over growing sizes.

    Parameters
    ----------
    degrees : sequence of int
        Polynomial degrees d of K2; for each, n runs over ``n_sizes`` sizes from
        ``n_min`` up to the largest n with n^d ≤ ``max_features``.
    work : int
        Array elements per timed batch (sets the number of pairs).
    gram_m, gram_d : sequence of int
        Sample counts (at ``fixed_d`` features) and feature counts (at
        ``fixed_m`` samples) of the Gram matrix of ⟨x, x'⟩² (K8, O(m²d)).
    predict_m : sequence of int
        Training-set sizes m for the prediction of ``predict_points`` test
        points with ``fixed_d`` features: dual Σ_j a_j k(X_j, z) (O(md) per
        point) against explicit w·φ(z) (O(d'), d' = d², independent of m).
    repeats, seed : int

    Returns
    -------
    DataFrame
        One row per timing: ``experiment`` (feature_vs_kernel, gram_vs_m,
        gram_vs_d, predict_vs_m), ``form`` (explicit, kernel, dual), ``degree``,
        ``size``, ``seconds`` (per ``unit``: pair, gram or point), ``batch``.
    """
    rng = np.random.default_rng(seed)
    rows: list[dict] = []
    for degree in degrees:
        n_max = int(np.floor(max_features ** (1.0 / degree) + 1e-9))
        sizes = geometric_sizes(n_min, n_max, n_sizes)
        rows += _feature_vs_kernel(degree, sizes, work, repeats, rng)

    kernel = Polynomial(degree=2, c=0.0)
    for experiment, shapes in (
        ("gram_vs_m", [(m, fixed_d, m) for m in gram_m]),
        ("gram_vs_d", [(fixed_m, d, d) for d in gram_d]),
    ):
        for m, d, size in shapes:
            X = rng.standard_normal((m, d))
            rows.append(
                {
                    "experiment": experiment,
                    "form": "kernel",
                    "degree": 2,
                    "size": size,
                    "seconds": best_time(lambda X=X: kernel(X), repeats),
                    "unit": "gram",
                    "batch": 1,
                }
            )

    Z = rng.standard_normal((predict_points, fixed_d))
    for m in predict_m:
        X = rng.standard_normal((m, fixed_d))
        a = rng.standard_normal(m)
        w = monomials(X, 2).T @ a  # w = Σ_j a_j φ(X_j), computed once (untimed)

        def dual(X=X, a=a):
            return kernel(Z, X) @ a

        def explicit(w=w):
            return monomials(Z, 2) @ w

        for form, call in (("dual", dual), ("explicit", explicit)):
            rows.append(
                {
                    "experiment": "predict_vs_m",
                    "form": form,
                    "degree": 2,
                    "size": m,
                    "seconds": best_time(call, repeats) / predict_points,
                    "unit": "point",
                    "batch": predict_points,
                }
            )
    return pd.DataFrame(rows, columns=list(TIMING_COLUMNS))


def kernel_cost_tables(**params: Any) -> tuple[pd.DataFrame, pd.DataFrame]:
    """K2 and K8: the timings of :func:`kernel_cost_table` (same keyword
    arguments) and their fitted exponents (:func:`exponent_table`)."""
    timings = kernel_cost_table(**params)
    return timings, exponent_table(timings)
