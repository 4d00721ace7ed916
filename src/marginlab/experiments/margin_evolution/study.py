"""The table of the atlas's margins applet: the training margins
y_i f_T(x_i)/‖α‖₁ at rounds T on a geometric grid (Mohri, Boosting, 'Margin
Distribution'; B5). The page only draws what this table holds.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from ...estimators.model_selection import train_test_split


def margin_evolution_table(
    data: Dataset,
    n_rounds: int,
    n_steps: int,
    test_fraction: float,
    split_seed: int,
) -> pd.DataFrame:
    """The L1 margins of the training points as the number of rounds grows.

    AdaBoost with stumps runs ``n_rounds`` rounds on the training part of the
    seeded stratified split (as in B5); at each T of ``n_steps`` rounds spaced
    geometrically from 1 to the last round run, the margins
    y_i f_T(x_i) / Σ_{s≤T} α_s are recorded, sorted.

    Returns
    -------
    DataFrame
        ``T, margin`` (ascending within each T), and ``n_train``.
    """
    train, _ = train_test_split(data.y, test_fraction, split_seed)
    X, y = data.X[train], data.y[train]
    model = AdaBoost(weak_learner=Stumps(), n_rounds=n_rounds).fit(X, y)
    T = model.n_rounds_
    steps = np.unique(np.geomspace(1, T, n_steps).round().astype(int))
    F = model.staged_decision_function(X)
    norms = np.cumsum(model.alphas_)
    frames = [
        pd.DataFrame({"T": t, "margin": np.sort(y * F[t - 1] / norms[t - 1])})
        for t in steps
    ]
    return pd.concat(frames, ignore_index=True).assign(n_train=len(y))
