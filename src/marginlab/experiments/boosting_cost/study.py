"""B11: what boosting stumps costs, as counted work and as CPU time against size.

Mohri, Boosting, 'Standard Use in Practice': AdaBoost with decision stumps
costs O(N m log m) to presort the N features once, then O(m N) per round,
O((m log m) N + m N T) in all.

Two tables per configuration (m, N, T):

- the work the algorithm does, counted by the running code: the stump search
  counts the values it presorts and the partial sums its scans form
  (:class:`~marginlab.estimators.boosting.weak_learners.Stumps`), in one fit
  of AdaBoost that prepares its search itself. The same on every run: the claim
  rows of ``results/claims.csv`` read it.
- the CPU time of the two terms of the lecture's cost, each the best of
  ``repeats`` calls after one warm-up call
  (:func:`~marginlab.experiments._shared.timing.best_time`; the counted fit,
  which runs both on the same data just before, is that warm-up): the presort
  (the search built from (X, y)), and the rounds (a fit of AdaBoost handed a
  search built beforehand, so that it times the T rounds alone). A measurement
  of the machine: the rows of ``results/timings.csv`` read it. Timed whole, a fit's
  exponent in T would mix the two terms: the presort costs about as much as
  log m rounds, which flattens the curve at small T as the lecture's sum says.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps, WeakSearch
from .._shared.timing import TIMING_COLUMNS, WORK_COLUMNS, best_time, exponent_table


class _Counted(Stumps):
    """Stumps that keep every search they prepare (``searches``), to read the
    work each counted."""

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        search = super().prepare(X, y)
        self.searches = [*getattr(self, "searches", []), search]
        return search


class _Presorted(Stumps):
    """Stumps whose search (``search``) was built before the fit: ``prepare``
    hands it over, so that a fit of AdaBoost runs its rounds alone."""

    search: WeakSearch

    def prepare(self, X: np.ndarray, y: np.ndarray) -> WeakSearch:
        return self.search


def _data(rng: np.random.Generator, m: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Standard normal features, labels sign(x_1 + x_2/2 + noise/2)."""
    X = rng.standard_normal((m, n))
    score = X[:, 0] + 0.5 * X[:, min(1, n - 1)]
    return X, np.where(score + rng.standard_normal(m) * 0.5 > 0, 1.0, -1.0)


def boosting_cost_tables(
    *,
    m_sizes: Sequence[int],
    n_sizes: Sequence[int],
    t_sizes: Sequence[int],
    fixed_m: int,
    fixed_n: int,
    fixed_t: int,
    repeats: int,
    seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """B11: AdaBoost with stumps against m, N and T (one at a time, the others
    at ``fixed_m``, ``fixed_n``, ``fixed_t``): the CPU time of its presort and
    of its rounds, the exponents fitted to them, and the work it counted.

    The data are standard normal features with labels sign(x_1 + x_2/2 + noise)
    (15 % of the noise's draws flip a label), so no round finds a perfect stump
    and every run lasts exactly T rounds.

    Returns
    -------
    timings : DataFrame
        Columns :data:`~marginlab.experiments._shared.timing.TIMING_COLUMNS`:
        ``experiment`` (adaboost_vs_m, adaboost_vs_n, adaboost_vs_t), ``form``
        ("rounds": a fit of T rounds on a search built beforehand; "presort":
        building the search, not timed against T, which it does not read),
        ``degree`` (0), ``size`` (m, N or T), ``seconds`` (best CPU time),
        ``unit`` ("fit"), ``batch`` (1).
    fits : DataFrame
        :func:`~marginlab.experiments._shared.timing.exponent_table` of
        ``timings``.
    work : DataFrame
        Columns :data:`~marginlab.experiments._shared.timing.WORK_COLUMNS`,
        two rows per configuration, counted in one whole fit: ``form``
        "split sums" (the partial sums S_k = Σ_{q<k} w_q y_q its scans formed,
        all rounds together: at least N(m − 1) per round) and "presorted values"
        (the values its searches sorted: N·m, once per fit), ``count``,
        ``unit`` ("operations per fit").
    """
    rng = np.random.default_rng(seed)
    rows, work = [], []
    for experiment, shapes in (
        ("adaboost_vs_m", [(m, fixed_n, fixed_t, m) for m in m_sizes]),
        ("adaboost_vs_n", [(fixed_m, n, fixed_t, n) for n in n_sizes]),
        ("adaboost_vs_t", [(fixed_m, fixed_n, t, t) for t in t_sizes]),
    ):
        for m, n, t, size in shapes:
            X, y = _data(rng, m, n)
            counted = _Counted()
            AdaBoost(weak_learner=counted, n_rounds=t).fit(X, y)
            key = {"experiment": experiment, "degree": 0, "size": size}
            counts = {
                "split sums": sum(s.n_scanned for s in counted.searches),
                "presorted values": sum(s.n_presorted for s in counted.searches),
            }
            work += [
                {**key, "form": form, "count": count, "unit": "operations per fit"}
                for form, count in counts.items()
            ]
            presorted = _Presorted()
            presorted.search = counted.searches[-1]

            def rounds(X=X, y=y, t=t, learner=presorted):
                return AdaBoost(weak_learner=learner, n_rounds=t).fit(X, y)

            def presort(X=X, y=y):
                return Stumps().prepare(X, y)

            timed = {"rounds": rounds}
            if experiment != "adaboost_vs_t":
                timed["presort"] = presort
            rows += [
                {
                    **key,
                    "form": form,
                    "seconds": best_time(fn, repeats, warm_up=False),
                    "unit": "fit",
                    "batch": 1,
                }
                for form, fn in timed.items()
            ]
    timings = pd.DataFrame(rows, columns=list(TIMING_COLUMNS))
    return (
        timings,
        exponent_table(timings),
        pd.DataFrame(work, columns=list(WORK_COLUMNS)),
    )
