"""Claim rows from fitted growth exponents of measured wall times (K2, K8, K18,
B11): the tables come from :mod:`.timing`."""

from __future__ import annotations

import pandas as pd

from .rows import ClaimRow

#: Exponent tolerance of the cost claims (CLAIMS.md: "within 0.3").
EXPONENT_TOL = 0.3


#: Fewest decades of sizes (log10 size_max/size_min) a fitted exponent must
#: span to decide a cost claim.
MIN_DECADES = 2.0


#: The lecture text of each timed claim.
_SOURCES = {
    "K2": "Huang 2017, 'Quadratic Kernel', 'Kernel Summary'; UML notes, Kernels §III",
    "K8": "Shewchuk, Lecture 14, 'Kernel Perceptrons'",
    "K18": "Shewchuk, Lecture 14, 'Kernel Perceptrons', 'Kernel Logistic Regression'",
    "B11": "Mohri, Boosting, 'Standard Use in Practice'",
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
    return ClaimRow(
        title=title,
        source=_SOURCES[claim],
        dataset=f"random normal, size {fit['size_min']:g}..{fit['size_max']:g}",
        quantity=quantity,
        measured=measured,
        ci_low=ci[0],
        ci_high=ci[1],
        bound=bound,
        relation="<=",
        kind="empirical",
        unresolved=f"sizes span {decades:.2g} < {MIN_DECADES} decades" if short else "",
    )
