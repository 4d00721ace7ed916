"""The K-class weighted vote of AdaBoost.M1 and its margins.

With hypotheses h_t: X → {0, …, K − 1} weighted α_t, the vote for class k is

    F_k(x) = Σ_t α_t 1[h_t(x) = k],

the prediction is argmax_k F_k(x) (the lowest k among equal votes), and the
margin of a labelled point (x, y) is Schapire, Freund, Bartlett and Lee's
(1998, Section 4 and 'Multiclass' of Section 5)

    margin(x, y) = (F_y(x) − max_{k ≠ y} F_k(x)) / Σ_t α_t ∈ [−1, 1],

positive exactly when the vote is right with no tie. For K = 2 with the
classes coded ∓1 it is the binary L1 margin y f(x)/‖α‖₁, f = F_{+1} − F_{−1}.
"""

from __future__ import annotations

import numpy as np


def add_votes(F: np.ndarray, codes: np.ndarray, alpha: float) -> None:
    """F_k(x_i) += α for k = h(x_i): one hypothesis's weighted vote, in place.

    Parameters
    ----------
    F : ndarray of shape (n, K)
        The votes so far.
    codes : ndarray of shape (n,)
        h(x_i), class codes 0.0, …, K − 1.
    alpha : float
    """
    F[np.arange(F.shape[0]), codes.astype(np.intp)] += alpha


def vote_gaps(F: np.ndarray, y: np.ndarray) -> np.ndarray:
    """F_y(x_i) − max_{k ≠ y_i} F_k(x_i) for every row (the unnormalized margin).

    Parameters
    ----------
    F : ndarray of shape (n, K), K ≥ 2
    y : ndarray of shape (n,)
        Class codes 0.0, …, K − 1.

    Returns
    -------
    ndarray of shape (n,)
    """
    rows = np.arange(F.shape[0])
    cols = y.astype(np.intp)
    own = F[rows, cols]
    others = F.copy()
    others[rows, cols] = -np.inf
    return own - others.max(axis=1)


def vote_wrong(F: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Whether argmax_k F_k(x_i) (the lowest k on a tie) differs from y_i."""
    return np.argmax(F, axis=1) != y.astype(np.intp)
