"""B7: AdaBoost's L1 margin against the maximum margin of the LP.

Mohri, Boosting ('AdaBoost and Game Theory', 'Linear Programming Problem'):
over a finite class of base classifiers — here every distinct decision stump on
the training set — the largest L1 margin any convex combination reaches is the
LP value ρ* = max_{α ∈ Δ} min_i (Mα)_i with M_ij = y_i h_j(x_i). Its dual is the
value of the boosting game, min_{d ∈ Δ} max_j (dᵀM)_j = 2γ*, so weak learning
(γ* > 0) holds exactly when ρ* > 0 (von Neumann). AdaBoost's minimum margin can
never exceed ρ*, need not reach it, but gets at least ρ*/2 in the limit (Rätsch
and Warmuth 2005).
"""

from __future__ import annotations

import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from ...estimators.model_selection import train_test_split
from ...theory.margins import distinct_stumps, game_value, margin_matrix, max_margin


def margin_growth_table(
    data: Dataset, *, n_rounds: int, test_fraction: float, split_seed: int
) -> pd.DataFrame:
    """AdaBoost's minimum margin per round beside the LP's ρ* and the game value.

    Parameters
    ----------
    data : Dataset
    n_rounds : int
        T of AdaBoost with :class:`~marginlab.Stumps`.
    test_fraction, split_seed
        The seeded stratified split; only the training part is used.

    Returns
    -------
    DataFrame
        One row per round: ``t, min_margin`` (min_i y_i f_t(x_i)/‖α‖₁),
        ``train_error``, and the constants ``rho_star`` (LP primal),
        ``game_value`` (LP dual, 2γ*), ``n_hypotheses`` (distinct stumps),
        ``n_train``, ``split_seed``.
    """
    train, _ = train_test_split(data.y, test_fraction, split_seed)
    X, y = data.X[train], data.y[train]
    M = margin_matrix(distinct_stumps(X), y)
    rho_star, _ = max_margin(M)
    value, _ = game_value(M)
    model = AdaBoost(weak_learner=Stumps(), n_rounds=n_rounds).fit(X, y)
    history = model.history_
    return pd.DataFrame(
        {
            "t": history["t"],
            "min_margin": history["min_margin"],
            "train_error": history["train_error"],
            "rho_star": rho_star,
            "game_value": value,
            "n_hypotheses": M.shape[1],
            "n_train": len(y),
            "split_seed": split_seed,
        }
    )
