"""CPU times and counted work against problem size, and the growth exponents
fitted to them (the studies of K2, K8, K18 and B11; their claim rows are
:mod:`.exponents`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
from scipy.special import stdtrit

#: Columns of the cost table (CPU seconds per ``unit``).
TIMING_COLUMNS = ("experiment", "form", "degree", "size", "seconds", "unit", "batch")

#: Columns of the work table: ``count`` operations of the kind ``unit`` names,
#: counted by the running code.
WORK_COLUMNS = ("experiment", "form", "degree", "size", "count", "unit")


def best_time(fn: Callable[[], object], repeats: int, *, warm_up: bool = True) -> float:
    """Smallest CPU time (s) of ``repeats`` calls of ``fn``, after a warm-up.

    CPU time is :func:`time.process_time`, the time the process spent on the
    processor (user and system, summed over its threads), read before and
    after each call: unlike wall time it does not count the time other
    processes held the cores, so it measures the computation rather than the
    load of the machine. The minimum over calls drops what still disturbs one
    call (a cold cache, an interrupt). CPU time is not reproducible to the
    byte either: it belongs in ``results/timings.csv``, never in claims.csv.

    Parameters
    ----------
    fn : callable
        The computation, called with no arguments (``repeats`` + 1 times).
    repeats : int
        Timed calls after the untimed warm-up call.
    warm_up : bool
        ``False`` when the caller has just run the same computation on the
        same data (e.g. to count its work): that call was the warm-up, and
        ``fn`` is called ``repeats`` times.

    Returns
    -------
    float
        min over the timed calls of t_end − t_start, in CPU seconds.
    """
    if warm_up:
        fn()
    best = np.inf
    for _ in range(repeats):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return float(best)


def _line(u: np.ndarray, v: np.ndarray) -> tuple[float, float]:
    """Least-squares line v ≈ b·u + a, in closed form: b = Σ(u − ū)(v − v̄) /
    Σ(u − ū)², a = v̄ − b·ū (numpy's pairwise sums, no LAPACK call, so the same
    bits whatever the number of BLAS threads)."""
    du = u - u.mean()
    slope = float(np.sum(du * (v - v.mean())) / np.sum(du * du))
    return slope, float(v.mean() - slope * u.mean())


def fit_exponent(size: Sequence[float], value: Sequence[float]) -> float:
    """Least-squares slope b of log(value) against log(size): value ∝ size^b.

    Examples
    --------
    >>> round(fit_exponent([10, 100, 1000], [3.0, 300.0, 30000.0]), 12)
    2.0
    """
    size = np.asarray(size, dtype=float)
    value = np.asarray(value, dtype=float)
    if size.size < 2 or np.ptp(size) == 0:
        raise ValueError("fit_exponent needs at least two distinct sizes.")
    return _line(np.log(size), np.log(value))[0]


def exponent_interval(
    size: Sequence[float], value: Sequence[float], level: float = 0.95
) -> tuple[float, float]:
    """Confidence interval of the fitted exponent (the least-squares slope).

    With u = log size, v = log value and k points, the slope b̂ has standard
    error √(s² / Σ(u − ū)²), s² = Σ residual² / (k − 2), and the interval is
    b̂ ± t_{k−2} · se, t_{k−2} the (1 + level)/2 quantile of Student's t with
    k − 2 degrees of freedom. It measures how well one power law fits these
    points (each the best of several calls), not the load of the machine
    between runs. NaN with fewer than three sizes.
    """
    u = np.log(np.asarray(size, dtype=float))
    v = np.log(np.asarray(value, dtype=float))
    k = u.size
    if k < 3:
        return math.nan, math.nan
    slope, intercept = _line(u, v)
    residual = v - (slope * u + intercept)
    se = math.sqrt(
        float(residual @ residual) / (k - 2) / float(np.sum((u - u.mean()) ** 2))
    )
    half = float(stdtrit(k - 2, 0.5 + level / 2)) * se
    return float(slope) - half, float(slope) + half


def exponent_table(table: pd.DataFrame, value: str = "seconds") -> pd.DataFrame:
    """Fitted growth exponents of every curve of a cost or work table.

    Parameters
    ----------
    table : DataFrame
        Columns ``experiment, form, degree, size`` and ``value``: a cost table
        (:data:`TIMING_COLUMNS`, ``value="seconds"``) or a work table
        (:data:`WORK_COLUMNS`, ``value="count"``).
    value : str, default="seconds"
        The column whose growth against ``size`` is fitted.

    Returns
    -------
    DataFrame
        One row per (experiment, form, degree): ``exponent`` (slope of
        log ``value`` against log size), ``exponent_low``, ``exponent_high``
        (its 95 % interval, :func:`exponent_interval`), ``size_min``,
        ``size_max`` and ``decades`` = log10(size_max / size_min), the span of
        the fit.
    """
    rows = [
        {
            "experiment": experiment,
            "form": form,
            "degree": degree,
            "exponent": fit_exponent(group["size"], group[value]),
            **dict(
                zip(
                    ("exponent_low", "exponent_high"),
                    exponent_interval(group["size"], group[value]),
                    strict=True,
                )
            ),
            "size_min": group["size"].min(),
            "size_max": group["size"].max(),
            "decades": float(np.log10(group["size"].max() / group["size"].min())),
        }
        for (experiment, form, degree), group in table.groupby(
            ["experiment", "form", "degree"], sort=True
        )
    ]
    return pd.DataFrame(rows)
