"""Kernel cost claims K2 and K8: wall time against problem size, fitted exponents.

K2 (Huang 2017, 'Quadratic Kernel' and 'Kernel Summary'; UML notes, Kernels
§III): for the homogeneous polynomial kernel ⟨x, x'⟩^d on R^n, the explicit
route φ(x)·φ(x') with φ = x^{⊗d} costs O(n^d) per pair while the kernel costs
O(n).

K8 (Shewchuk, Lecture 14, where n counts samples and d features): dual training
needs the Gram matrix, O(n²d); a dual prediction f(z) = Σ_j a_j k(X_j, z) costs
O(nd) per test point, against O(d') (d' = dim φ) with the explicit
w = Σ_j a_j φ(X_j).

B11 (Mohri, Boosting, 'Standard Use in Practice'): AdaBoost with decision stumps
costs O(N m log m) to presort the N features once, then O(m N) per round,
O(m N T) in all.

Times are the best of ``repeats`` calls (after one warm-up call), so they are
the cost of the computation rather than of whatever else the machine was doing.
Each timed call works on a batch of about ``work`` array elements, so that numpy's
per-call overhead is small beside the work measured. Wall times are not
reproducible to the byte; the fitted exponents are what the claims compare.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from ..boosting import AdaBoost, Stumps
from ..feature_maps import monomials
from ..kernels import Polynomial

#: Columns of the cost table.
COLUMNS = ("experiment", "form", "degree", "size", "seconds", "unit", "batch")


def best_time(fn: Callable[[], object], repeats: int) -> float:
    """Smallest wall time (s) of ``repeats`` calls of ``fn``, after a warm-up."""
    fn()
    best = np.inf
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return float(best)


def fit_exponent(size: Sequence[float], seconds: Sequence[float]) -> float:
    """Least-squares slope of log(seconds) against log(size): time ∝ size^slope."""
    size = np.asarray(size, dtype=float)
    seconds = np.asarray(seconds, dtype=float)
    if size.size < 2 or np.ptp(size) == 0:
        raise ValueError("fit_exponent needs at least two distinct sizes.")
    return float(np.polyfit(np.log(size), np.log(seconds), 1)[0])


def exponent_interval(
    size: Sequence[float], seconds: Sequence[float], level: float = 0.95
) -> tuple[float, float]:
    """Confidence interval of the fitted exponent (the least-squares slope).

    With u = log size, v = log seconds and k points, the slope b̂ has standard
    error √(s² / Σ(u − ū)²), s² = Σ residual² / (k − 2), and the interval is
    b̂ ± t_{k−2} · se, t_{k−2} the (1 + level)/2 quantile of Student's t with
    k − 2 degrees of freedom. It measures how well one power law fits these
    points (each the best of several calls), not the load of the machine
    between runs. NaN with fewer than three sizes.
    """
    u = np.log(np.asarray(size, dtype=float))
    v = np.log(np.asarray(seconds, dtype=float))
    k = u.size
    if k < 3:
        return math.nan, math.nan
    slope, intercept = np.polyfit(u, v, 1)
    residual = v - (slope * u + intercept)
    se = math.sqrt(
        float(residual @ residual) / (k - 2) / float(np.sum((u - u.mean()) ** 2))
    )
    half = float(stats.t.ppf(0.5 + level / 2, k - 2)) * se
    return float(slope) - half, float(slope) + half


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
    return pd.DataFrame(rows, columns=list(COLUMNS))


def boosting_cost_table(
    *,
    m_sizes: Sequence[int],
    n_sizes: Sequence[int],
    t_sizes: Sequence[int],
    fixed_m: int,
    fixed_n: int,
    fixed_t: int,
    repeats: int,
    seed: int,
) -> pd.DataFrame:
    """B11: fit time of AdaBoost with stumps against m, N and T (one at a time).

    The data are standard normal features with labels sign(x_1 + x_2/2 + noise)
    (15 % of the noise's draws flip a label), so no round finds a perfect stump
    and every run lasts exactly T rounds.

    Returns
    -------
    DataFrame
        Columns as :func:`kernel_cost_table`: ``experiment`` (adaboost_vs_m,
        adaboost_vs_n, adaboost_vs_t), ``form`` ("adaboost"), ``degree`` (0),
        ``size``, ``seconds`` (one fit), ``unit`` ("fit"), ``batch`` (1).
    """
    rng = np.random.default_rng(seed)
    rows = []
    for experiment, shapes in (
        ("adaboost_vs_m", [(m, fixed_n, fixed_t, m) for m in m_sizes]),
        ("adaboost_vs_n", [(fixed_m, n, fixed_t, n) for n in n_sizes]),
        ("adaboost_vs_t", [(fixed_m, fixed_n, t, t) for t in t_sizes]),
    ):
        for m, n, t, size in shapes:
            X = rng.standard_normal((m, n))
            score = X[:, 0] + 0.5 * X[:, min(1, n - 1)]
            y = np.where(score + rng.standard_normal(m) * 0.5 > 0, 1.0, -1.0)

            def fit(X=X, y=y, t=t):
                return AdaBoost(weak_learner=Stumps(), n_rounds=t).fit(X, y)

            rows.append(
                {
                    "experiment": experiment,
                    "form": "adaboost",
                    "degree": 0,
                    "size": size,
                    "seconds": best_time(fit, repeats),
                    "unit": "fit",
                    "batch": 1,
                }
            )
    return pd.DataFrame(rows, columns=list(COLUMNS))


def exponent_table(timings: pd.DataFrame) -> pd.DataFrame:
    """Fitted growth exponents of every curve of :func:`kernel_cost_table`.

    Returns
    -------
    DataFrame
        One row per (experiment, form, degree): ``exponent`` (slope of log time
        against log size), ``exponent_low``, ``exponent_high`` (its 95 %
        interval, :func:`exponent_interval`), ``size_min``, ``size_max`` and
        ``decades`` = log10(size_max / size_min), the span of the fit.
    """
    rows = [
        {
            "experiment": experiment,
            "form": form,
            "degree": degree,
            "exponent": fit_exponent(group["size"], group["seconds"]),
            **dict(
                zip(
                    ("exponent_low", "exponent_high"),
                    exponent_interval(group["size"], group["seconds"]),
                    strict=True,
                )
            ),
            "size_min": group["size"].min(),
            "size_max": group["size"].max(),
            "decades": float(np.log10(group["size"].max() / group["size"].min())),
        }
        for (experiment, form, degree), group in timings.groupby(
            ["experiment", "form", "degree"], sort=True
        )
    ]
    return pd.DataFrame(rows)


def kernel_cost_tables(**params: Any) -> tuple[pd.DataFrame, pd.DataFrame]:
    """K2 and K8: the timings of :func:`kernel_cost_table` (same keyword
    arguments) and their fitted exponents (:func:`exponent_table`)."""
    timings = kernel_cost_table(**params)
    return timings, exponent_table(timings)


def boosting_cost_tables(**params: Any) -> tuple[pd.DataFrame, pd.DataFrame]:
    """B11: the timings of :func:`boosting_cost_table` (same keyword arguments)
    and their fitted exponents (:func:`exponent_table`)."""
    timings = boosting_cost_table(**params)
    return timings, exponent_table(timings)
