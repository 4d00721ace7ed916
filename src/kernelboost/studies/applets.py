"""The tables behind the claims atlas's interactive figures.

Each function computes, for one dataset, every setting a reader can move to:

- :func:`smo_grid_tables`: the Gaussian SVM for every (σ, C) of a grid — the
  SMO applet of Huang 2017 ('Gaussian Kernels', the σ and C pictures; K11);
- :func:`adaboost_rounds_tables`: AdaBoost with stumps round by round — the
  combined classifier f_t on a grid, the distribution D_t and the training
  error against Π Z_t and exp(−2γ²t) (Mohri, Boosting, 'AdaBoost' and
  'Bound on Empirical Error'; B1);
- :func:`margin_evolution_table`: the training margins y_i f_T(x_i)/‖α‖₁ at
  rounds T on a geometric grid (Mohri, Boosting, 'Margin Distribution'; B5).

The page only draws what these tables hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..boosting import AdaBoost, Stumps
from ..datasets import Dataset
from ..model_selection import train_test_split
from ._grid import padded_grid
from .svm import svm_panel


def _plane(data: Dataset, what: str) -> None:
    if data.X.shape[1] != 2:
        raise ValueError(f"{what} draws 2-D data; got {data.X.shape[1]} features.")


def smo_grid_tables(
    data: Dataset,
    sigmas: Sequence[float],
    Cs: Sequence[float],
    tol: float,
    grid_points: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """The Gaussian SVM (SMO) for every σ of ``sigmas`` and C of ``Cs``.

    Each setting is :func:`kernelboost.studies.svm.svm_panel`: the decision
    function f(x) = Σ_i α_i y_i k(x_i, x) + b on a ``grid_points``² grid, the
    support vectors (α_i > 0), the margin 1/‖w‖, the number of kernel
    evaluations and the training error. C = inf is the hard margin, which
    fails on data that no Gaussian SVM separates.

    Returns
    -------
    summary : DataFrame
        One row per (σ, C): ``panel, sigma, C, n_kernel_evals, n_sv, margin,
        train_error, n_iter, dual_objective``.
    surface : DataFrame
        ``panel, x1, x2, f`` (the same grid for every setting).
    points : DataFrame
        ``panel, x1, x2, label, alpha, support``.
    """
    _plane(data, "the SMO applet")
    summaries, surfaces, points = [], [], []
    for sigma in sigmas:
        for C in Cs:
            summary, surface, pts = svm_panel(data, sigma, C, tol, grid_points)
            panel = summary["panel"].iloc[0]
            summaries.append(summary)
            surfaces.append(surface.assign(panel=panel))
            points.append(pts.assign(panel=panel))

    def first(frames: list[pd.DataFrame]) -> pd.DataFrame:
        table = pd.concat(frames, ignore_index=True)
        return table[["panel", *[c for c in table.columns if c != "panel"]]]

    return first(summaries), first(surfaces), first(points)


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
    _plane(data, "the AdaBoost applet")
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
