"""MajorityBoost: multiplicative weights over the examples, unweighted majority vote.

The boosting algorithm in the proof of Mądry 2012, Theorem 1: ε = γ, loss 1
for a correctly classified example, T = ⌈4/γ² ln(1/ν)⌉ rounds.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ...core.contract.base import (
    Interval,
)
from ...theory.bounds import mwu_rounds
from .ensemble import _Ensemble, _error, _history, _Round
from .weak_learners import WEAK_LEARNER, Stumps, WeakLearner, WeakSearch


class _MajorityHistory:
    """The columns of ``MajorityBoost.history_`` and the running vote count."""

    def __init__(self, y: np.ndarray, learner_columns: tuple[str, ...]) -> None:
        self.y = y
        self.votes = np.zeros(y.shape[0])
        self.rows: list[dict] = []
        self.columns = ("t", "eps", "edge", "majority_error", *learner_columns)

    def record(self, step: _Round) -> None:
        self.votes += step.pred
        self.rows.append(
            {
                "t": step.t,
                "eps": step.eps,
                "edge": 0.5 - step.eps,
                "majority_error": _error(self.votes, self.y),
                **step.h.params(),
            }
        )

    def frame(self) -> pd.DataFrame:
        return _history(self.rows, self.columns)


class MajorityBoost(_Ensemble):
    """Boosting by multiplicative weights with a majority vote (Mądry 2012, Thm 1).

    One expert per training example, weights v_j starting at 1, ε = γ. Round
    t draws p^t = v / Σ v, asks the weak learner for the h^t of smallest
    weighted error under p^t, gives example j the loss l_j^t = 1 if
    h^t(x_j) = y_j and 0 otherwise, and updates v_j ← v_j (1 − ε)^{l_j^t}:
    correctly classified examples lose weight. After
    T = ⌈4/γ² ln(1/ν)⌉ rounds the classifier is the unweighted majority
    h_f(x) = +1 if at least half of h^1(x), …, h^T(x) are +1, else −1.

    If every h^t has edge Pr_{p^t}[h^t(x) = y] − ½ ≥ γ (the family is
    γ-weak), h_f misclassifies at most a fraction ν of the training points
    (claim B10); ``min_edge_`` and ``train_error_`` report what happened.

    Parameters
    ----------
    gamma : float in (0, ½), default=0.1
        The assumed edge γ; also the MWU rate ε.
    nu : float in (0, 1), default=0.1
        The target fraction ν of training mistakes.
    weak_learner : WeakLearner or None, default=None
        ``None`` means ``Stumps()``.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels of the classes −1 and +1.
    n_rounds_ : int
        T = ⌈4/γ² ln(1/ν)⌉ (:func:`marginlab.mwu_rounds`).
    learners_ : list of Hypothesis
        h^1, …, h^T.
    history_ : pandas.DataFrame
        One row per round: ``t``, ``eps`` (weighted error of h^t under p^t),
        ``edge`` (½ − eps), ``majority_error`` (training error of the
        majority of h^1, …, h^t), then the weak learner's columns.
    min_edge_ : float
        min_t edge: the γ the weak learner actually delivered.
    weak_learning_held_ : bool
        ``min_edge_ >= gamma`` (up to 1e-12): the theorem's hypothesis.
    train_error_ : float
        Fraction of training points misclassified by h_f.
    n_features_in_ : int

    Notes
    -----
    The weights are kept as logarithms, so long runs do not underflow.
    :meth:`decision_function` returns the vote count Σ_t h^t(x), an integer
    in [−T, T] (so a tie is exactly 0 and :meth:`predict` maps it to
    ``classes_[1]``). :meth:`fit` runs the boosting loop of :class:`AdaBoost`
    around its own step (:meth:`_boost`) and recorder.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> model = MajorityBoost(gamma=0.25, nu=0.25).fit(X, [-1, -1, 1, 1])
    >>> model.n_rounds_, model.train_error_
    (89, 0.0)
    """

    _parameter_constraints = {
        "gamma": [Interval("float", 0.0, 0.5)],
        "nu": [Interval("float", 0.0, 1.0)],
        "weak_learner": WEAK_LEARNER,
    }

    def __init__(
        self,
        *,
        gamma: float = 0.1,
        nu: float = 0.1,
        weak_learner: WeakLearner | None = None,
    ) -> None:
        self.gamma = gamma
        self.nu = nu
        self.weak_learner = weak_learner

    def _weights(self) -> np.ndarray:
        return np.ones(len(self.learners_))  # integer vote counts: ties are exact

    def fit(self, X: object, y: object) -> MajorityBoost:
        """Run the T = ⌈4/γ² ln(1/ν)⌉ rounds on (X, y).

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Two class labels (see ``classes_``).

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        gamma = float(self.gamma)
        learner = self.weak_learner if self.weak_learner is not None else Stumps()
        search = learner.prepare(X, y)
        T = mwu_rounds(gamma, float(self.nu))
        log_v = np.zeros(X.shape[0])  # log of the expert weights v_j
        log_keep = math.log1p(-gamma)  # log(1 − ε), the factor of a loss of 1
        history = _MajorityHistory(y, tuple(learner.columns))
        learners, _ = self._boosting_loop(
            T, lambda t: self._boost(t, log_v, log_keep, search, y), history.record
        )
        self.weak_learner_ = learner
        self.learners_ = learners
        self.n_rounds_ = T
        self.history_ = history.frame()
        self.min_edge_ = float(self.history_["edge"].min())
        self.weak_learning_held_ = self.min_edge_ >= gamma - 1e-12
        self.train_error_ = _error(history.votes, y)
        return self

    def _boost(
        self,
        t: int,
        log_v: np.ndarray,
        log_keep: float,
        search: WeakSearch,
        y: np.ndarray,
    ) -> _Round:
        """One round: p^t = v/Σv, h^t, and v_j ← v_j (1 − ε) where h^t is right.

        ``log_v`` is updated in place; the round never stops the loop (the
        theorem runs all T rounds).
        """
        w = np.exp(log_v - log_v.max())
        h, pred = search.best(w)
        correct = pred == y
        eps = float(w[~correct].sum()) / float(w.sum())
        log_v[correct] += log_keep
        return _Round(t, h, pred, eps)
