"""Wall times against problem size, and the growth exponents fitted to them
(the studies of K2, K8, K18 and B11; their claim rows are :mod:`.exponents`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
from scipy import stats

#: Columns of the cost table.
TIMING_COLUMNS = ("experiment", "form", "degree", "size", "seconds", "unit", "batch")


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
