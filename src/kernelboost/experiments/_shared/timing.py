"""Claim rows from fitted growth exponents of measured wall times (K2, K8, K18,
B11)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
from scipy import stats

from .rows import ClaimRow

#: Exponent tolerance of the cost claims (CLAIMS.md: "within 0.3").
EXPONENT_TOL = 0.3


#: Fewest decades of sizes (log10 size_max/size_min) a fitted exponent must
#: span to decide a cost claim.
MIN_DECADES = 2.0


#: Lecture text and figure of each timed claim.
_SOURCES = {
    "K2": (
        "Huang 2017, 'Quadratic Kernel', 'Kernel Summary'; UML notes, Kernels §III",
        "kernel_cost",
    ),
    "K8": ("Shewchuk, Lecture 14, 'Kernel Perceptrons'", "kernel_cost"),
    "K18": (
        "Shewchuk, Lecture 14, 'Kernel Perceptrons', 'Kernel Logistic Regression'",
        "incremental_update",
    ),
    "B11": ("Mohri, Boosting, 'Standard Use in Practice'", "boosting_cost"),
}


def fitted(fits: pd.DataFrame, experiment: str, form: str, degree: int) -> pd.Series:
    """The one row of an exponent table for (experiment, form, degree)."""
    match = fits[
        (fits["experiment"] == experiment)
        & (fits["form"] == form)
        & (fits["degree"] == degree)
    ]
    if len(match) != 1:
        raise ValueError(f"no fitted exponent for {experiment}/{form}/degree {degree}")
    return match.iloc[0]


def exponent_row(
    claim: str, title: str, fit: pd.Series, stated: int, upper: bool
) -> ClaimRow:
    """One fitted-exponent row: |fit − stated| ≤ tol, or fit ≤ stated + tol.

    The row carries the 95 % interval of the fitted exponent (of |fit − stated|
    for the two-sided form), so it reads held, did not hold or not resolved;
    and it reads not resolved whenever the sizes span less than
    :data:`MIN_DECADES` decades, over which machine load alone can move an
    exponent by more than the tolerance.

    Parameters
    ----------
    claim : {"K2", "K8", "K18", "B11"}
    title : str
    fit : Series
        A row of :func:`kernelboost.experiments._shared.timing.exponent_table`.
    stated : int
        The exponent the lecture states.
    upper : bool
        Check only fit ≤ stated + tol (the statement is an upper bound O(·)).
    """
    exponent = float(fit["exponent"])
    lo, hi = float(fit["exponent_low"]), float(fit["exponent_high"])
    if upper:
        measured, bound = exponent, stated + EXPONENT_TOL
        ci = (lo, hi)
        quantity = f"fitted exponent of time vs size (at most {stated} + tol)"
    else:
        measured, bound = abs(exponent - stated), EXPONENT_TOL
        ends = (abs(lo - stated), abs(hi - stated))
        ci = (0.0 if lo <= stated <= hi else min(ends), max(ends))
        quantity = f"|fitted exponent of time vs size - {stated}|"
    decades = float(fit["decades"])
    quantity += f", exponent {exponent:.3g} (95 % interval [{lo:.3g}, {hi:.3g}])"
    short = decades < MIN_DECADES
    if short:
        quantity += f"; sizes span {decades:.2g} decades, fewer than {MIN_DECADES}"
    source, figure = _SOURCES[claim]
    return ClaimRow(
        id=claim,
        title=title,
        source=source,
        dataset=f"random normal, size {fit['size_min']:g}..{fit['size_max']:g}",
        quantity=quantity,
        measured=measured,
        ci_low=ci[0],
        ci_high=ci[1],
        bound=bound,
        relation="<=",
        kind="empirical",
        figure=figure,
        unresolved=f"sizes span {decades:.2g} < {MIN_DECADES} decades" if short else "",
    )


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
