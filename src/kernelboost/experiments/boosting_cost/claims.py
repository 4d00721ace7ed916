"""Claim rows of B11, from the boosting_cost experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.exponents import exponent_row, fitted
from .._shared.rows import ClaimRow


def b11_boosting_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> list[ClaimRow]:
    """B11: AdaBoost with stumps costs O(N m log m) + O(m N T).

    Fitted exponents of the fit time within 0.3 of 1 against m (the presort's
    log m adds little), N and T (empirical).
    """
    stated = {
        "adaboost_vs_m": "fit time grows like m (m log m presort + mNT)",
        "adaboost_vs_n": "fit time grows like N",
        "adaboost_vs_t": "fit time grows like T",
    }
    return [
        exponent_row("B11", title, fitted(fits, experiment, "adaboost", 0), 1, False)
        for experiment, title in stated.items()
    ]
