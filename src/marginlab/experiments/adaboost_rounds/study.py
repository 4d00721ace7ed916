"""The tables of the atlas's AdaBoost applet: AdaBoost with stumps round by
round — the combined classifier f_t on a grid, the distribution D_t and the
training error against Π Z_t and exp(−2γ²t) (Mohri, Boosting, 'AdaBoost' and
'Bound on Empirical Error'; B1). The page only draws what these tables hold.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from .._shared.grid import check_plane, padded_grid


def adaboost_rounds_tables(
    data: Dataset, n_rounds: int, grid_points: int
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """AdaBoost with stumps on all of ``data``, every round on a grid.

    Returns
    -------
    rounds : DataFrame
        AdaBoost's ``history_`` (t, ε_t, γ_t, α_t, Z_t, the training error of
        sign(f_t), Π_{s≤t} Z_s, exp(−2 Σ_{s≤t} γ_s²), exp(−2γ²t) with
        γ = min_{s≤t} γ_s, …) and ``l1_norm`` ‖α‖₁ = Σ_{s≤t} α_s.
    weights : DataFrame
        ``t, i, D``: D_t(i), the distribution round t trains on (t = 1 is
        uniform).
    surface : DataFrame
        ``t, x1, x2, f``: f_t(x) = Σ_{s≤t} α_s h_s(x) on a ``grid_points``²
        grid around the data.
    points : DataFrame
        ``i, x1, x2, label``.
    """
    check_plane(data, "the AdaBoost applet")
    model = AdaBoost(
        weak_learner=Stumps(), n_rounds=n_rounds, keep_distributions=True
    ).fit(data.X, data.y)
    T, m = model.n_rounds_, data.n_samples
    rounds = model.history_.copy()
    rounds["l1_norm"] = np.cumsum(model.alphas_)
    D = model.distributions_[:T]  # row t - 1 is D_t
    weights = pd.DataFrame(
        {
            "t": np.repeat(np.arange(1, T + 1), m),
            "i": np.tile(np.arange(m), T),
            "D": D.ravel(),
        }
    )
    grid = padded_grid(data.X, grid_points)
    F = model.staged_decision_function(grid)  # row t - 1 is f_t
    surface = pd.DataFrame(
        {
            "t": np.repeat(np.arange(1, T + 1), len(grid)),
            "x1": np.tile(grid[:, 0], T),
            "x2": np.tile(grid[:, 1], T),
            "f": F.ravel(),
        }
    )
    points = pd.DataFrame(
        {
            "i": np.arange(m),
            "x1": data.X[:, 0],
            "x2": data.X[:, 1],
            "label": data.y.astype(int),
        }
    )
    return rounds, weights, surface, points
