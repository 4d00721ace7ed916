"""Claim rows of fitted exponents (marginlab.experiments._shared.exponents):
two-sided verdicts read from the interval, and counted work read without
one."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest


def _fit(exponent: float, low: float, high: float, decades: float = 2.0):
    return pd.Series(
        {
            "exponent": exponent,
            "exponent_low": low,
            "exponent_high": high,
            "size_min": 10.0,
            "size_max": 10.0 * 10**decades,
            "decades": decades,
        }
    )


@pytest.mark.parametrize(
    ("fit", "verdict"),
    [
        ((1.1, 1.0, 1.2), "true"),
        ((0.9, 0.8, 1.05), "true"),
        ((1.0, 0.6, 1.4), "not resolved"),
        ((1.5, 1.4, 1.6), "false"),  # grows too fast
        ((0.1, 0.0, 0.2), "false"),  # flattened by a fixed cost per call
        ((1.0, 0.95, 1.05, 1.5), "not resolved"),  # fewer than two decades
    ],
)
def test_exponent_rows_are_two_sided(fit, verdict) -> None:
    from marginlab.experiments._shared.exponents import exponent_row

    row = exponent_row("B11", "t", _fit(*fit), 1, against="m")
    assert row.verdict == verdict
    assert row.quantity.startswith("|fitted exponent of CPU time against m - 1|")
    assert row.ci_low <= row.measured <= row.ci_high


def test_work_rows_read_the_counted_exponent_without_an_interval() -> None:
    from marginlab.experiments._shared.exponents import work_row
    from marginlab.experiments._shared.timing import exponent_table

    sizes = [10, 100, 1000]
    work = pd.DataFrame(
        {
            "experiment": "e",
            "form": ["linear"] * 3 + ["quadratic"] * 3,
            "degree": 0,
            "size": sizes * 2,
            "count": [3 * s for s in sizes] + [s * s for s in sizes],
            "unit": "operations",
        }
    )
    fits = exponent_table(work, "count").set_index("form")
    rows = [
        work_row("B11", "t", fits.loc[form], 1, what="sums", against="m", why="w")
        for form in ("linear", "quadratic")
    ]
    assert [(r.kind, r.verdict) for r in rows] == [
        ("check", "true"),
        ("check", "false"),
    ]
    assert np.isnan(rows[0].ci_low)
    assert rows[0].quantity.endswith("over 2 decades; w")
