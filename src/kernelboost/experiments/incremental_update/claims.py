"""Claim rows of K18, from the incremental_update experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.exponents import exponent_row, fitted
from .._shared.rows import ClaimRow

#: K18's allowance for the drift of the kept Ka + b, relative to its size: each
#: O(n) update rounds at about ε relative to the scores, so 10⁴ updates may
#: accumulate of the order of 10⁴·ε ≈ 2·10⁻¹²; a wrong update is off by O(1).
DRIFT_TOL = 1e-10


_K18_SOURCE = "Shewchuk, Lecture 14, 'Kernel Perceptrons', 'Kernel Logistic Regression'"


def k18_incremental_update(
    drift: pd.DataFrame, timings: pd.DataFrame, fits: pd.DataFrame
) -> list[ClaimRow]:
    """K18: the O(n) update of Ka gives what recomputing K @ a gives, in O(n).

    Parameters
    ----------
    drift : DataFrame
        From :func:`.study.drift_table`.
    timings, fits : DataFrame
        From :func:`.study.update_timing_table` and
        :func:`kernelboost.experiments._shared.timing.exponent_table`.

    Returns
    -------
    list of ClaimRow
        Per learner (identity): max over the run of |f − (K a + b)| after
        each update, divided by the largest |K a + b| of the run, ``<=``
        :data:`DRIFT_TOL`. Then the fitted exponents of the time per update
        against n: incremental at most 1 + 0.3 (O(n) is an upper bound),
        recomputed within 0.3 of 2 (empirical, with their 95 % intervals;
        not resolved over fewer than two decades of n).
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
            )
        )
    rows.append(
        exponent_row(
            "K18",
            "an incremental update of Ka costs O(n)",
            fitted(fits, "update_vs_n", "incremental", 0),
            1,
            upper=True,
        )
    )
    rows.append(
        exponent_row(
            "K18",
            "recomputing Ka after an update costs O(n^2)",
            fitted(fits, "update_vs_n", "recompute", 0),
            2,
            upper=False,
        )
    )
    return rows
