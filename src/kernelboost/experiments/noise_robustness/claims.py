"""Claim rows of B12, from the noise_robustness experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import clopper_pearson, count, rate_difference
from .._shared.rows import ClaimRow


def b12_noise_robustness(rates: pd.DataFrame) -> list[ClaimRow]:
    """B12: label noise damages AdaBoost; its weights find the flipped labels.

    Rows (empirical, each with a 95 % interval, so each reads held, did not
    hold or not resolved):

    * AdaBoost's test error at the largest noise rate minus at the smallest
      (``> 0``), with Newcombe's interval of a difference of two proportions
      on n_test points each (conservative: both are measured on the same
      test points);
    * for every positive rate, the precision of "the n_flipped heaviest
      points are the flipped ones" against the base rate n_flipped/n_train,
      the expected precision of n_flipped points picked at random
      (``>``), with the Clopper–Pearson interval of the precision: held when
      the interval lies above the base rate, which is the exact one-sided
      binomial test of "no better than random" at level 2.5 %.
    """
    t = rates.sort_values("rate")
    first, last = t.iloc[0], t.iloc[-1]
    where = (
        f"{int(first['n_train'])} training points (labels flipped), "
        f"{int(first['n_test'])} clean test points, T = {int(last['rounds'])}"
    )
    n_test = int(first["n_test"])
    d = rate_difference(
        last["adaboost_test_error"], n_test, first["adaboost_test_error"]
    )
    rows = [
        ClaimRow(
            title="label noise raises AdaBoost's test error",
            source="Mohri, Boosting, 'Weaker Aspects'",
            dataset=where,
            quantity=f"test error at noise {last['rate']:g} - at {first['rate']:g} "
            f"({d})",
            **d.fields(),
            bound=0.0,
            relation=">",
            kind="empirical",
        )
    ]
    for r in t[t["rate"] > 0].itertuples(index=False):
        n = int(r.n_flipped)
        hits = count(r.precision, n)
        lo, hi = clopper_pearson(hits, n)
        base = n / int(r.n_train)
        rows.append(
            ClaimRow(
                title="AdaBoost's largest weights sit on the flipped labels",
                source="Mohri, Boosting, 'Outliers'",
                dataset=where,
                quantity=f"precision of the top-{n} weights at noise {r.rate:g} "
                f"({hits} of {n} flipped; 95 % Clopper-Pearson [{lo:.3g}, "
                f"{hi:.3g}]) vs the base rate {n}/{int(r.n_train)} of random picks",
                measured=hits / n,
                ci_low=lo,
                ci_high=hi,
                bound=base,
                relation=">",
                kind="empirical",
            )
        )
    return rows
