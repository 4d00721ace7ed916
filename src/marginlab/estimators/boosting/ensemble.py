"""What AdaBoost and MajorityBoost share: the ensemble estimator, the log-domain
distribution D_t, the per-round record and the ways a run can stop early.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import pandas as pd

from ...core.contract.base import (
    BaseEstimator,
    ClassifierMixin,
)
from ...core.contract.validation import check_array, encode_labels
from .weak_learners import Hypothesis, Stumps, WeakLearner

#: A round whose edge γ_t = ½ − ε_t is at most this has no edge (ε_t ≥ ½ up to
#: rounding: e.g. h_{t-1} again, which has ε = ½ under D_t by claim B3).
NO_EDGE_TOL = 1e-12


class NoEdgeWarning(UserWarning):
    """AdaBoost stopped early: the weak learner's best hypothesis had ε_t ≥ ½."""


class StopReason(StrEnum):
    """Why :meth:`AdaBoost.fit` stopped (compares equal to its string value)."""

    #: All ``n_rounds`` rounds were run.
    N_ROUNDS = "n_rounds"
    #: h_t made no training mistake (ε_t = 0); it was kept, see AdaBoost Notes.
    PERFECT = "perfect"
    #: ε_t ≥ ½: h_t had no edge and was not added.
    NO_EDGE = "no_edge"
    #: arc-gv only: h_t's edge 1 − 2ε_t did not exceed the minimum margin ρ_t,
    #: so α_t ≤ 0; h_t was not added (see :class:`~.arc_gv.ArcGV`).
    NO_MARGIN_EDGE = "no_margin_edge"


def _history(rows: list[dict], columns: tuple[str, ...]) -> pd.DataFrame:
    """One row per round; an empty frame still has every column."""
    if rows:
        return pd.DataFrame.from_records(rows, columns=list(columns))
    return pd.DataFrame({c: pd.Series(dtype=np.float64) for c in columns})


def _margin_error(yf: np.ndarray, negative: np.ndarray) -> float:
    """Training error from y_i f(x_i): y f < 0, or f = 0 (predicted +1) and y = −1."""
    wrong = np.count_nonzero(yf < 0.0)
    if (yf == 0.0).any():
        wrong += np.count_nonzero((yf == 0.0) & negative)
    return wrong / yf.size


def _error(scores: np.ndarray, y: np.ndarray) -> float:
    """Training error of sign(score), a score of 0 meaning +1."""
    return float(np.count_nonzero((scores >= 0.0) != (y > 0))) / y.size


@dataclass
class _Round:
    """What one boosting step found: h_t and the numbers of its history row.

    ``stop`` tells the loop to end: :attr:`StopReason.NO_EDGE` (h_t is not
    kept) or :attr:`StopReason.PERFECT` (h_t is kept, and is the last).
    """

    t: int
    h: Hypothesis
    pred: np.ndarray  # h_t(x_i) on the training points
    eps: float
    stop: StopReason | None = None
    alpha: float = 1.0  # the weight c_t of h_t in f
    log_Z: float = 0.0
    margin: np.ndarray | None = None  # α_t y_i h_t(x_i)
    log_norm: float = 0.0  # log of the actual normalizer of D_{t+1}


class _LogDistribution:
    """The AdaBoost distribution D_t, kept as log D_t, from a given D_1.

    ``w`` = D_t / max_i D_t(i) is what the weak learner receives; with
    ``keep`` every D_t is stored in ``kept``. A point with D_1(i) = 0 has
    log D_t(i) = −inf and weight 0 in every round.
    """

    def __init__(self, d1: np.ndarray, keep: bool) -> None:
        with np.errstate(divide="ignore"):  # D_1(i) = 0 gives log D_1(i) = −inf
            self.log_d = np.log(d1)
        self.w = d1 / d1.max()
        self.kept = [d1.copy()] if keep else None

    def update(self, margin: np.ndarray) -> float:
        """D_{t+1} ∝ D_t exp(−margin), normalized in log space.

        Returns the log of the normalizer (Σ_i D_t(i) exp(−margin_i)); ``w``
        comes out of the same exp.
        """
        log_d, w = self.log_d, self.w
        log_d -= margin
        a_max = float(log_d.max())
        np.subtract(log_d, a_max, out=w)
        np.exp(w, out=w)
        log_norm = a_max + math.log(float(w.sum()))
        log_d -= log_norm
        if self.kept is not None:
            self.kept.append(np.exp(log_d))
        return log_norm


class _Ensemble(ClassifierMixin, BaseEstimator):
    """The boosting loop and the prediction f(x) = Σ_t c_t h_t(x) they share."""

    _fitted_attribute = "learners_"

    #: Whether K > 2 classes are accepted (AdaBoost.M1); a variant whose step
    #: is written for two classes leaves it False.
    _multiclass = False

    learners_: list[Hypothesis]
    weak_learner: WeakLearner | None

    def _weights(self) -> np.ndarray:
        raise NotImplementedError

    def _validate_data(self, X: object, y: object) -> tuple[np.ndarray, np.ndarray]:
        """X as a finite float64 matrix; y as ±1, or as class codes 0, …, K − 1
        when there are K > 2 classes (``classes_`` the labels of the codes).

        Labels of one class are refused, as by every classifier
        (:func:`~marginlab.core.contract.validation.check_two_classes`), except
        y ≡ ±1 over a weak learner given as a matrix of predictions
        (:attr:`~.weak_learners.WeakLearner.margin_matrix`): H is then the
        margin matrix M_ij = y_i h_j(x_i) itself.
        """
        X = check_array(X)
        learner = self.weak_learner if self.weak_learner is not None else Stumps()
        y_enc, classes = encode_labels(
            y,
            X.shape[0],
            type(self).__name__,
            multiclass=self._multiclass,
            margin_matrix=learner.margin_matrix,
        )
        self.n_features_in_ = X.shape[1]
        self.classes_ = classes
        return X, y_enc

    def _boosting_loop(
        self,
        n_rounds: int,
        boost: Callable[[int], _Round],
        record: Callable[[_Round], None],
    ) -> tuple[list[Hypothesis], StopReason]:
        """Rounds t = 1, …, n_rounds of ``boost(t)``, with the early exits.

        A round whose step reports no edge (or, for arc-gv, no edge over the
        minimum margin) ends the loop before its hypothesis is kept (with a
        :class:`NoEdgeWarning`); a perfect round is kept and ends it.

        Returns
        -------
        learners : list of Hypothesis
            h_1, …, h_T for the T rounds kept.
        stop : StopReason
        """
        learners: list[Hypothesis] = []
        for t in range(1, n_rounds + 1):
            step = boost(t)
            if step.stop is StopReason.NO_EDGE:
                warnings.warn(
                    f"{type(self).__name__} stopped at round {t}: the weak learner's "
                    f"best hypothesis has weighted error eps_t = {step.eps:.12g} >= "
                    f"1/2 (no edge) and was not added; {t - 1} round(s) kept.",
                    NoEdgeWarning,
                    stacklevel=3,
                )
                return learners, StopReason.NO_EDGE
            if step.stop is StopReason.NO_MARGIN_EDGE:
                warnings.warn(
                    f"{type(self).__name__} stopped at round {t}: the weak learner's "
                    f"best hypothesis has edge 1 - 2 eps_t = {1 - 2 * step.eps:.12g} "
                    f"<= the minimum margin rho_t (alpha_t <= 0) and was not added; "
                    f"{t - 1} round(s) kept.",
                    NoEdgeWarning,
                    stacklevel=3,
                )
                return learners, StopReason.NO_MARGIN_EDGE
            learners.append(step.h)
            record(step)
            if step.stop is StopReason.PERFECT:
                return learners, StopReason.PERFECT
        return learners, StopReason.N_ROUNDS

    def decision_function(self, X: object) -> np.ndarray:
        """f(x) = Σ_t c_t h_t(x) for every row of X (see the class for c_t).

        Positive values vote for ``classes_[1]``.
        """
        X = self._check_X(X)
        out = np.zeros(X.shape[0])
        for c, h in zip(self._weights(), self.learners_, strict=True):
            out += c * h.predict(X)
        return out

    def staged_decision_function(self, X: object) -> np.ndarray:
        """f_t(x) after every round: an array of shape (n_rounds_, n_samples).

        Row t−1 holds f_t = Σ_{s≤t} c_s h_s; the last row equals
        :meth:`decision_function`. It takes n_rounds_ · n_samples floats of
        memory.
        """
        X = self._check_X(X)
        out = np.zeros((len(self.learners_), X.shape[0]))
        running = np.zeros(X.shape[0])
        for t, (c, h) in enumerate(zip(self._weights(), self.learners_, strict=True)):
            running += c * h.predict(X)
            out[t] = running
        return out
