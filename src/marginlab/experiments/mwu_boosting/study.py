"""B10 and B18 (Mądry 2012, Theorems 1 and 2): boosting by multiplicative
weights.

* **B10**. With a γ-weak family, the unweighted majority of
  T = ⌈4/γ² ln(1/ν)⌉ rounds of multiplicative-weights boosting
  (:class:`~marginlab.MajorityBoost`, ε = γ) misclassifies at most
  a fraction ν of the training points. :func:`mwu_tables`.
* **B18**. The same run, read as multiplicative weights over the m experts
  (samples): after every round t, its loss l_MWU(1..t) is at most
  max_{i∈S} (Σ_s l_i^s + ε Σ_s |l_i^s|) + ρ ln(m/|S|)/ε for every non-empty
  set S of experts. :func:`mwu_theorem2_table`.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.majority import MajorityBoost
from ...estimators.boosting.weak_learners import (
    Stumps,
    Trees,
    WeakLearner,
)
from ...theory.bounds import mwu_rounds, mwu_subset_bound
from .._shared.grid import padded_grid, split_points


def mwu_tables(
    data: Dataset,
    gamma: float,
    nu: float,
    weak_learner: Literal["stumps", "trees"] = "stumps",
    depth: int = 2,
    grid_points: int = 100,
    name: str = "dataset",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """B10, B18: Mądry 2012's Theorems 1 and 2, run as
    :class:`~marginlab.MajorityBoost`.

    Multiplicative weights over the m training examples with ε = γ: round t
    draws p^t ∝ v, takes the weak learner's h^t of smallest weighted error
    under p^t, and multiplies v_j by (1 − ε) for every example h^t gets
    right. After T = ⌈4/γ² ln(1/ν)⌉ rounds the classifier is the unweighted
    majority h_f = maj(h^1, …, h^T). If every h^t has edge
    Pr_{p^t}[h^t(x) = y] − ½ ≥ γ (the family is γ-weak on this sample), h_f
    is ν-strong: it misclassifies at most a fraction ν of the training
    points.

    Parameters
    ----------
    data : Dataset
        Training set. For stumps, ``three_clusters`` is γ-weak with
        γ ≥ 1/6: under any weights (a, b, c) on the left, middle and right
        clusters, one of the constant +1 and the two vertical stumps between
        clusters errs only on the cluster of weight min(a, b, c) ≤ ⅓.
    gamma : float in (0, ½)
        The assumed edge γ, also the MWU rate ε.
    nu : float in (0, 1)
        The target fraction ν.
    weak_learner : {"stumps", "trees"}, default="stumps"
    depth : int, default=2
        Depth of the trees (ignored for stumps).
    grid_points : int, default=100
        Side of the region grid (2-D data only).
    name : str, default="dataset"
        The dataset's name, recorded in ``summary``.

    Returns
    -------
    history : DataFrame
        ``t, eps, edge, min_edge, majority_error``: the weighted error of h^t
        under p^t, its edge ½ − eps, the smallest edge so far, and the
        fraction of training points the majority of h^1, …, h^t
        misclassifies.
    summary : DataFrame
        One row: ``dataset, weak_learner, depth, n_samples, gamma, nu, T, T_exact,
        min_edge, weak_learning_held, train_error`` with T = ⌈T_exact⌉,
        T_exact = 4/γ² ln(1/ν), ``min_edge`` = min_t edge (the γ the family
        delivered), ``weak_learning_held`` = (min_edge ≥ γ − 1e-12) and
        ``train_error`` the fraction misclassified by h_f.
    regions : DataFrame
        ``x1, x2, prediction`` of h_f on a grid (no rows unless 2-D data).
    points : DataFrame
        ``x1, x2, label, train`` (no rows unless 2-D data).
    theorem2 : DataFrame
        B18's per-round table, :func:`mwu_theorem2_table` with ε = γ, ρ = 1.
    """
    if weak_learner == "stumps":
        learner: WeakLearner = Stumps()
        depth = 1
    elif weak_learner == "trees":
        learner = Trees(depth=depth)
    else:
        raise ValueError(
            f"The 'weak_learner' parameter of mwu_tables must be 'stumps' or "
            f"'trees'. Got {weak_learner!r} instead."
        )
    model = MajorityBoost(gamma=gamma, nu=nu, weak_learner=learner).fit(data.X, data.y)
    history = model.history_[["t", "eps", "edge", "majority_error"]].copy()
    history.insert(3, "min_edge", history["edge"].cummin())
    summary = pd.DataFrame(
        [
            {
                "dataset": name,
                "weak_learner": weak_learner,
                "depth": int(depth),
                "n_samples": data.n_samples,
                "gamma": float(gamma),
                "nu": float(nu),
                "T": mwu_rounds(gamma, nu),
                "T_exact": 4.0 / gamma**2 * math.log(1.0 / nu),
                "min_edge": model.min_edge_,
                "weak_learning_held": bool(model.weak_learning_held_),
                "train_error": model.train_error_,
            }
        ]
    )
    if data.X.shape[1] == 2:
        grid = padded_grid(data.X, grid_points)
        regions = pd.DataFrame(
            {
                "x1": grid[:, 0],
                "x2": grid[:, 1],
                "prediction": model.predict(grid).astype(int),
            }
        )
        points = split_points(data, np.arange(data.n_samples))
    else:
        regions = pd.DataFrame(columns=["x1", "x2", "prediction"])
        points = pd.DataFrame(columns=["x1", "x2", "label", "train"])
    theorem2 = mwu_theorem2_table(model, data.X, data.y, epsilon=gamma)
    return history, summary, regions, points, theorem2


def mwu_theorem2_table(
    model: MajorityBoost, X: np.ndarray, y: np.ndarray, *, epsilon: float
) -> pd.DataFrame:
    """B18: Theorem 2 of Mądry 2012 after every round of a fitted run.

    The experts are the m training examples and expert j's loss in round t is
    l_j^t = 1 if h^t(x_j) = y_j, else 0 (ρ = 1). The loss of the algorithm is
    read from the run itself: l_MWU^t = Σ_j p_j^t l_j^t = 1 − ε_t, with ε_t
    the weighted error of h^t under the weights p^t that ``model`` actually
    used (its ``history_["eps"]``); nothing here recomputes p^t. The
    theorem is about the update w_j ← w_j (1 − ε l_j^t/ρ); for losses in
    {0, 1} and ρ = 1 this is MajorityBoost's w_j ← w_j (1 − ε)^{l_j^t}.

    After every round t the bound
    max_{i∈S} (Σ_{s≤t} l_i^s + ε Σ_{s≤t} |l_i^s|) + ln(m/|S|)/ε
    (:func:`~marginlab.mwu_subset_bound`) is computed for three
    choices of S:

    * ``bar``: S̄_t, the examples the majority of h^1, …, h^t misclassifies
      (the set of the proof of Theorem 1; a vote tie counts as +1, as in
      :meth:`~marginlab.MajorityBoost.predict`); NaN in the rounds
      where the majority makes no mistake;
    * ``single``: each single expert {i}; the bound for every singleton holds
      iff it holds for the smallest, (1 + ε) min_i Σ_s l_i^s + ln m / ε;
    * ``all``: every expert, (1 + ε) max_i Σ_s l_i^s.

    Parameters
    ----------
    model : MajorityBoost
        Fitted on (X, y).
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        The training labels, in {−1, +1}.
    epsilon : float in (0, ½]
        The update's ε (MajorityBoost's γ).

    Returns
    -------
    DataFrame
        ``t, l_mwu, lower, bound_bar, size_bar, bound_single, bound_all``:
        l_MWU(1..t), the lower bound t(½ + min_{s≤t} edge_s) the proof of
        Theorem 1 uses, and the three bounds with |S̄_t|.
    """
    eps = model.history_["eps"].to_numpy()
    T, m = len(eps), len(y)
    pred = np.array([h.predict(X) for h in model.learners_]).reshape(T, m)
    losses = (pred == y[None, :]).astype(np.float64)  # l_j^t, shape (T, m)
    votes = np.cumsum(pred, axis=0)
    wrong = np.where(votes >= 0, 1.0, -1.0) != y[None, :]  # S̄_t per round
    size_bar = wrong.sum(axis=1)
    bar = np.full(T, np.nan)
    some = size_bar > 0
    if some.any():  # rounds without a mistake get S = all, then NaN
        subsets = np.where(some[:, None], wrong, True)
        bar[some] = mwu_subset_bound(losses, subsets, epsilon)[some]
    single = np.min(
        [mwu_subset_bound(losses, np.arange(m) == i, epsilon) for i in range(m)],
        axis=0,
    )
    every = mwu_subset_bound(losses, np.ones(m, dtype=bool), epsilon)
    t = np.arange(1, T + 1)
    return pd.DataFrame(
        {
            "t": t,
            "l_mwu": np.cumsum(1.0 - eps),
            "lower": t * (0.5 + np.minimum.accumulate(0.5 - eps)),
            "bound_bar": bar,
            "size_bar": size_bar.astype(int),
            "bound_single": single,
            "bound_all": every,
        }
    )
