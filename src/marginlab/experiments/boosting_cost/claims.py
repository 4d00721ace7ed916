"""Claim rows of B11, from the boosting_cost experiment's tables: the work
counted (claims.csv) and the CPU times (timings.csv)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.exponents import exponent_row, fitted, work_row
from .._shared.rows import ClaimRow
from .._shared.timing import exponent_table

#: The size each experiment varies, as the rows name it.
_AGAINST = {"adaboost_vs_m": "m", "adaboost_vs_n": "N", "adaboost_vs_t": "T"}


def b11_boosting_cost(work: pd.DataFrame) -> list[ClaimRow]:
    """B11: AdaBoost with stumps costs O(N m log m) + O(m N T), in counted work.

    Parameters
    ----------
    work : DataFrame
        From :func:`.study.boosting_cost_tables`: per (m, N, T), the partial
        sums S_k the stump scans formed in one fit and the values its presort
        sorted.

    Returns
    -------
    list of ClaimRow
        Checks (the counts follow from the code's construction: a scan forms
        the whole prefix-sum table, at least N(m − 1) sums, once per round,
        whatever the weights; AdaBoost builds its search once per fit):

        1-3. the fitted exponent of the split sums per fit against m, N and T
             within 0.3 of 1 (O(m N) per round, O(m N T) in all);
        4. the fitted exponent of the presorted values per fit against T
           within 0.3 of 0 (the O(N m log m) presort is done once, not per
           round).
    """
    fits = exponent_table(work, "count")
    construction = (
        "a check: every round's scan forms the whole prefix-sum table, at least "
        "N(m - 1) sums, whatever the weights"
    )
    rows = [
        work_row(
            "B11",
            f"the rounds' work grows like {against}",
            fitted(fits, experiment, "split sums", 0),
            1,
            what="the partial sums the stump scans formed per fit",
            against=against,
            why=construction,
            name=f"work/rounds/{against}",
        )
        for experiment, against in _AGAINST.items()
    ]
    rows.append(
        work_row(
            "B11",
            "the presort is done once per fit, not per round",
            fitted(fits, "adaboost_vs_t", "presorted values", 0),
            0,
            what="the values presorted per fit",
            against="T",
            why="a check: AdaBoost builds its stump search (N sorts of m values) "
            "once, before the rounds",
            name="work/presort/T",
        )
    )
    return rows


def b11_timings(timings: pd.DataFrame, fits: pd.DataFrame) -> list[ClaimRow]:
    """B11 in CPU time: the rounds cost O(m N T), the presort O(N m log m).

    Parameters
    ----------
    timings, fits : DataFrame
        From :func:`.study.boosting_cost_tables`: the best CPU times of the
        rounds (a fit handed its presorted search) and of the presort, and the
        exponents fitted to them.

    Returns
    -------
    list of ClaimRow
        Empirical, each |b̂ − 1| ≤ 0.3 read from the 95 % interval of b̂
        (:func:`~marginlab.experiments._shared.exponents.exponent_row`):

        1-3. the rounds' CPU time against m, N and T;
        4. the presort's CPU time divided by log m, against m (its log m
           would add about 0.1 to the exponent over these sizes);
        5. the presort's CPU time against N.
    """
    fit = timing_fits(timings, fits)
    rows = [
        exponent_row(
            "B11",
            f"the rounds' CPU time grows like {against}",
            fit[f"time/rounds/{against}"],
            1,
            against=f"{against} (rounds)",
            name=f"time/rounds/{against}",
        )
        for against in _AGAINST.values()
    ]
    rows += [
        exponent_row(
            "B11",
            "the presort's CPU time grows like m log m",
            fit["time/presort/m"],
            1,
            against="m (presort)",
            what=PRESORT_M_WHAT,
            name="time/presort/m",
        ),
        exponent_row(
            "B11",
            "the presort's CPU time grows like N",
            fit["time/presort/N"],
            1,
            against="N (presort)",
            name="time/presort/N",
        ),
    ]
    return rows


#: What the presort's row against m fits: its CPU time divided by log m.
PRESORT_M_WHAT = "CPU time / log m"


def timing_fits(timings: pd.DataFrame, fits: pd.DataFrame) -> dict[str, pd.Series]:
    """The fitted exponent each timing row of B11 reads, by the row's name.

    Parameters
    ----------
    timings, fits : DataFrame
        From :func:`.study.boosting_cost_tables`: the best CPU times and the
        exponents fitted to them.

    Returns
    -------
    dict of str to Series
        ``time/rounds/m``, ``time/rounds/N``, ``time/rounds/T`` and
        ``time/presort/N``: rows of ``fits``; ``time/presort/m``: the exponent
        (with its 95 % interval, :func:`~.._shared.timing.exponent_table`) of
        the presort's CPU time divided by log m against m, not the slope of
        its raw time in ``fits`` (the log m would add about 0.1 to it over
        these sizes).
    """
    presort = timings[
        (timings["experiment"] == "adaboost_vs_m") & (timings["form"] == "presort")
    ].assign(seconds=lambda t: t["seconds"] / np.log(t["size"]))
    read = {
        f"time/rounds/{against}": fitted(fits, experiment, "rounds", 0)
        for experiment, against in _AGAINST.items()
    }
    read["time/presort/m"] = fitted(
        exponent_table(presort), "adaboost_vs_m", "presort", 0
    )
    read["time/presort/N"] = fitted(fits, "adaboost_vs_n", "presort", 0)
    return read
