"""Claim B21: arc-gv reaches a larger minimum margin than AdaBoost, yet its test
error is not lower.

Mohri, Boosting, 'Other Boosting Algorithms': "arc-gv (Breiman, 1996):
designed to maximize the margin, but outperformed by AdaBoost in experiments
(Reyzin and Schapire, 2006)". Both algorithms run the same loop with the same
stumps on the training part of a seeded split (:class:`ArcGV` differs from
AdaBoost only in α_t); the study records, for each, the training margins
y_i f_T(x_i)/‖α‖₁, the training and test error and the minimum margin after
every round, and which test points the final vote gets wrong. The maximum
margin ρ* over every distinct stump (the linear program of Mohri, Boosting,
'Linear Programming Problem') is computed beside them: the value arc-gv
converges to (Breiman 1999).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.arc_gv import ArcGV
from ...estimators.boosting.weak_learners import Stumps
from ...estimators.model_selection import train_test_split
from ...theory.margins import distinct_stumps, margin_matrix, max_margin
from .._shared.boosting import fit_quietly

#: The algorithms compared, as named in the tables.
ALGORITHMS: dict[str, type[AdaBoost]] = {"adaboost": AdaBoost, "arc_gv": ArcGV}


def _test_errors(model: AdaBoost, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Test error of sign(f_t) after every kept round (f = 0 predicts +1)."""
    f = np.zeros(X.shape[0])
    out = np.empty(model.n_rounds_)
    for t, (alpha, h) in enumerate(zip(model.alphas_, model.learners_, strict=True)):
        f += alpha * h.predict(X)
        out[t] = np.mean((f >= 0.0) != (y > 0))
    return out


def arc_gv_tables(
    data: Dataset, *, n_rounds: int, test_fraction: float, split_seed: int
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """AdaBoost and arc-gv with stumps on the same training points.

    Parameters
    ----------
    data : Dataset
    n_rounds : int
        T for both (fewer if a run stops early: ε_t = 0, no edge, or for
        arc-gv α_t ≤ 0, the maximum margin reached).
    test_fraction, split_seed
        The seeded stratified split (section ``split``).

    Returns
    -------
    history : DataFrame
        ``algorithm, t, train_error, test_error, min_margin, alpha`` per kept
        round.
    margins : DataFrame
        ``algorithm, point, margin``: the training margins y_i f_T(x_i)/‖α‖₁
        of each final vote.
    mistakes : DataFrame
        ``algorithm, point, wrong``: which test points each final vote gets
        wrong (the same test points for both).
    summary : DataFrame
        One row per algorithm: ``algorithm, rounds, stop_reason, min_margin,
        median_margin, train_error, test_error, rho_star, n_train, n_test``.
    """
    train, test = train_test_split(data.y, test_fraction, split_seed)
    X, y = data.X[train], data.y[train]
    Xte, yte = data.X[test], data.y[test]
    rho_star, _ = max_margin(margin_matrix(distinct_stumps(X), y))
    history, margins, mistakes, summary = [], [], [], []
    for name, cls in ALGORITHMS.items():
        model = fit_quietly(cls(weak_learner=Stumps(), n_rounds=n_rounds), X, y)
        h = model.history_
        history.append(
            pd.DataFrame(
                {
                    "algorithm": name,
                    "t": h["t"],
                    "train_error": h["train_error"],
                    "test_error": _test_errors(model, Xte, yte),
                    "min_margin": h["min_margin"],
                    "alpha": h["alpha"],
                }
            )
        )
        margin = model.margins(X, y)
        wrong = model.predict(Xte) != yte
        margins.append(
            pd.DataFrame(
                {"algorithm": name, "point": np.arange(y.size), "margin": margin}
            )
        )
        mistakes.append(
            pd.DataFrame(
                {
                    "algorithm": name,
                    "point": np.arange(yte.size),
                    "wrong": wrong.astype(int),
                }
            )
        )
        summary.append(
            {
                "algorithm": name,
                "rounds": int(model.n_rounds_),
                "stop_reason": str(model.stop_reason_),
                "min_margin": float(margin.min()),
                "median_margin": float(np.median(margin)),
                "train_error": float(np.mean(model.predict(X) != y)),
                "test_error": float(np.mean(wrong)),
                "rho_star": float(rho_star),
                "n_train": int(y.size),
                "n_test": int(yte.size),
            }
        )
    return (
        pd.concat(history, ignore_index=True),
        pd.concat(margins, ignore_index=True),
        pd.concat(mistakes, ignore_index=True),
        pd.DataFrame(summary),
    )
