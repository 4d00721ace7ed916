"""What the boosting studies share: a fit that records a no-edge stop quietly,
the rounds at which a study keeps its errors, and the vote f_t at those rounds."""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np

from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.ensemble import NoEdgeWarning


def fit_quietly(model: AdaBoost, X: np.ndarray, y: np.ndarray) -> AdaBoost:
    """Fit, recording a no-edge stop in ``stop_reason_`` instead of warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        return model.fit(X, y)


def log_rounds(n_rounds: int, points: int, keep: Sequence[int] = ()) -> np.ndarray:
    """Rounds 1 … ``n_rounds`` spaced geometrically (about ``points`` of them,
    fewer where rounding makes them coincide), with ``n_rounds`` and every
    round of ``keep`` that is at most ``n_rounds``; sorted, distinct.

    Examples
    --------
    >>> log_rounds(1000, 4, keep=[5, 100]).tolist()
    [1, 5, 10, 100, 1000]
    """
    grid = np.geomspace(1, n_rounds, points).round().astype(int)
    extra = [t for t in keep if t <= n_rounds]
    return np.unique(np.r_[grid, n_rounds, extra].astype(int))


def staged_votes(model: AdaBoost, X: np.ndarray, rounds: Sequence[int]) -> np.ndarray:
    """f_t(x) = Σ_{s≤t} α_s h_s(x) at each round t of ``rounds``, for every row of X.

    Parameters
    ----------
    model : AdaBoost
        A fitted booster (or variant); a round past its last kept round
        ``n_rounds_`` gets the final vote f_{n_rounds_} (a run that stopped
        early keeps its classifier).
    X : ndarray of shape (n, N)
    rounds : sequence of int ≥ 1, increasing

    Returns
    -------
    ndarray of shape (len(rounds), n)
        Row k is f_{rounds[k]} on X.
    """
    wanted = np.asarray(rounds, dtype=int)
    if wanted.size and (wanted[0] < 1 or np.any(np.diff(wanted) <= 0)):
        raise ValueError(f"rounds must be increasing and >= 1; got {wanted.tolist()}.")
    out = np.empty((wanted.size, X.shape[0]))
    f = np.zeros(X.shape[0])
    k = 0
    pairs = zip(model.alphas_, model.learners_, strict=True)
    for t, (alpha, h) in enumerate(pairs, start=1):
        if k == wanted.size:
            break
        f += alpha * h.predict(X)
        while k < wanted.size and wanted[k] == t:
            out[k] = f
            k += 1
    out[k:] = f
    return out
