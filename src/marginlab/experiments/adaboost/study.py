"""AdaBoost with stumps on one dataset: every per-round quantity of B1–B4, B6, B14.

One run of T rounds on the training part of a seeded stratified split gives, per
round t (the notation of Mohri, Boosting):

* the bound chain of B1: training error ≤ Π_s Z_s ≤ exp(−2 Σ_s γ_s²) ≤
  exp(−2 γ² t), γ = min_{s≤t} γ_s;
* B2's closed form of the distribution, D_{t+1}(i) = exp(−y_i f_t(x_i)) /
  (m Π_{s≤t} Z_s), and its largest relative difference from the running one;
* B3's weighted error of h_t under D_{t+1} (exactly ½);
* B4's exponential loss (1/m) Σ_i exp(−y_i f_t(x_i)), the step a numerical
  line search along h_t would take from f_{t−1}, and the smallest weighted
  error under D_t of every distinct stump on the training points, found by
  exhaustive search (:func:`exhaustive_stump_errors`), beside ε_t;
* the test error and the minimum L1 margin, and the bound
  2(d + 1)(t + 1) log₂((t + 1)e) on the VC dimension of F_t (B14) for the
  base-class dimension d given.

B6's bound on Pr_S[y f(x) ≤ ρ ‖α‖₁] over a ρ grid at a few rounds, and B17's
uniform form of it, [(1 − 2γ)^{1−ρ} (1 + 2γ)^{1+ρ}]^{T/2} with γ the smallest
edge of the run, on a grid of rounds, are returned as separate tables.

"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.optimize import minimize_scalar

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from ...estimators.model_selection import train_test_split
from ...theory.bounds import (
    margin_distribution_bound,
    uniform_margin_bound,
    vcdim_ft_bound,
)
from ...theory.margins import distinct_stumps
from ...theory.rademacher import stump_vc_dimension_bound


def line_search_alpha(D: np.ndarray, yh: np.ndarray) -> float:
    """argmin_α Σ_i D(i) exp(−α y_i h(x_i)), found numerically (Brent, bounded).

    The exact step is ½ ln((1 − ε)/ε) (claim B4); this does not use it.
    """
    scale = float(D.sum())

    def loss(alpha: float) -> float:
        return float(D @ np.exp(-alpha * yh)) / scale

    result = minimize_scalar(
        loss, bounds=(0.0, 50.0), method="bounded", options={"xatol": 1e-12}
    )
    return float(result.x)


#: Two weighted errors closer than this are tied (B4's direction): the stump
#: search adds D_t in prefix sums over sorted values, the exhaustive search in
#: a matrix product; on the full run's four datasets the two differed by up to
#: 1e-12 for the same stump (seen before this tolerance was set).
TIE_TOL = 1e-9


def exhaustive_stump_errors(
    X: np.ndarray, y: np.ndarray, D: np.ndarray, chunk: int = 64
) -> tuple[np.ndarray, np.ndarray]:
    """For each distribution D_t (a row of ``D``), the smallest weighted error
    ε*_t = min_h Σ_i D_t(i) 1[h(x_i) ≠ y_i] over every distinct stump h on X
    (:func:`~marginlab.theory.margins.distinct_stumps`, both polarities and
    the constants), by exhaustive search, and how many stumps are within
    :data:`TIE_TOL` of it.

    With Σ_i D_t(i) = 1, the weighted error of stump k is
    (1 − Σ_i D_t(i) y_i h_k(x_i)) / 2: one matrix product per ``chunk`` rounds.

    Returns
    -------
    least : ndarray of shape (T,)
    tied : ndarray of int, shape (T,)
    """
    H = distinct_stumps(X)  # (m, K)
    least = np.empty(D.shape[0])
    tied = np.empty(D.shape[0], dtype=np.int64)
    for start in range(0, D.shape[0], chunk):
        block = D[start : start + chunk]
        errors = 0.5 * (block.sum(axis=1, keepdims=True) - (block * y) @ H)
        low = errors.min(axis=1)
        least[start : start + chunk] = low
        tied[start : start + chunk] = (errors <= low[:, None] + TIE_TOL).sum(axis=1)
    return least, tied


def adaboost_tables(
    data: Dataset,
    *,
    n_rounds: int,
    test_fraction: float,
    split_seed: int,
    margin_rounds: Sequence[int],
    rhos: Sequence[float],
    t_grid_points: int = 200,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Run AdaBoost with stumps and tabulate what claims B1–B4, B6, B14, B17 measure.

    Parameters
    ----------
    data : Dataset
    n_rounds : int
        T; fewer rounds are kept if AdaBoost stops early (ε_t = 0 or no edge).
    test_fraction, split_seed
        The seeded stratified split
        (:func:`~marginlab.train_test_split`).
    margin_rounds : sequence of int
        Rounds of B6's table (those beyond the rounds run are dropped; the
        last round is always one).
    rhos : sequence of float in [−1, 1]
        Margin levels of B6.
    t_grid_points : int, default=200
        Number of evenly spaced rounds (the last one included) of B17's table;
        every round if the run is shorter.

    Returns
    -------
    history : DataFrame
        AdaBoost's ``history_`` plus ``test_error``, ``b2_max_rel_diff``,
        ``b3_eps_next``, ``alpha_line``, ``eps_exhaustive``, ``n_tied``
        (:func:`exhaustive_stump_errors` under D_t), ``tie_tol``, ``vc_bound`` (B14's
        2(d + 1)(t + 1) log₂((t + 1)e)) and the ``vc_dimension`` d it was
        computed with: the bound on the VC dimension of stumps on the data's
        features (:func:`~marginlab.theory.rademacher.stump_vc_dimension_bound`:
        2 on one feature, 8 on 30), ``n_train``, ``n_test``, ``split_seed``.
    margin_bound : DataFrame
        ``t, rho, fraction, bound``: Pr_S[y f_t(x)/‖α‖₁ ≤ ρ] against
        2^t Π_{s≤t} √(ε_s^{1−ρ}(1−ε_s)^{1+ρ}).
    uniform_margin : DataFrame
        ``t, rho, fraction, product_bound, uniform_bound, gamma, n_train``
        (B17): on the grid of rounds, the same fraction and product bound
        beside [(1 − 2γ)^{1−ρ}(1 + 2γ)^{1+ρ}]^{t/2}, γ = min_{s≤T} (½ − ε_s)
        the smallest edge of the whole run (so every round t ≤ T meets the
        hypothesis ε_s ≤ ½ − γ).
    """
    train, test = train_test_split(data.y, test_fraction, split_seed)
    Xtr, ytr, Xte, yte = data.X[train], data.y[train], data.X[test], data.y[test]
    model = AdaBoost(
        weak_learner=Stumps(), n_rounds=n_rounds, keep_distributions=True
    ).fit(Xtr, ytr)
    history = model.history_.copy()
    T, m = model.n_rounds_, len(ytr)
    F_train = model.staged_decision_function(Xtr)
    F_test = model.staged_decision_function(Xte)
    test_wrong = np.where(F_test >= 0, 1.0, -1.0) != yte[None, :]  # (T, n_test)
    history["test_error"] = test_wrong.mean(axis=1).astype(float)

    D = model.distributions_  # row t is D_{t+1}
    log_prod_Z = np.log(history["Z"].to_numpy()).cumsum()
    b2, b3, alpha_line = [], [], []
    for t in range(T):
        yh = ytr * model.learners_[t].predict(Xtr)
        alpha_line.append(line_search_alpha(D[t], yh))
        if t == T - 1 and model.stop_reason_ == "perfect":
            b2.append(np.nan)  # the update is not applied (see AdaBoost)
            b3.append(np.nan)
            continue
        log_closed = -ytr * F_train[t] - np.log(m) - log_prod_Z[t]
        positive = D[t + 1] > 0
        ratio = np.exp(np.log(D[t + 1][positive]) - log_closed[positive])
        b2.append(float(np.max(np.abs(ratio - 1.0))))
        b3.append(float(D[t + 1][yh < 0].sum()))
    history["b2_max_rel_diff"] = b2
    history["b3_eps_next"] = b3
    history["alpha_line"] = alpha_line
    least, tied = exhaustive_stump_errors(Xtr, ytr, D[:T])
    history["eps_exhaustive"] = least
    history["n_tied"] = tied
    history["tie_tol"] = TIE_TOL
    vc_dimension = stump_vc_dimension_bound(Xtr.shape[1])
    history["vc_bound"] = vcdim_ft_bound(vc_dimension, history["t"].to_numpy())
    history["vc_dimension"] = vc_dimension  # the d of vc_bound
    history["n_train"] = m
    history["n_test"] = len(yte)
    history["split_seed"] = split_seed

    alpha_sums = np.cumsum(model.alphas_)
    kept = sorted({int(t) for t in margin_rounds if 1 <= t <= T} | {T})
    rho = np.asarray(rhos, dtype=float)
    eps = history["eps"].to_numpy()
    rows = []
    for t in kept:
        normalized = ytr * F_train[t - 1] / alpha_sums[t - 1]
        bound = np.atleast_1d(margin_distribution_bound(eps[:t], rho))
        for r, b in zip(rho, bound, strict=True):
            rows.append(
                {
                    "t": t,
                    "rho": float(r),
                    "fraction": float(np.mean(normalized <= r)),
                    "bound": float(b),
                }
            )
    uniform = uniform_margin_table(
        eps, ytr[None, :] * F_train / alpha_sums[:, None], rho, t_grid_points
    )
    uniform["n_train"] = m
    return history, pd.DataFrame(rows), uniform


def uniform_margin_table(
    eps: np.ndarray, margins: np.ndarray, rhos: np.ndarray, t_grid_points: int
) -> pd.DataFrame:
    """B17's table: the fraction of margins ≤ ρ, B6's product bound and the
    uniform bound [(1 − 2γ)^{1−ρ}(1 + 2γ)^{1+ρ}]^{t/2}, γ = min_t (½ − ε_t).

    Parameters
    ----------
    eps : ndarray of shape (T,)
        ε_1, …, ε_T of the run.
    margins : ndarray of shape (T, m)
        Row t−1: the L1 margins y_i f_t(x_i)/‖α‖₁ after round t.
    rhos : ndarray of shape (R,)
    t_grid_points : int ≥ 1
        Evenly spaced rounds of the grid, T included.

    Returns
    -------
    DataFrame
        ``t, rho, fraction, product_bound, uniform_bound, gamma``.
    """
    T = len(eps)
    ts = np.unique(np.linspace(1, T, min(T, max(1, int(t_grid_points)))).round())
    ts = ts.astype(int)
    gamma = float(np.min(0.5 - eps))
    product = margin_distribution_bound(eps, rhos, cumulative=True)  # (T, R)
    rows = []
    for t in ts:
        fraction = (margins[t - 1][None, :] <= rhos[:, None]).mean(axis=1)
        uniform = uniform_margin_bound(gamma, rhos, t)
        for r, f, p, u in zip(
            rhos, fraction, product[t - 1], np.atleast_1d(uniform), strict=True
        ):
            rows.append(
                {
                    "t": int(t),
                    "rho": float(r),
                    "fraction": float(f),
                    "product_bound": float(p),
                    "uniform_bound": float(u),
                    "gamma": gamma,
                }
            )
    return pd.DataFrame(rows)
