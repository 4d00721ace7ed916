"""Claim rows from fitted growth exponents (K2, K8, K18, B11): of the work the
algorithm does, counted by the running code (deterministic, for claims.csv),
and of the CPU time it takes (a measurement of the machine, for
``results/timings.csv``). The tables come from :mod:`.timing`."""

from __future__ import annotations

import pandas as pd

from .kinds import Kind
from .rows import ClaimRow

#: Exponent tolerance of the cost claims (CLAIMS.md: "within 0.3"), on both
#: sides of the stated exponent.
EXPONENT_TOL = 0.3


#: Fewest decades of sizes (log10 size_max/size_min) a fitted exponent of CPU
#: time must span to decide a cost claim.
MIN_DECADES = 2.0


#: The lecture text of each claim whose rows read a growth exponent.
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


def _dataset(fit: pd.Series) -> str:
    return f"random normal, size {fit['size_min']:g}..{fit['size_max']:g}"


def exponent_row(
    claim: str,
    title: str,
    fit: pd.Series,
    stated: int,
    *,
    against: str = "size",
    what: str = "CPU time",
    name: str = "",
) -> ClaimRow:
    """One row of a fitted exponent of CPU time: |b̂ − stated| ≤ tol.

    The band is two-sided, tol = :data:`EXPONENT_TOL` on either side of the
    stated exponent: a time that grows more slowly than stated fails as well
    as one that grows faster, so that a curve flattened by a fixed cost per
    call (exponent near 0) cannot pass for an O(n) one. The row carries the
    95 % interval of |b̂ − stated| implied by that of b̂, so it reads held (the
    whole interval within tol), did not hold (none of it) or not resolved; and
    it reads not resolved whenever the sizes span less than
    :data:`MIN_DECADES` decades, over which machine load alone can move an
    exponent by more than the tolerance. A row for ``results/timings.csv``.

    Parameters
    ----------
    claim : {"K2", "K8", "K18", "B11"}
    title : str
    fit : Series
        A row of :func:`marginlab.experiments._shared.timing.exponent_table`
        of CPU times.
    stated : int
        The exponent the lecture states.
    against : str, default="size"
        The size the time is fitted against, as the quantity names it (m, N, T).
    what : str, default="CPU time"
        What was fitted, as the quantity names it (e.g. "CPU time / log m").
    name : str
        The row's name within its claim (:attr:`ClaimRow.name`).
    """
    exponent = float(fit["exponent"])
    lo, hi = float(fit["exponent_low"]), float(fit["exponent_high"])
    ends = (abs(lo - stated), abs(hi - stated))
    ci = (0.0 if lo <= stated <= hi else min(ends), max(ends))
    quantity = f"|fitted exponent of {what} against {against} - {stated}|"
    decades = float(fit["decades"])
    quantity += f", exponent {exponent:.3g} (95 % interval [{lo:.3g}, {hi:.3g}])"
    short = decades < MIN_DECADES
    if short:
        quantity += f"; sizes span {decades:.2g} decades, fewer than {MIN_DECADES}"
    return ClaimRow(
        title=title,
        source=_SOURCES[claim],
        dataset=_dataset(fit),
        quantity=quantity,
        measured=abs(exponent - stated),
        ci_low=ci[0],
        ci_high=ci[1],
        bound=EXPONENT_TOL,
        relation="<=",
        kind="empirical",
        unresolved=f"sizes span {decades:.2g} < {MIN_DECADES} decades" if short else "",
        name=name,
    )


def work_row(
    claim: str,
    title: str,
    fit: pd.Series,
    stated: float,
    *,
    what: str,
    against: str,
    kind: Kind = "check",
    why: str = "",
    name: str = "",
) -> ClaimRow:
    """One row of a fitted exponent of counted work: |b̂ − stated| ≤ tol.

    The work (operations the running code performed, counted where it does
    them) is the same on every run, so b̂ is read without an interval and
    the row belongs in claims.csv. Where the count follows from the code's
    own construction the row is a ``check`` (the default) and ``why`` says
    so; ``kind`` names evidence only where the count could come out otherwise.

    Parameters
    ----------
    claim : {"K2", "K8", "K18", "B11"}
    title : str
    fit : Series
        A row of :func:`marginlab.experiments._shared.timing.exponent_table`
        of a work table (``value="count"``).
    stated : float
        The exponent the lecture states.
    what : str
        What was counted ("stump split sums formed per fit").
    against : str
        The size the count is fitted against.
    kind : str, default="check"
    why : str, default=""
        Appended to the quantity: why the row is a check, or what could make
        it fail.
    name : str
        The row's name within its claim (:attr:`ClaimRow.name`).
    """
    exponent = float(fit["exponent"])
    quantity = (
        f"|fitted exponent of {what} against {against} - {stated:g}|, exponent "
        f"{exponent:.4g} over {float(fit['decades']):.2g} decades"
    )
    return ClaimRow(
        title=title,
        source=_SOURCES[claim],
        dataset=_dataset(fit),
        quantity=quantity + (f"; {why}" if why else ""),
        measured=abs(exponent - stated),
        bound=EXPONENT_TOL,
        relation="<=",
        kind=kind,
        name=name,
    )
