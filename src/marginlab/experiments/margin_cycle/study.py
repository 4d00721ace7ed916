"""B15: AdaBoost need not maximize the L1 margin.

Mohri, Boosting, 'But, Does AdaBoost Maximize the Margin?': on the 8 × 8
margin matrix of Rudin, Daubechies and Schapire (2004), the maximum L1 margin
of the LP is ρ* = 3/8, but AdaBoost started from their D_1 cycles through
three distributions and its margin tends to 1/3 (:func:`margin_cycle_tables`).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ...core.contract.validation import check_scalar
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import HypothesisMatrix
from ...theory.margins import game_value, max_margin

#: The margin matrix M_ij = y_i h_j(x_i) of Rudin, Daubechies and Schapire
#: (2004): 8 training examples (rows) and 8 weak classifiers (columns). Its
#: maximum L1 margin is 3/8.
RUDIN_M = np.array(
    [
        [-1, 1, 1, 1, 1, -1, -1, 1],
        [-1, 1, 1, -1, -1, 1, 1, 1],
        [1, -1, 1, 1, 1, -1, 1, 1],
        [1, -1, 1, 1, -1, 1, 1, 1],
        [1, -1, 1, -1, 1, 1, 1, -1],
        [1, 1, -1, 1, 1, 1, 1, -1],
        [1, 1, -1, 1, 1, 1, -1, 1],
        [1, 1, 1, 1, -1, -1, 1, -1],
    ],
    dtype=np.float64,
)


_S5 = math.sqrt(5.0)


#: Their initial distribution, which puts AdaBoost on a cycle of period 3:
#: ((3 − √5)/8, (3 − √5)/8, 1/6, 1/6, 1/6, (√5 − 1)/8, (√5 − 1)/8, 0).
RUDIN_D1 = np.array(
    [
        (3.0 - _S5) / 8.0,
        (3.0 - _S5) / 8.0,
        1.0 / 6.0,
        1.0 / 6.0,
        1.0 / 6.0,
        (_S5 - 1.0) / 8.0,
        (_S5 - 1.0) / 8.0,
        0.0,
    ]
)


def _cycle(
    M: np.ndarray,
    columns: np.ndarray,
    alphas: np.ndarray,
    distributions: np.ndarray,
    max_period: int,
    tol: float,
) -> tuple[int, float, float, str]:
    """The cycle a run ends on, and the margin it converges to.

    The smallest period p ≤ ``max_period`` such that the last 2p rounds chose
    the same columns with period p and max_i |D_{T+1}(i) − D_{T+1−p}(i)| ≤
    ``tol``. On such a cycle every period adds the same weights a (the α_t of
    the last p rounds, summed per column), so the L1 margin tends to
    min_i (M a)_i / ‖a‖₁.

    Returns
    -------
    period : int
        p, or 0 if no cycle was found.
    closure : float
        max_i |D_{T+1}(i) − D_{T+1−p}(i)| (NaN without a cycle).
    limit : float
        min_i (M a)_i / ‖a‖₁ (NaN without a cycle).
    cycle_columns : str
        The columns of the last p rounds, in order ("" without a cycle).
    """
    T = columns.size
    for p in range(1, max_period + 1):
        if 2 * p > T or not np.array_equal(
            columns[T - p :], columns[T - 2 * p : T - p]
        ):
            continue
        closure = float(np.abs(distributions[T] - distributions[T - p]).max())
        if closure > tol:
            continue
        a = np.zeros(M.shape[1])
        np.add.at(a, columns[T - p :], alphas[T - p :])
        limit = float((M @ a).min() / a.sum())
        return p, closure, limit, " ".join(str(int(j)) for j in columns[T - p :])
    return 0, math.nan, math.nan, ""


def _log_rounds(T: int, n: int) -> np.ndarray:
    """About n rounds from 1 to T, evenly spaced on a log scale, and T."""
    return np.unique(np.r_[np.geomspace(1, T, n).round().astype(int), T])


def margin_cycle_tables(
    n_rounds: int,
    n_random_starts: int,
    seed: int,
    max_period: int = 12,
    cycle_tol: float = 1e-9,
    shown_rounds: int = 12,
    thinned_rounds: int = 300,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """B15: AdaBoost on the matrix of Rudin, Daubechies and Schapire (2004).

    "Optimal" AdaBoost over the 8 weak classifiers of :data:`RUDIN_M` (each
    round takes the column of largest edge Σ_i D_t(i) M_ij, the lowest index
    among ties within 1e-12 of the largest: :class:`HypothesisMatrix`), run
    ``n_rounds`` rounds from :data:`RUDIN_D1`, from the uniform distribution
    and from ``n_random_starts`` distributions drawn uniformly from the
    simplex (Dirichlet(1, …, 1), seeded). Beside it, the maximum L1 margin ρ*
    of the LP and the game value 2γ* (:func:`~marginlab.max_margin`,
    :func:`~marginlab.game_value`).

    Parameters
    ----------
    n_rounds : int
        T.
    n_random_starts : int
        Random initial distributions (0 for none).
    seed : int
        Seed of the random starts.
    max_period : int, default=12
        Longest cycle looked for at the end of a run.
    cycle_tol : float, default=1e-9
        Largest max_i |D_{T+1}(i) − D_{T+1−p}(i)| of a closed cycle.
    shown_rounds : int, default=12
        Rounds of D_t kept in ``distributions`` (the first ones from D_1, the
        last ones from uniform).
    thinned_rounds : int, default=300
        For random starts, ``history`` keeps about this many rounds, evenly
        spaced on a log scale (the other starts keep every round).

    Returns
    -------
    lp : DataFrame
        One row: ``rho_star`` (LP primal), ``game_value`` (LP dual, 2γ*),
        ``n_examples``, ``n_classifiers``.
    runs : DataFrame
        One row per start: ``start`` (``paper``, ``uniform``, ``random 1``,
        …), ``d1`` (D_1, space-separated), ``n_rounds``, ``rounds_kept``,
        ``stop_reason``, ``margin_last`` (the L1 margin
        min_i (Mα)_i / ‖α‖₁ after the last round), ``margin_max_late`` (its
        largest value over the rounds t > T/2), ``margin_max`` (over all
        rounds), ``period`` (0: no cycle found), ``closure``,
        ``limit_margin``, ``cycle_columns`` (:func:`_cycle`) and
        ``rho_star``.
    history : DataFrame
        ``start, t, column, alpha, min_margin`` per round (thinned for random
        starts, see ``thinned_rounds``).
    distributions : DataFrame
        ``start, t, example, weight, column``: D_t(i) and the column chosen
        at round t, for the first ``shown_rounds`` rounds from the paper's D_1
        and the last ``shown_rounds`` from uniform.
    """
    T = int(
        check_scalar(
            n_rounds,
            "n_rounds",
            "margin_cycle_tables",
            kind="int",
            low=1,
            closed="left",
        )
    )
    n_random = int(
        check_scalar(
            n_random_starts,
            "n_random_starts",
            "margin_cycle_tables",
            kind="int",
            low=0,
            closed="left",
        )
    )
    M = RUDIN_M
    m, N = M.shape
    rho_star, _ = max_margin(M)
    value, _ = game_value(M)
    lp = pd.DataFrame(
        [
            {
                "rho_star": rho_star,
                "game_value": value,
                "n_examples": m,
                "n_classifiers": N,
            }
        ]
    )
    rng = np.random.default_rng(seed)
    starts = {"paper": RUDIN_D1, "uniform": np.full(m, 1.0 / m)}
    for k in range(n_random):
        starts[f"random {k + 1}"] = rng.dirichlet(np.ones(m))

    rows, histories, shown = [], [], []
    indices, labels = np.arange(m, dtype=np.float64)[:, None], np.ones(m)
    for start, d1 in starts.items():
        model = AdaBoost(
            weak_learner=HypothesisMatrix(M), n_rounds=T, keep_distributions=True
        ).fit(indices, labels, sample_weight=d1)
        h = model.history_
        columns = h["column"].to_numpy(int)
        margins = h["min_margin"].to_numpy(float)
        D = model.distributions_
        period, closure, limit, cycle_columns = _cycle(
            M, columns, model.alphas_, D, max_period, cycle_tol
        )
        late = h["t"].to_numpy() > T / 2
        rows.append(
            {
                "start": start,
                "d1": " ".join(f"{x:.17g}" for x in d1),
                "n_rounds": T,
                "rounds_kept": model.n_rounds_,
                "stop_reason": str(model.stop_reason_),
                "margin_last": float(margins[-1]),
                "margin_max_late": float(margins[late].max())
                if late.any()
                else math.nan,
                "margin_max": float(margins.max()),
                "period": period,
                "closure": closure,
                "limit_margin": limit,
                "cycle_columns": cycle_columns,
                "rho_star": rho_star,
            }
        )
        part = h[["t", "column", "alpha", "min_margin"]].copy()
        if start.startswith("random"):
            part = part[part["t"].isin(_log_rounds(T, thinned_rounds))]
        part.insert(0, "start", start)
        histories.append(part)
        if start in ("paper", "uniform"):
            k = min(shown_rounds, model.n_rounds_)
            ts = (
                np.arange(1, k + 1)
                if start == "paper"
                else np.arange(model.n_rounds_ - k + 1, model.n_rounds_ + 1)
            )
            for t in ts:
                shown.append(
                    pd.DataFrame(
                        {
                            "start": start,
                            "t": int(t),
                            "example": np.arange(m),
                            "weight": D[t - 1],
                            "column": int(columns[t - 1]),
                        }
                    )
                )
    return (
        lp,
        pd.DataFrame(rows),
        pd.concat(histories, ignore_index=True),
        pd.concat(shown, ignore_index=True),
    )
