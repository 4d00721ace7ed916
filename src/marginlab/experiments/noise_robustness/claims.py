"""Claim rows of B12, from the noise_robustness experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import (
    PairedDifference,
    clopper_pearson,
    count,
    paired_difference,
)
from .._shared.rows import ClaimRow


def _paired_rates(mistakes: pd.DataFrame, r1: float, r2: float) -> PairedDifference:
    """AdaBoost's test error after training at noise rate r1 minus at r2, on
    the same clean test points, with the paired 95 % interval."""
    wrong = {
        r: mistakes[np.isclose(mistakes["rate"].astype(float), r)]
        .sort_values("point")["wrong"]
        .to_numpy(bool)
        for r in (r1, r2)
    }
    if any(w.size == 0 for w in wrong.values()):
        raise ValueError(f"no test mistakes recorded at noise {r1:g} or {r2:g}")
    return paired_difference(wrong[r1], wrong[r2])


def b12_noise_robustness(rates: pd.DataFrame, mistakes: pd.DataFrame) -> list[ClaimRow]:
    """B12: label noise damages AdaBoost; its weights find the flipped labels.

    Rows (empirical, each with a 95 % interval, so each reads held, did not
    hold or not resolved):

    * AdaBoost's test error at the largest noise rate minus at the smallest
      (``> 0``). Both are measured on the same clean test points, so the row
      carries the paired 95 % interval of the difference
      (:func:`~marginlab.theory.intervals.paired_difference`, from the test
      points that only one of the two models gets wrong, recorded in
      ``mistakes``);
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
    d = _paired_rates(mistakes, float(last["rate"]), float(first["rate"]))
    rows = [
        ClaimRow(
            name="damage",
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
                name=f"precision/noise={r.rate:g}",
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
