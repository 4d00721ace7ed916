"""Claim rows of K18, from the incremental_update experiment's tables: the
identities and the counted work (claims.csv), the CPU times (timings.csv)."""

from __future__ import annotations

import pandas as pd

from .._shared.exponents import exponent_row, fitted, work_row
from .._shared.rows import ClaimRow, name_segment
from .._shared.timing import exponent_table

#: The forms of the update tables (:data:`.study.INCREMENTAL` and the others).
INCREMENTAL, INCREMENTAL_GRAM, RECOMPUTE = (
    "incremental",
    "incremental, n x n Gram",
    "recompute",
)

#: K18's allowance for the drift of the kept Ka + b, relative to its size: each
#: O(n) update rounds at about ε relative to the scores, so 10⁴ updates may
#: accumulate of the order of 10⁴·ε ≈ 2·10⁻¹²; a wrong update is off by O(1).
DRIFT_TOL = 1e-10


_K18_SOURCE = "Shewchuk, Lecture 14, 'Kernel Perceptrons', 'Kernel Logistic Regression'"


def k18_incremental_update(drift: pd.DataFrame, work: pd.DataFrame) -> list[ClaimRow]:
    """K18: the O(n) update of Ka gives what recomputing K @ a gives, in O(n)
    multiply-adds against O(n²).

    Parameters
    ----------
    drift : DataFrame
        From :func:`.study.drift_table`.
    work : DataFrame
        From :func:`.study.update_tables`: the multiply-adds of one update,
        counted from the arrays it multiplies.

    Returns
    -------
    list of ClaimRow
        Per learner (identity, ``drift/<learner>``: ``drift/kernel_perceptron``):
        max over the run of |f − (K a + b)| after each update, divided by the
        largest |K a + b| of the run, ``<=`` :data:`DRIFT_TOL`. Then two
        checks, ``work/incremental`` and ``work/recompute`` (the counts follow
        from the code: an update adds one column of n kernel values, a
        recomputation multiplies the n × n matrix): the fitted exponent of the
        multiply-adds per update against n within 0.3 of 1 (incremental) and
        of 2 (recomputed).
    """
    rows = []
    for learner, part in drift.groupby("learner", sort=False):
        scale = float(part["scale"].max())
        worst = part.loc[part["drift"].idxmax()]
        rows.append(
            ClaimRow(
                title=f"{learner}: the Ka + b kept by O(n) updates equals K @ a + b",
                source=_K18_SOURCE,
                dataset=f"{part['dataset'].iloc[0]}, {len(part)} updates",
                quantity="max over updates of max|f - (K a + b)|, relative to the "
                f"largest |K a + b| of the run ({scale:.3g}); largest drift "
                f"{float(worst['drift']):.3g} after update {int(worst['update'])}",
                measured=float(part["drift"].max()) / scale if scale > 0 else 0.0,
                bound=DRIFT_TOL,
                relation="<=",
                kind="identity",
                name=f"drift/{name_segment(str(learner))}",
            )
        )
    counted = exponent_table(work, "count")
    rows += [
        work_row(
            "K18",
            title,
            fitted(counted, "update_vs_n", form, 0),
            stated,
            what=f"the multiply-adds of one {verb}",
            against="n",
            why=why,
            name=f"work/{form}",
        )
        for form, stated, title, verb, why in (
            (
                INCREMENTAL,
                1,
                "an incremental update of Ka does O(n) work",
                "incremental update",
                "a check: the update adds one column of n kernel values",
            ),
            (
                RECOMPUTE,
                2,
                "recomputing Ka after an update does O(n^2) work",
                "recomputation",
                "a check: the recomputation multiplies the n x n Gram matrix",
            ),
        )
    ]
    return rows


def k18_timings(fits: pd.DataFrame) -> list[ClaimRow]:
    """K18 in CPU time: an incremental update of Ka takes O(n) time, a
    recomputation O(n²).

    Parameters
    ----------
    fits : DataFrame
        From :func:`.study.incremental_update_tables`: the exponents fitted to
        the best CPU time per update.

    Returns
    -------
    list of ClaimRow
        1. (empirical, ``time/incremental``) the incremental update on the
           columns it reads, n up to 10⁶: |b̂ − 1| ≤ 0.3;
        2. (empirical, ``time/recompute``) the recomputation on the whole Gram
           matrix: |b̂ − 2| ≤ 0.3 (both read from the 95 % interval of b̂,
           two-sided: a time flattened by a fixed cost per call fails as
           surely as one that grows too fast; not resolved over fewer than two
           decades);
        3. (illustration, ``time/incremental_gram``) the incremental update on
           the whole row-major Gram matrix, as the learners hold it, over the
           recomputation's sizes: its fitted exponent, no verdict (the numpy
           call's fixed cost, then the strided column's cache misses, set that
           time).
    """
    rows = [
        exponent_row(
            "K18",
            "an incremental update of Ka takes O(n) time",
            fitted(fits, "update_vs_n", INCREMENTAL, 0),
            1,
            against="n (incremental update, the columns it reads)",
            name="time/incremental",
        ),
        exponent_row(
            "K18",
            "recomputing Ka after an update takes O(n^2) time",
            fitted(fits, "update_vs_n", RECOMPUTE, 0),
            2,
            against="n (recomputation)",
            name="time/recompute",
        ),
    ]
    gram = fitted(fits, "update_vs_n", INCREMENTAL_GRAM, 0)
    rows.append(
        ClaimRow(
            title="the incremental update on the learners' whole Gram matrix",
            source=_K18_SOURCE,
            dataset=f"random normal, size {gram['size_min']:g}..{gram['size_max']:g}",
            quantity="fitted exponent of CPU time against n (incremental update, "
            f"whole row-major n x n Gram matrix): {float(gram['exponent']):.3g} "
            f"(95 % interval [{float(gram['exponent_low']):.3g}, "
            f"{float(gram['exponent_high']):.3g}]); no verdict: below n ~ 1000 the "
            "numpy call's fixed cost, above it the strided column's cache misses "
            "set this time",
            measured=float(gram["exponent"]),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="time/incremental_gram",
        )
    )
    return rows
