"""B11: what boosting stumps costs, as wall time against size.

Mohri, Boosting, 'Standard Use in Practice': AdaBoost with decision stumps
costs O(N m log m) to presort the N features once, then O(m N) per round,
O(m N T) in all.

Times are the best of ``repeats`` calls (after one warm-up call), so they are
the cost of the computation rather than of whatever else the machine was doing.
Wall times are not reproducible to the byte; the fitted exponents are what the
claims compare.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from .._shared.timing import TIMING_COLUMNS, best_time, exponent_table


def boosting_cost_table(
    *,
    m_sizes: Sequence[int],
    n_sizes: Sequence[int],
    t_sizes: Sequence[int],
    fixed_m: int,
    fixed_n: int,
    fixed_t: int,
    repeats: int,
    seed: int,
) -> pd.DataFrame:
    """B11: fit time of AdaBoost with stumps against m, N and T (one at a time).

    The data are standard normal features with labels sign(x_1 + x_2/2 + noise)
    (15 % of the noise's draws flip a label), so no round finds a perfect stump
    and every run lasts exactly T rounds.

    Returns
    -------
    DataFrame
        Columns as :func:`kernel_cost_table`: ``experiment`` (adaboost_vs_m,
        adaboost_vs_n, adaboost_vs_t), ``form`` ("adaboost"), ``degree`` (0),
        ``size``, ``seconds`` (one fit), ``unit`` ("fit"), ``batch`` (1).
    """
    rng = np.random.default_rng(seed)
    rows = []
    for experiment, shapes in (
        ("adaboost_vs_m", [(m, fixed_n, fixed_t, m) for m in m_sizes]),
        ("adaboost_vs_n", [(fixed_m, n, fixed_t, n) for n in n_sizes]),
        ("adaboost_vs_t", [(fixed_m, fixed_n, t, t) for t in t_sizes]),
    ):
        for m, n, t, size in shapes:
            X = rng.standard_normal((m, n))
            score = X[:, 0] + 0.5 * X[:, min(1, n - 1)]
            y = np.where(score + rng.standard_normal(m) * 0.5 > 0, 1.0, -1.0)

            def fit(X=X, y=y, t=t):
                return AdaBoost(weak_learner=Stumps(), n_rounds=t).fit(X, y)

            rows.append(
                {
                    "experiment": experiment,
                    "form": "adaboost",
                    "degree": 0,
                    "size": size,
                    "seconds": best_time(fit, repeats),
                    "unit": "fit",
                    "batch": 1,
                }
            )
    return pd.DataFrame(rows, columns=list(TIMING_COLUMNS))


def boosting_cost_tables(**params: Any) -> tuple[pd.DataFrame, pd.DataFrame]:
    """B11: the timings of :func:`boosting_cost_table` (same keyword arguments)
    and their fitted exponents (:func:`exponent_table`)."""
    timings = boosting_cost_table(**params)
    return timings, exponent_table(timings)
