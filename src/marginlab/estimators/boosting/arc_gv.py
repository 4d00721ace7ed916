"""arc-gv (Breiman 1999): AdaBoost's loop with a step that pushes the minimum margin.

Mohri, Boosting, 'Other Boosting Algorithms': "arc-gv (Breiman, 1996):
designed to maximize the margin, but outperformed by AdaBoost in experiments
(Reyzin and Schapire, 2006)". It differs from AdaBoost only in α_t: with
ρ_t the minimum L1 margin of the combination f_{t−1} on the training set,

    α_t = ½ ln((1 − ε_t)/ε_t) − ½ ln((1 + ρ_t)/(1 − ρ_t)),

the weak hypothesis, the update D_{t+1}(i) ∝ D_t(i) exp(−α_t y_i h_t(x_i))
and the prediction sign(f_T) are AdaBoost's (:mod:`.adaboost`).
"""

from __future__ import annotations

import math

import numpy as np

from ...core.contract.base import Boolean
from .adaboost import AdaBoost, _AdaBoostHistory
from .ensemble import _Round
from .weak_learners import WeakLearner

#: The standard columns of ``ArcGV.history_``, before the learner's own.
ARC_GV_HISTORY_COLUMNS: tuple[str, ...] = (
    "t",
    "eps",
    "gamma",
    "alpha",
    "rho",
    "Z",
    "Z_norm",
    "train_error",
    "bound_Z",
    "min_margin",
    "exp_loss",
)


def _rho(history: _AdaBoostHistory) -> float:
    """ρ_t = max(0, min_i y_i f_{t−1}(x_i) / Σ_{s<t} α_s); 0 before round 1."""
    if history.alpha_sum <= 0.0:
        return 0.0
    return max(0.0, float(history.yf.min()) / history.alpha_sum)


class _ArcGVHistory(_AdaBoostHistory):
    """AdaBoost's running sums, with ρ_t and without the γ-bounds (which
    bound Π_t Z_t only at AdaBoost's α_t)."""

    def __init__(self, y: np.ndarray, learner_columns: tuple[str, ...]) -> None:
        super().__init__(y, learner_columns)
        self.columns = ARC_GV_HISTORY_COLUMNS + tuple(learner_columns)

    def record(self, step: _Round) -> None:
        rho = _rho(self)  # ρ_t of f_{t−1}, before this round is added
        super().record(step)
        self.rows[-1]["rho"] = rho


class ArcGV(AdaBoost):
    """arc-gv (Breiman 1999): AdaBoost whose α_t pushes the minimum margin up.

    D_1 uniform (or given); round t takes the weak learner's h_t of smallest
    weighted error ε_t under D_t, as AdaBoost does, and weighs it by

        α_t = ½ ln((1 + r_t)/(1 − r_t)) − ½ ln((1 + ρ_t)/(1 − ρ_t)),

    r_t = Σ_i D_t(i) y_i h_t(x_i) = 1 − 2ε_t = 2γ_t the weighted correlation
    of h_t (γ_t = ½ − ε_t the edge of the UML notes and Mohri, Boosting), so
    that the first term is AdaBoost's ½ ln((1 − ε_t)/ε_t), and

        ρ_t = max(0, min_i y_i f_{t−1}(x_i) / ‖α‖₁),   f_{t−1} = Σ_{s<t} α_s h_s,

    the minimum L1 margin of the combination so far (ρ_1 = 0). The update
    D_{t+1}(i) = D_t(i) exp(−α_t y_i h_t(x_i)) / Z_t, with
    Z_t = (1 − ε_t) e^{−α_t} + ε_t e^{α_t}, and the classifier sign(f_T) are
    AdaBoost's. This α_t minimizes Σ_i D_t(i) exp(−α (y_i h_t(x_i) − ρ_t)),
    the exponential loss of the margins measured from ρ_t: the step stops
    where the new hypothesis would pull the sample's margins below ρ_t.

    Parameters
    ----------
    weak_learner : WeakLearner or None, default=None
        :class:`Stumps`, :class:`Trees` or :class:`HypothesisMatrix`
        (``None`` means ``Stumps()``).
    n_rounds : int ≥ 1, default=100
        T, the largest number of rounds.
    keep_distributions : bool, default=False
        Store every D_t in ``distributions_``.
    keep_negative : bool, default=False
        Keep a step α_t ≤ 0 (the formula's value, see the Notes) and go on,
        instead of stopping with ``"no_margin_edge"``.

    Attributes
    ----------
    classes_, alphas_, learners_, n_rounds_, distributions_, weak_learner_,
    n_features_in_
        As for :class:`AdaBoost`.
    stop_reason_ : StopReason
        As for :class:`AdaBoost`, or ``"no_margin_edge"``: the step of round t
        was α_t ≤ 0 (r_t ≤ ρ_t), and h_t was not added.
    history_ : pandas.DataFrame
        One row per kept round t, with columns ``t``, ``eps`` ε_t, ``gamma``
        γ_t = ½ − ε_t, ``alpha`` α_t, ``rho`` ρ_t (the margin the step used),
        ``Z`` Z_t = (1 − ε_t) e^{−α_t} + ε_t e^{α_t}, ``Z_norm`` the normalizer
        the update actually divides by, ``train_error``, ``bound_Z``
        Π_{s≤t} Z_s (≥ the training error, at any α), ``min_margin``
        min_i y_i f_t(x_i) / ‖α‖₁, ``exp_loss`` (1/m) Σ_i exp(−y_i f_t(x_i)),
        and the weak learner's own columns. AdaBoost's ``bound_gamma`` and
        ``bound_gamma_min`` are left out: Π_t Z_t ≤ exp(−2 Σ_t γ_t²) holds at
        AdaBoost's α_t, which minimizes Z_t, not at arc-gv's.

    Notes
    -----
    *ρ_t is clipped at 0.* Breiman's step is written for a combination whose
    minimum margin lies in (−1, 1). After one round with a training mistake,
    f_1 = α_1 h_1 has minimum margin −1 and the unclipped step would be
    infinite; while f_{t−1} still errs on a training point, this estimator
    takes AdaBoost's step (the minimum margin threshold 0 of MultiBoost's
    ``ArcGVLearner``). Once the minimum margin is positive the step is
    Breiman's. So arc-gv and AdaBoost take the same steps, and build the same
    f_t, as long as their combination misclassifies a training point.

    *α_t ≤ 0, no edge over the margin.* The step is negative when
    r_t ≤ ρ_t. For a weak learner that returns the hypothesis of largest edge
    (stumps, hypothesis matrices) this means that ρ_t is already the maximum
    margin: by von Neumann's minimax theorem (Mohri, Boosting, 'AdaBoost and
    Game Theory') max_h Σ_i D(i) y_i h(x_i) ≥ ρ* ≥ ρ_t for every D. A greedy
    learner (trees) can return such an h while a better one exists, so for it
    the negative step says nothing about ρ*. By default fitting then stops
    with ``stop_reason_ = "no_margin_edge"`` and a :class:`NoEdgeWarning`,
    like AdaBoost at ε_t ≥ ½. With ``keep_negative=True`` the step is taken
    as the formula gives it: h_t enters f with the weight α_t ≤ 0, the update
    D_{t+1}(i) ∝ D_t(i) exp(−α_t y_i h_t(x_i)) moves weight towards the
    points h_t gets right, and the margins are normalized by
    ‖α‖₁ = Σ_t |α_t| (``min_margin``, ρ_{t+1}, :meth:`margins`). The fit then
    runs all ``n_rounds`` rounds unless some ε_t = 0 or ε_t ≥ ½, so that it
    can be compared with AdaBoost at the same T.

    *ε_t = 0.* As for AdaBoost, the round is recorded with ε̃ (see
    :class:`AdaBoost`) and is the last; its α_t is the formula above at ε̃.

    References
    ----------
    L. Breiman. Prediction games and arcing algorithms. Neural Computation
    11(7):1493–1517, 1999.

    L. Reyzin and R. E. Schapire. How boosting the margin can also boost
    classifier complexity. ICML 2006, 753–760.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
    >>> y = [1, 1, -1, -1, 1, 1]
    >>> model = ArcGV(n_rounds=3).fit(X, y)
    >>> model.predict(X).tolist()
    [1.0, 1.0, -1.0, -1.0, 1.0, 1.0]
    >>> model.history_["rho"].tolist()  # f_1, f_2 err on a training point
    [0.0, 0.0, 0.0]
    """

    _history_class = _ArcGVHistory

    _parameter_constraints = {
        **AdaBoost._parameter_constraints,
        "keep_negative": [Boolean()],
    }

    def __init__(
        self,
        *,
        weak_learner: WeakLearner | None = None,
        n_rounds: int = 100,
        keep_distributions: bool = False,
        keep_negative: bool = False,
    ) -> None:
        super().__init__(
            weak_learner=weak_learner,
            n_rounds=n_rounds,
            keep_distributions=keep_distributions,
        )
        self.keep_negative = keep_negative

    #: ρ_t and the step are written for two classes.
    _multiclass = False

    def _step(
        self, log_eps: float, log_hit: float, history: _AdaBoostHistory
    ) -> tuple[float, float]:
        """arc-gv's α_t and log Z_t, Z_t = (1 − ε_t) e^{−α_t} + ε_t e^{α_t}.

        Parameters
        ----------
        log_eps, log_hit : float
            ln ε_t and ln(1 − ε_t).
        history : _AdaBoostHistory
            The rounds so far, whose minimum margin is ρ_t.

        Returns
        -------
        alpha, log_Z : float
            α_t = ½ ln((1 − ε_t)/ε_t) − ½ ln((1 + ρ_t)/(1 − ρ_t)); log Z_t is
            NaN when α_t ≤ 0 and the round is not kept (without
            ``keep_negative``).
        """
        rho = _rho(history)
        if rho >= 1.0:
            return -math.inf, math.nan
        alpha = 0.5 * (log_hit - log_eps) - 0.5 * (math.log1p(rho) - math.log1p(-rho))
        if alpha <= 0.0 and not self.keep_negative:
            return alpha, math.nan
        return alpha, float(np.logaddexp(log_hit - alpha, log_eps + alpha))
