"""AdaBoost (Freund & Schapire 1997), with its per-round history.

D_1(i) = 1/m; each round takes the weak hypothesis h_t of smallest weighted
error ε_t under D_t, α_t = ½ ln((1 − ε_t)/ε_t), Z_t = 2 √(ε_t (1 − ε_t)) and
D_{t+1}(i) = D_t(i) exp(−α_t y_i h_t(x_i)) / Z_t (see
:mod:`marginlab.estimators.boosting`).

The claims atlas runs AdaBoost with :class:`~.weak_learners.Stumps` in the
page, as ``pipeline/site/assets/boost.js`` (its twin, a port step for step,
which ``tests/js/boost.test.mjs`` checks against golden traces of the library).
A change of a step must be made in both, and the goldens written again:
``python tests/js/make_golden.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from ...core.contract.base import (
    Boolean,
    Interval,
)
from .ensemble import (
    NO_EDGE_TOL,
    StopReason,
    _Ensemble,
    _history,
    _LogDistribution,
    _margin_error,
    _Round,
)
from .votes import add_votes, vote_gaps, vote_wrong
from .weak_learners import (
    WEAK_LEARNER,
    Stumps,
    WeakLearner,
    WeakSearch,
    _check_weights,
    _dot,
)

#: The standard columns of ``AdaBoost.history_``, before the learner's own.
HISTORY_COLUMNS: tuple[str, ...] = (
    "t",
    "eps",
    "gamma",
    "alpha",
    "Z",
    "Z_norm",
    "train_error",
    "bound_Z",
    "bound_gamma",
    "bound_gamma_min",
    "min_margin",
    "exp_loss",
)


class _AdaBoostHistory:
    """Running sums behind the diagnostic columns of ``AdaBoost.history_``."""

    def __init__(self, y: np.ndarray, learner_columns: tuple[str, ...]) -> None:
        self.negative = y < 0
        self.yf = np.zeros(y.shape[0])  # y_i f_t(x_i) on the training points
        self.alphas: list[float] = []
        self.rows: list[dict] = []
        self.columns = HISTORY_COLUMNS + tuple(learner_columns)
        self.log_bound_Z = self.sum_gamma2 = self.alpha_sum = 0.0
        self.log_exp_loss = 0.0
        self.gamma_min = math.inf

    def record(self, step: _Round) -> None:
        assert step.margin is not None
        t, gamma = step.t, 0.5 - step.eps
        # (1/m) Σ exp(−y f_t) is the product of the actual normalizers.
        self.log_exp_loss += step.log_norm
        self.yf += step.margin
        self.alpha_sum += abs(step.alpha)  # ‖α‖₁ (arc-gv may step back)
        self.log_bound_Z += step.log_Z
        self.sum_gamma2 += gamma * gamma
        self.gamma_min = min(self.gamma_min, gamma)
        self.alphas.append(step.alpha)
        self.rows.append(
            {
                "t": t,
                "eps": step.eps,
                "gamma": gamma,
                "alpha": step.alpha,
                "Z": math.exp(step.log_Z),
                "Z_norm": math.exp(step.log_norm),
                "train_error": _margin_error(self.yf, self.negative),
                "bound_Z": math.exp(self.log_bound_Z),
                "bound_gamma": math.exp(-2.0 * self.sum_gamma2),
                "bound_gamma_min": math.exp(-2.0 * self.gamma_min**2 * t),
                "min_margin": float(self.yf.min()) / self.alpha_sum,
                "exp_loss": math.exp(self.log_exp_loss),
                **step.h.params(),
            }
        )

    def frame(self) -> pd.DataFrame:
        return _history(self.rows, self.columns)


class _MulticlassHistory(_AdaBoostHistory):
    """The history of AdaBoost.M1 on K > 2 classes: the running sums of
    :class:`_AdaBoostHistory` with c_i = ±1 (h_t right or wrong on x_i) in
    place of y_i h_t(x_i), and the votes F_k(x_i) behind ``train_error``
    (argmax_k F_k) and ``min_margin`` (:func:`.votes.vote_gaps` / Σ_t α_t)."""

    def __init__(
        self, y: np.ndarray, learner_columns: tuple[str, ...], n_classes: int
    ) -> None:
        super().__init__(y, learner_columns)
        self.y = y
        self.F = np.zeros((y.shape[0], n_classes))

    def record(self, step: _Round) -> None:
        super().record(step)
        add_votes(self.F, step.pred, step.alpha)
        row = self.rows[-1]
        row["train_error"] = float(np.mean(vote_wrong(self.F, self.y)))
        row["min_margin"] = float(vote_gaps(self.F, self.y).min()) / self.alpha_sum


def _signed(y: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """y_i h_t(x_i) for labels and predictions in {−1, +1}."""
    return y * pred


def _right_or_wrong(y: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """c_i = +1 where h_t(x_i) = y_i, −1 elsewhere (class codes): AdaBoost.M1's
    y_i h_t(x_i)."""
    return np.where(pred == y, 1.0, -1.0)


class AdaBoost(_Ensemble):
    """AdaBoost (Freund & Schapire 1997) as in the UML notes and Mohri, Boosting.

    D_1 uniform (or given: ``fit(X, y, sample_weight)``); round t takes the
    weak learner's h_t of smallest weighted error
    ε_t = Pr_{i∼D_t}[h_t(x_i) ≠ y_i], sets α_t = ½ ln((1 − ε_t)/ε_t) and
    D_{t+1}(i) = D_t(i) exp(−α_t y_i h_t(x_i)) / Z_t with
    Z_t = 2 √(ε_t (1 − ε_t)); the classifier is sign(f_T), f_T = Σ_t α_t h_t.

    With K > 2 classes it is AdaBoost.M1 (Freund & Schapire 1997): the same
    ε_t, α_t and update with y_i h_t(x_i) replaced by c_i = +1 if
    h_t(x_i) = y_i and −1 otherwise, and the prediction
    argmax_k F_k(x), F_k(x) = Σ_t α_t 1[h_t(x) = k] (:mod:`.votes`). M1 writes
    the weight as ln(1/β_t), β_t = ε_t/(1 − ε_t), which is 2α_t: the same
    vote, margins and distributions (D_{t+1}(i) ∝ D_t(i) β_t where h_t is
    right). For K = 2, F_{+1} − F_{−1} = f_T, so M1 is AdaBoost; two classes
    always take the binary computation.

    Parameters
    ----------
    weak_learner : WeakLearner or None, default=None
        :class:`Stumps`, :class:`Trees` or :class:`HypothesisMatrix`
        (``None`` means ``Stumps()``); with K > 2 classes a multiclass learner
        (``weak_learner.multiclass``: ``C45Trees``, ``BestFirstTrees``).
    n_rounds : int ≥ 1, default=100
        T, the largest number of rounds.
    keep_distributions : bool, default=False
        Store every D_t in ``distributions_`` (memory (T + 1) · m floats).

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
        With two classes, the labels of the classes −1 and +1 (``[-1.0,
        1.0]`` for labels in {−1, +1}); the lecture formulas below use
        y_i ∈ {−1, +1}. With K > 2, the labels of the codes 0, …, K − 1.
    alphas_ : ndarray of shape (``n_rounds_``,)
        α_1, …, α_T (all > 0).
    learners_ : list of Hypothesis
        h_1, …, h_T.
    n_rounds_ : int
        Rounds kept (≤ ``n_rounds``).
    stop_reason_ : StopReason
        ``"n_rounds"``, ``"perfect"`` (ε_t = 0) or ``"no_edge"`` (ε_t ≥ ½).
    history_ : pandas.DataFrame
        One row per kept round t, with columns

        - ``t``; ``eps`` ε_t; ``gamma`` γ_t = ½ − ε_t; ``alpha`` α_t;
          ``Z`` Z_t = 2√(ε_t(1 − ε_t)); ``Z_norm`` the normalizer the
          update actually divides by, Σ_i D_t(i) exp(−α_t y_i h_t(x_i)), equal
          to Z_t up to rounding (claim B1);
        - ``train_error`` of sign(f_t) (K > 2: of argmax_k F_k) on the
          training set;
        - ``bound_Z`` Π_{s≤t} Z_s; ``bound_gamma`` exp(−2 Σ_{s≤t} γ_s²);
          ``bound_gamma_min`` exp(−2 γ² t) with γ = min_{s≤t} γ_s (claim B1);
        - ``min_margin`` min_i y_i f_t(x_i) / ‖α‖₁, the L1 margin of the
          sample (α = (α_1, …, α_t)); K > 2: the smallest multiclass margin
          (F_{y_i} − max_{k≠y_i} F_k)(x_i) / ‖α‖₁;
        - ``exp_loss`` (1/m) Σ_i exp(−y_i f_t(x_i)), the objective of which
          AdaBoost is coordinate descent (claim B4); it equals Π_{s≤t} Z_s up
          to rounding (Σ_i D_1(i) exp(−y_i f_t(x_i)) for a given D_1; K > 2:
          with Σ_s α_s c_i in place of y_i f_t(x_i), which is ≤ 0 wherever
          argmax_k F_k errs, so that ``bound_Z`` still bounds the training
          error, Freund & Schapire 1997, Theorem 6);
        - the weak learner's own columns (``WeakLearner.columns``): stumps
          ``feature, threshold, polarity``; trees ``n_leaves, root_feature,
          root_threshold``; hypothesis matrices ``column``.
    distributions_ : ndarray of shape (``n_rounds_`` + 1, m) or None
        Row t−1 is D_t (row ``n_rounds_`` is the distribution a further round
        would use); ``None`` unless ``keep_distributions``.
    weak_learner_ : WeakLearner
    n_features_in_ : int

    Notes
    -----
    *Log space.* The weights are kept as log D_t and renormalized with a
    log-sum-exp each round, so that no weight underflows to 0 however many
    rounds are run; the weak learner receives D_t / max_i D_t(i).

    *ε_t = 0* (h_t makes no training mistake). The weight ½ ln((1 − ε)/ε) is
    infinite, so h_t is added with the weight it would have at ε̃ = 1/(4m²),
    α_t = ½ ln((1 − ε̃)/ε̃) ≈ ln(2m), and the row records ``eps`` = ε̃ (so
    ``gamma``, ``alpha``, ``Z`` and the bounds follow the formulas above and
    stay finite). This α_t is large enough for sign(f_t) to classify every
    training point correctly whatever came before: the training error is at
    most Π_{s<t} Z_s · exp(−α_t) < 1/m, hence 0. With a given D_1, ε_t = 0
    means no mistake on a point of positive D_1(i), and ε̃ = d²/4 with d the
    smallest positive D_1(i) (1/(4m²) again for uniform D_1): the error
    weighted by D_1 is then below d, so every point of positive weight is
    classified correctly (points of weight 0 may not be). Fitting then stops with
    ``stop_reason_ = "perfect"``: the update would multiply every weight by
    the same factor, so D_{t+1} = D_t (the last row of ``distributions_``)
    and claims B2 and B3 do not apply to that round.

    *ε_t ≥ ½* (no edge; in practice γ_t ≤ 1e-12, e.g. XOR with stumps, or
    h_{t−1} again, whose error under D_t is exactly ½). Then α_t ≤ 0 would
    not help: h_t is not added, a :class:`NoEdgeWarning` is issued and
    fitting stops with ``stop_reason_ = "no_edge"``. With no round kept,
    f ≡ 0 and every point is predicted ``classes_[1]``.

    *Structure.* As in scikit-learn's ``AdaBoostClassifier``, :meth:`fit` is
    a loop (shared with :class:`MajorityBoost`) around one boosting step,
    :meth:`_boost`, which finds h_t, its error and weight and updates D; the
    loop holds the two early exits above, and a history recorder keeps the
    running sums behind the columns of ``history_``.

    *Margins.* Since every α_t > 0, ‖α‖₁ = Σ_t α_t.

    *A given D_1* (``sample_weight``). The update is the same, so
    D_{t+1}(i) = D_1(i) exp(−y_i f_t(x_i)) / Π_{s≤t} Z_s and claims B1–B4
    hold with the training error weighted by D_1. Rudin, Daubechies and
    Schapire (2004) start AdaBoost from such a D_1 to put it on a cycle
    (claim B15).

    References
    ----------
    Y. Freund and R. E. Schapire. A decision-theoretic generalization of
    on-line learning and an application to boosting. JCSS 55(1), 1997.

    C. Rudin, I. Daubechies and R. E. Schapire. The dynamics of AdaBoost:
    cyclic behavior and convergence of margins. JMLR 5:1557–1595, 2004.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
    >>> y = [1, 1, -1, -1, 1, 1]
    >>> model = AdaBoost(n_rounds=3).fit(X, y)
    >>> model.predict(X).tolist()
    [1.0, 1.0, -1.0, -1.0, 1.0, 1.0]
    >>> model.history_["train_error"].tolist()
    [0.3333333333333333, 0.3333333333333333, 0.0]
    >>> AdaBoost(n_rounds=3).fit(X, ["b", "b", "a", "a", "b", "b"]).predict(X).tolist()
    ['b', 'b', 'a', 'a', 'b', 'b']
    """

    _parameter_constraints = {
        "weak_learner": WEAK_LEARNER,
        "n_rounds": [Interval("int", 1, None, closed="left")],
        "keep_distributions": [Boolean()],
    }

    #: Whether K > 2 classes are accepted (AdaBoost.M1); a variant whose step
    #: is written for two classes sets it False.
    _multiclass = True

    #: The recorder of ``history_`` (a variant records columns of its own).
    _history_class: type[_AdaBoostHistory] = _AdaBoostHistory

    def __init__(
        self,
        *,
        weak_learner: WeakLearner | None = None,
        n_rounds: int = 100,
        keep_distributions: bool = False,
    ) -> None:
        self.weak_learner = weak_learner
        self.n_rounds = n_rounds
        self.keep_distributions = keep_distributions

    def _weights(self) -> np.ndarray:
        return self.alphas_

    def _is_binary(self) -> bool:
        return self.classes_.size == 2

    def __sklearn_tags__(self) -> Any:
        """scikit-learn's tags: K > 2 classes only with a multiclass learner."""
        tags = super().__sklearn_tags__()
        learner = self.weak_learner if self.weak_learner is not None else Stumps()
        tags.classifier_tags.multi_class = self._multiclass and learner.multiclass
        return tags

    def fit(self, X: object, y: object, sample_weight: object = None) -> AdaBoost:
        """Run at most ``n_rounds`` rounds of AdaBoost on (X, y).

        Parameters
        ----------
        X : array-like of shape (m, n)
            (m, 1) row indices for a :class:`HypothesisMatrix`.
        y : array-like of shape (m,)
            Two or more class labels (see ``classes_``); one class is refused
            (a ``ValueError``), except y ≡ +1 (or −1) over a
            :class:`HypothesisMatrix`, which then holds the margin matrix.
        sample_weight : array-like of shape (m,), optional
            The initial distribution D_1 ∝ ``sample_weight`` (finite, ≥ 0, not
            all 0); default uniform, D_1(i) = 1/m. Points of weight 0 keep
            weight 0 in every round (the updates are multiplicative), so the
            weak learner never sees them, but they still count in
            ``train_error`` and ``min_margin``.

        Returns
        -------
        self
        """
        self._validate_params()
        X, y = self._validate_data(X, y)
        m = X.shape[0]
        if sample_weight is None:
            d1 = np.full(m, 1.0 / m)
        else:
            w = _check_weights(sample_weight, m)
            d1 = w / w.sum()
        learner = self.weak_learner if self.weak_learner is not None else Stumps()
        K = self.classes_.size
        if K > 2 and not learner.multiclass:
            raise ValueError(
                f"Only binary classification is supported by {type(self).__name__} "
                f"with the weak learner {learner!r}, which separates two classes; "
                f"y has {K}. Pass a multiclass weak learner, such as C45Trees() "
                "or BestFirstTrees(n_leaves=16)."
            )
        search = learner.prepare(X, y)
        D = _LogDistribution(d1, bool(self.keep_distributions))
        columns = tuple(learner.columns)
        history = (
            self._history_class(y, columns)
            if K == 2
            else _MulticlassHistory(y, columns, K)
        )
        agree = _signed if K == 2 else _right_or_wrong
        eps_floor = _perfect_eps(d1)
        learners, stop = self._boosting_loop(
            int(self.n_rounds),
            lambda t: self._boost(t, D, search, y, eps_floor, history, agree),
            history.record,
        )
        self.weak_learner_ = learner
        self.alphas_ = np.asarray(history.alphas, dtype=np.float64)
        self.learners_ = learners
        self.n_rounds_ = len(learners)
        self.stop_reason_ = stop
        self.history_ = history.frame()
        self.distributions_ = np.vstack(D.kept) if D.kept is not None else None
        return self

    def _boost(
        self,
        t: int,
        D: _LogDistribution,
        search: WeakSearch,
        y: np.ndarray,
        eps_floor: float,
        history: _AdaBoostHistory,
        agree: Callable[[np.ndarray, np.ndarray], np.ndarray] = _signed,
    ) -> _Round:
        """One round of AdaBoost: h_t, ε_t, α_t, Z_t, and D_t → D_{t+1}.

        Parameters
        ----------
        t : int
            The round, from 1.
        D : _LogDistribution
            D_t, updated in place to D_{t+1} unless h_t has no edge.
        search : WeakSearch
        y : ndarray of shape (m,)
            Labels in {−1.0, +1.0}.
        eps_floor : float
            ε̃, the error recorded for a round with ε_t = 0 (:func:`_perfect_eps`).
        history : _AdaBoostHistory
            The rounds so far (y_i f_{t−1}(x_i) and Σ_{s<t} α_s), which the
            step of a variant may read (:meth:`_step`).
        agree : callable
            (y, h_t(x)) ↦ y_i h_t(x_i) for two classes; c_i = ±1 (h_t right or
            wrong) for class codes.

        Returns
        -------
        _Round
            ``stop`` is ``NO_EDGE`` when ε_t ≥ ½ (D unchanged), ``PERFECT``
            when ε_t = 0 (then ``eps`` is ε̃; see the class Notes) and, for a
            variant whose step gives α_t ≤ 0, ``NO_MARGIN_EDGE`` (D unchanged).
        """
        h, pred = search.best(D.w)
        yh = agree(y, pred)
        miss = (yh < 0).astype(np.float64)
        w_total = float(D.w.sum())
        w_miss = _dot(D.w, miss)
        stop = None
        if w_miss > 0.0:
            log_eps = math.log(w_miss) - math.log(w_total)
        elif miss.any():  # the missed weights underflowed in w, not in log D
            log_eps = _logsumexp(D.log_d[miss > 0])  # −inf: all had D_1(i) = 0
        else:
            log_eps = -math.inf
        if log_eps == -math.inf:  # ε_t = 0
            stop = StopReason.PERFECT
            eps = eps_floor
            log_eps, log_hit = math.log(eps), math.log1p(-eps)
        else:
            eps = w_miss / w_total if w_miss > 0.0 else math.exp(log_eps)
            if eps >= 0.5 - NO_EDGE_TOL:
                return _Round(t, h, pred, eps, stop=StopReason.NO_EDGE)
            log_hit = math.log(w_total - w_miss) - math.log(w_total)
        alpha, log_Z = self._step(log_eps, log_hit, history)
        if math.isnan(log_Z):  # never for AdaBoost: ε_t < ½ gives α_t > 0
            return _Round(t, h, pred, eps, stop=StopReason.NO_MARGIN_EDGE)
        yh *= alpha  # α_t y_i h_t(x_i)
        log_norm = D.update(yh)
        return _Round(t, h, pred, eps, stop, alpha, log_Z, yh, log_norm)

    def _step(
        self, log_eps: float, log_hit: float, history: _AdaBoostHistory
    ) -> tuple[float, float]:
        """AdaBoost's α_t = ½ ln((1 − ε_t)/ε_t) and log Z_t, Z_t = 2 √(ε_t (1 − ε_t)).

        Parameters
        ----------
        log_eps, log_hit : float
            ln ε_t and ln(1 − ε_t).
        history : _AdaBoostHistory
            Not read by AdaBoost (its step depends on ε_t alone).

        Returns
        -------
        alpha, log_Z : float
            α_t, and the log of Z_t = Σ_i D_t(i) exp(−α_t y_i h_t(x_i)) in
            closed form, (1 − ε_t) e^{−α_t} + ε_t e^{α_t}, which at this α_t
            is 2 √(ε_t (1 − ε_t)).
        """
        alpha = 0.5 * (log_hit - log_eps)
        log_Z = math.log(2.0) + 0.5 * (log_eps + log_hit)
        return alpha, log_Z

    def decision_function(self, X: object) -> np.ndarray:
        """f_T(x) = Σ_t α_t h_t(x) for every row of X (0 if no round was kept).

        Positive values vote for ``classes_[1]``. With K > 2 classes, the
        votes F_k(x) = Σ_t α_t 1[h_t(x) = k], an array of shape (n, K).
        """
        X = self._check_X(X)
        if self._is_binary():
            return super().decision_function(X)
        F = np.zeros((X.shape[0], self.classes_.size))
        for alpha, h in zip(self.alphas_, self.learners_, strict=True):
            add_votes(F, h.predict(X), alpha)
        return F

    def staged_decision_function(self, X: object) -> np.ndarray:
        """f_t(x) after every round: an array of shape (``n_rounds_``, n_samples).

        Row t−1 holds f_t = Σ_{s≤t} α_s h_s; the last row equals
        :meth:`decision_function`. With K > 2 classes, the votes after every
        round, of shape (``n_rounds_``, n_samples, K).
        """
        X = self._check_X(X)
        if self._is_binary():
            return super().staged_decision_function(X)
        out = np.zeros((len(self.learners_), X.shape[0], self.classes_.size))
        F = np.zeros(out.shape[1:])
        for t, (alpha, h) in enumerate(zip(self.alphas_, self.learners_, strict=True)):
            add_votes(F, h.predict(X), alpha)
            out[t] = F
        return out

    def predict(self, X: object) -> np.ndarray:
        """Class labels: sign(f_T) as ``classes_[1]`` (f ≥ 0) or ``classes_[0]``;
        with K > 2 classes, argmax_k F_k(x) (the first of equal votes)."""
        F = self.decision_function(X)
        if self._is_binary():
            return self.classes_[(F >= 0.0).astype(np.intp)]
        return self.classes_[np.argmax(F, axis=1)]

    def margins(self, X: object, y: object) -> np.ndarray:
        """L1 margins y_i f_T(x_i) / ‖α‖₁ in [−1, 1] (0 if no round was kept).

        With K > 2 classes, the multiclass margins
        (F_{y_i}(x_i) − max_{k≠y_i} F_k(x_i)) / ‖α‖₁ (:mod:`.votes`).

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Labels among ``classes_`` (encoded −1 and +1, or 0, …, K − 1).

        Returns
        -------
        ndarray of shape (m,)
        """
        f = self.decision_function(X)
        norm = float(np.abs(self.alphas_).sum())
        if not self._is_binary():
            codes = self._class_codes(y, f.shape[0])
            if norm == 0:
                return np.zeros(f.shape[0])
            return vote_gaps(f, codes) / norm
        y = self._encode_known(y, f.shape[0])
        return y * f / norm if norm > 0 else np.zeros_like(f)

    def _class_codes(self, y: object, n_samples: int) -> np.ndarray:
        """Labels among ``classes_`` as their codes 0.0, …, K − 1."""
        arr = np.asarray(y).ravel()
        if arr.shape[0] != n_samples:
            raise ValueError(
                f"y has {arr.shape[0]} labels but X has {n_samples} samples."
            )
        codes = np.searchsorted(self.classes_, arr).clip(0, self.classes_.size - 1)
        unknown = self.classes_[codes] != arr
        if unknown.any():
            i = int(np.flatnonzero(unknown)[0])
            raise ValueError(
                f"y must hold labels in {self.classes_.tolist()} (the classes "
                f"{type(self).__name__} was fitted on); got {arr.tolist()[i]!r} at "
                f"index {i}."
            )
        return codes.astype(np.float64)


def _logsumexp(a: np.ndarray) -> float:
    """log Σ exp(a_i); −inf when every a_i is −inf."""
    a_max = float(a.max())
    if a_max == -math.inf:
        return -math.inf
    return a_max + math.log(float(np.exp(a - a_max).sum()))


def _perfect_eps(d1: np.ndarray) -> float:
    """ε̃ = d²/4 with d = min_{i: D_1(i) > 0} D_1(i): 1/(4m²) for uniform D_1.

    Then e^{−α} = √(ε̃/(1 − ε̃)) < d, which makes a round with ε_t = 0 classify
    every point of positive D_1 correctly (see the Notes of :class:`AdaBoost`).
    """
    positive = d1[d1 > 0.0]
    if (positive == positive[0]).all():  # uniform on its support: d = 1/k
        k = positive.size
        return 1.0 / (4.0 * k * k)
    d = float(positive.min())
    return 0.25 * d * d
