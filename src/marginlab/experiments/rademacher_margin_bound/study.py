"""B16: the Koltchinskii–Panchenko margin bounds against AdaBoost's test error.

Mohri, Boosting, 'Rademacher Complexity of Convex Hulls' and 'Margin Bound -
Ensemble Methods' (Koltchinskii and Panchenko 2002): for a fixed ρ > 0, with
probability ≥ 1 − δ over the training sample S of size m, every h in the
convex hull conv(H) of the base class satisfies ::

    R(h) ≤ R̂_ρ(h) + (2/ρ) R̂_S(H) + 3 √(log(2/δ) / (2m))          (Rademacher)
    R(h) ≤ R̂_ρ(h) + (2/ρ) √(2d log(em/d) / m) + √(log(1/δ) / (2m))  (VC, d)

AdaBoost with stumps is run on the training half of the seeded split; its
h = f_T/‖α‖₁ lies in conv(H) for H the decision stumps (α_t > 0). What is
computed, per ρ of the grid:

* R̂_ρ(h), the empirical margin loss with the ramp Φ_ρ(u) = min(1, max(0,
  1 − u/ρ)) (:func:`~marginlab.ramp_margin_loss`), beside the
  fraction of margins ≤ ρ (which it never exceeds);
* R̂_S(H) for the stumps, estimated by the mean of K exact suprema over
  independent sign vectors σ (:mod:`marginlab.theory.rademacher`), plus the
  McDiarmid deviation √(2 ln(1/δ_mc)/(mK)) that bounds the Monte Carlo error
  with probability ≥ 1 − δ_mc;
* d, an upper bound on the VC dimension of stumps on ℝ^N
  (:func:`~marginlab.stump_vc_dimension_bound`);
* both bounds with δ/G in place of δ, G the size of the ρ grid: by the union
  bound they then hold for every ρ of the grid at once, so the ρ with the
  smallest bound may be chosen after seeing the data. (The slide's 'Notes'
  give a version uniform over ρ ∈ (0, 1) at the cost of a term
  √(log log₂(2/ρ)/m) and constant factors; the finite union is the simpler
  route for a finite grid.) The Rademacher bound then holds with
  probability ≥ 1 − δ − δ_mc, the VC bound with probability ≥ 1 − δ;
* the test error of sign(h), as the fraction of test points with
  y h(x) ≤ 0 (a tie counts as an error, as in R(h) = Pr[y h(x) ≤ 0]).

"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.weak_learners import Stumps
from ...estimators.model_selection import train_test_split
from ...theory.bounds import rademacher_margin_bound, ramp_margin_loss, vc_margin_bound
from ...theory.rademacher import (
    monte_carlo_deviation,
    stump_rademacher_draws,
    stump_vc_dimension_bound,
)


def rademacher_bound_table(
    data: Dataset,
    *,
    n_rounds: int,
    test_fraction: float,
    split_seed: int,
    rhos: Sequence[float],
    n_draws: int,
    seed: int,
    delta: float,
    mc_delta: float,
) -> pd.DataFrame:
    """The margin bounds of B16, term by term, for AdaBoost's f_T/‖α‖₁.

    Parameters
    ----------
    data : Dataset
    n_rounds : int
        T (fewer if AdaBoost stops early).
    test_fraction, split_seed
        The seeded stratified split
        (:func:`~marginlab.train_test_split`).
    rhos : sequence of float in (0, 1]
        The ρ grid (its size G enters the confidence terms).
    n_draws : int
        K, the number of sign vectors σ of the Monte Carlo estimate.
    seed : int
        Seed of the σ draws.
    delta : float in (0, 1)
        δ of the theorem, shared by the G values of ρ.
    mc_delta : float in (0, 1)
        δ_mc, the probability that the Monte Carlo estimate plus its
        deviation term falls below R̂_S(H).

    Returns
    -------
    DataFrame
        One row per ρ: ``rho, margin_loss, fraction, train_error,
        rad_complexity, rad_confidence, rad_bound, vc_complexity,
        vc_confidence, vc_bound, test_error, test_mistakes, n_test, n_train,
        n_features, T, rademacher_mean, rademacher_se, mc_deviation,
        rademacher_upper, n_draws, delta, mc_delta, grid_size, vc_dimension,
        split_seed``.
    """
    rho = np.asarray(rhos, dtype=np.float64)
    if rho.ndim != 1 or rho.size == 0 or (rho <= 0).any() or (rho > 1).any():
        raise ValueError(
            f"rhos of rademacher_bound_table must lie in (0, 1]; got {rhos!r}."
        )
    train, test = train_test_split(data.y, test_fraction, split_seed)
    Xtr, ytr, Xte, yte = data.X[train], data.y[train], data.X[test], data.y[test]
    model = AdaBoost(weak_learner=Stumps(), n_rounds=n_rounds).fit(Xtr, ytr)
    norm = float(np.sum(model.alphas_))  # every α_t > 0: h ∈ conv(H)
    margins = ytr * model.decision_function(Xtr) / norm
    test_mistakes = int(np.count_nonzero(yte * model.decision_function(Xte) <= 0))
    m, N = Xtr.shape
    G = rho.size

    sups = stump_rademacher_draws(Xtr, n_draws, seed)
    mean = float(sups.mean())
    se = float(sups.std(ddof=1) / np.sqrt(n_draws)) if n_draws > 1 else float("nan")
    deviation = monte_carlo_deviation(m, n_draws, mc_delta)
    d = min(stump_vc_dimension_bound(N), m)

    loss = np.atleast_1d(ramp_margin_loss(margins, rho))
    rad = rademacher_margin_bound(loss, rho, mean + deviation, m, delta / G)
    vc = vc_margin_bound(loss, rho, d, m, delta / G)
    return pd.DataFrame(
        {
            "rho": rho,
            "margin_loss": loss,
            "fraction": [float(np.mean(margins <= r)) for r in rho],
            "train_error": float(np.mean(margins <= 0)),
            "rad_complexity": rad["complexity"],
            "rad_confidence": rad["confidence"],
            "rad_bound": rad["bound"],
            "vc_complexity": vc["complexity"],
            "vc_confidence": vc["confidence"],
            "vc_bound": vc["bound"],
            "test_error": test_mistakes / len(yte),
            "test_mistakes": test_mistakes,
            "n_test": len(yte),
            "n_train": m,
            "n_features": N,
            "T": model.n_rounds_,
            "rademacher_mean": mean,
            "rademacher_se": se,
            "mc_deviation": deviation,
            "rademacher_upper": mean + deviation,
            "n_draws": int(n_draws),
            "delta": float(delta),
            "mc_delta": float(mc_delta),
            "grid_size": G,
            "vc_dimension": d,
            "split_seed": split_seed,
        }
    )
