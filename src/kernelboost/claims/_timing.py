"""Claim rows from fitted growth exponents of measured wall times (K2, K8, B11)."""

from __future__ import annotations

import pandas as pd

from ._row import ClaimRow

#: Exponent tolerance of the cost claims (CLAIMS.md: "within 0.3").
EXPONENT_TOL = 0.3

#: Lecture text and figure of each timed claim.
_SOURCES = {
    "K2": (
        "Huang 2017, 'Quadratic Kernel', 'Kernel Summary'; UML notes, Kernels §III",
        "kernel_cost",
    ),
    "K8": ("Shewchuk, Lecture 14, 'Kernel Perceptrons'", "kernel_cost"),
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

    Parameters
    ----------
    claim : {"K2", "K8", "B11"}
    title : str
    fit : Series
        A row of :func:`kernelboost.studies.cost.exponent_table`.
    stated : int
        The exponent the lecture states.
    upper : bool
        Check only fit ≤ stated + tol (the statement is an upper bound O(·)).
    """
    exponent = float(fit["exponent"])
    if upper:
        measured, bound = exponent, stated + EXPONENT_TOL
        quantity = f"fitted exponent of time vs size (at most {stated} + tol)"
    else:
        measured, bound = abs(exponent - stated), EXPONENT_TOL
        quantity = f"|fitted exponent of time vs size - {stated}|"
    source, figure = _SOURCES[claim]
    return ClaimRow(
        id=claim,
        title=title,
        source=source,
        dataset=f"random normal, size {fit['size_min']:g}..{fit['size_max']:g}",
        quantity=quantity,
        measured=measured,
        bound=bound,
        relation="<=",
        kind="empirical",
        figure=figure,
    )
