"""arc-gv (marginlab.estimators.boosting.arc_gv): AdaBoost's loop with
Breiman's step, its margins against AdaBoost's and the LP's, its distributions,
and its early stop when no hypothesis has an edge over the margin."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy.optimize import minimize_scalar

from marginlab.estimators.boosting import (
    ARC_GV_HISTORY_COLUMNS,
    AdaBoost,
    ArcGV,
    HypothesisMatrix,
    NoEdgeWarning,
    StopReason,
    Stumps,
    Trees,
)
from marginlab.estimators.boosting.arc_gv import _ArcGVHistory
from marginlab.experiments.margin_cycle.study import RUDIN_M  # B15
from marginlab.theory.margins import distinct_stumps, margin_matrix, max_margin

#: Three points, three hypotheses, each wrong on one point: ρ* = 1/3.
CYCLE_M = np.array([[1, 1, -1], [1, -1, 1], [-1, 1, 1]], dtype=np.float64).T


def noisy_data(seed: int, m: int = 60, n: int = 2) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n))
    y = np.where(X[:, 0] * X[:, -1] + 0.3 * rng.standard_normal(m) > 0, 1.0, -1.0)
    return X, y


def _fit(cls, M: np.ndarray, n_rounds: int):
    """Boost over the columns of a margin matrix (labels all +1)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        return cls(weak_learner=HypothesisMatrix(M), n_rounds=n_rounds).fit(
            np.arange(M.shape[0])[:, None], np.ones(M.shape[0])
        )


def test_history_columns_and_parameters() -> None:
    X, y = noisy_data(0)
    model = ArcGV(n_rounds=20).fit(X, y)
    assert tuple(model.history_.columns) == (
        *ARC_GV_HISTORY_COLUMNS,
        "feature",
        "threshold",
        "polarity",
    )
    assert model.get_params() == {
        **AdaBoost(n_rounds=20).get_params(),
        "keep_negative": False,
    }
    assert isinstance(model, AdaBoost)
    with pytest.raises(ValueError, match="'keep_negative' parameter of ArcGV"):
        ArcGV(keep_negative="yes").fit(X, y)


def test_the_step_is_breimans_formula() -> None:
    """α_t = ½ ln((1 − ε_t)/ε_t) − ½ ln((1 + ρ_t)/(1 − ρ_t)), with ρ_t the
    minimum margin of f_{t−1} (clipped at 0), read from the history."""
    X, y = noisy_data(1, m=40)
    model = ArcGV(n_rounds=400).fit(X, y)
    h = model.history_
    eps, rho = h["eps"].to_numpy(), h["rho"].to_numpy()
    expected = 0.5 * np.log((1 - eps) / eps) - 0.5 * np.log((1 + rho) / (1 - rho))
    np.testing.assert_allclose(h["alpha"], expected, rtol=1e-12)
    previous = np.concatenate([[0.0], h["min_margin"].to_numpy()[:-1]])
    np.testing.assert_allclose(rho, np.maximum(previous, 0.0), rtol=0, atol=1e-15)
    assert (rho > 0).any(), "the run should reach a positive margin"


def test_the_step_minimizes_the_loss_of_margins_measured_from_rho() -> None:
    """α_t = argmin_α Σ_i D_t(i) exp(−α (y_i h_t(x_i) − ρ_t)), found numerically."""
    X, y = noisy_data(2, m=40)
    model = ArcGV(n_rounds=300, keep_distributions=True).fit(X, y)
    h = model.history_
    for t in np.flatnonzero(h["rho"].to_numpy() > 0)[::25]:
        D, rho = model.distributions_[t], float(h["rho"].iloc[t])
        yh = y * model.learners_[t].predict(X)
        result = minimize_scalar(
            lambda a, D=D, yh=yh, rho=rho: float(D @ np.exp(-a * (yh - rho))),
            bounds=(0.0, 20.0),
            method="bounded",
            options={"xatol": 1e-12},
        )
        assert h["alpha"].iloc[t] == pytest.approx(result.x, abs=1e-6)


def test_same_steps_as_adaboost_while_a_training_point_is_misclassified() -> None:
    """ρ_t is clipped at 0: until f_{t−1} classifies every training point with
    a positive margin, arc-gv's α_t and h_t are AdaBoost's, bit for bit."""
    X, y = noisy_data(3, m=80)
    arc = ArcGV(n_rounds=200).fit(X, y)
    ada = AdaBoost(n_rounds=200).fit(X, y)
    same = int(np.argmax(arc.history_["rho"].to_numpy() > 0)) or arc.n_rounds_
    assert same > 1
    np.testing.assert_array_equal(arc.alphas_[:same], ada.alphas_[:same])
    cols = ["eps", "feature", "threshold", "polarity", "train_error"]
    np.testing.assert_array_equal(
        arc.history_[cols].to_numpy()[:same], ada.history_[cols].to_numpy()[:same]
    )


def test_distributions_sum_to_one_and_follow_the_closed_form() -> None:
    """D_{t+1}(i) = exp(−y_i f_t(x_i)) / (m Π_{s≤t} Z_s), Z_t the closed-form
    normalizer (1 − ε_t) e^{−α_t} + ε_t e^{α_t} of arc-gv's α_t."""
    X, y = noisy_data(4, m=50)
    model = ArcGV(n_rounds=150, keep_distributions=True).fit(X, y)
    D = model.distributions_
    np.testing.assert_allclose(D.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    h = model.history_
    np.testing.assert_allclose(h["Z"], h["Z_norm"], rtol=1e-12)
    F = model.staged_decision_function(X)
    log_prod_Z = np.cumsum(np.log(h["Z"].to_numpy()))
    for t in range(0, model.n_rounds_, 10):
        closed = np.exp(-y * F[t] - math.log(50) - log_prod_Z[t])
        np.testing.assert_allclose(D[t + 1], closed, rtol=1e-9)
    assert (h["bound_Z"] >= h["train_error"]).all()
    np.testing.assert_allclose(h["exp_loss"], h["bound_Z"], rtol=1e-9)


def test_deterministic() -> None:
    X, y = noisy_data(5)
    a = ArcGV(weak_learner=Trees(depth=2), n_rounds=60).fit(X, y)
    b = ArcGV(weak_learner=Trees(depth=2), n_rounds=60).fit(X, y)
    assert a.history_.equals(b.history_)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))


@pytest.mark.parametrize(
    ("M", "n_rounds"), [(RUDIN_M, 3000), (CYCLE_M, 300)], ids=["rudin", "cycle"]
)
def test_a_larger_minimum_margin_than_adaboost_where_adaboost_falls_short(
    M: np.ndarray, n_rounds: int
) -> None:
    """On Rudin, Daubechies and Schapire's matrix AdaBoost (from the uniform
    D_1) stays near 1/3 < ρ* = 3/8; arc-gv climbs towards ρ* (Breiman 1999)."""
    rho_star, _ = max_margin(M)
    ada, arc = _fit(AdaBoost, M, n_rounds), _fit(ArcGV, M, n_rounds)
    ada_margin = float(ada.history_["min_margin"].iloc[-1])
    arc_margin = float(arc.history_["min_margin"].iloc[-1])
    assert arc_margin >= ada_margin
    assert arc_margin <= rho_star + 1e-12
    assert arc_margin >= rho_star - 0.01


def test_it_stops_when_no_hypothesis_has_an_edge_over_the_margin() -> None:
    """On the three-point cycle arc-gv reaches ρ* = 1/3; then every
    hypothesis has edge 1/3 = ρ_t, α_t ≤ 0, and fitting stops."""
    with pytest.warns(NoEdgeWarning, match="minimum margin rho_t"):
        model = ArcGV(weak_learner=HypothesisMatrix(CYCLE_M), n_rounds=500).fit(
            np.arange(3)[:, None], np.ones(3)
        )
    assert model.stop_reason_ is StopReason.NO_MARGIN_EDGE
    assert model.n_rounds_ < 500
    assert (model.alphas_ > 0).all()
    assert model.margins(np.arange(3)[:, None], np.ones(3)).min() == pytest.approx(
        1 / 3, abs=1e-9
    )


def test_with_keep_negative_it_takes_the_negative_steps_and_runs_all_rounds() -> None:
    """The same cycle: past ρ* the formula's α_t ≤ 0 are kept; the margins,
    normalized by Σ|α_t|, stay in [−1, 1] and never exceed ρ* (the LP's)."""
    X, y = np.arange(3)[:, None], np.ones(3)
    model = ArcGV(
        weak_learner=HypothesisMatrix(CYCLE_M), n_rounds=300, keep_negative=True
    ).fit(X, y)
    assert model.stop_reason_ is StopReason.N_ROUNDS
    assert model.n_rounds_ == 300
    assert (model.alphas_ < 0).any()
    margins = model.margins(X, y)
    assert margins.min() <= 1 / 3 + 1e-9
    assert model.history_["min_margin"].iloc[-1] == pytest.approx(margins.min())
    assert (model.history_["min_margin"] <= 1 / 3 + 1e-9).all()
    norm = np.abs(model.alphas_).sum()
    np.testing.assert_allclose(margins, model.decision_function(X) / norm)
    # Until the first negative step, the same run as without keep_negative.
    first = int(np.argmax(model.alphas_ <= 0))
    with pytest.warns(NoEdgeWarning):
        stopped = ArcGV(weak_learner=HypothesisMatrix(CYCLE_M), n_rounds=300).fit(X, y)
    assert stopped.n_rounds_ == first
    np.testing.assert_array_equal(stopped.alphas_, model.alphas_[:first])


def test_step_with_an_edge_below_the_margin_is_not_positive() -> None:
    history = _ArcGVHistory(np.ones(2), ())
    history.yf, history.alpha_sum = np.array([0.5, 0.6]), 1.0  # ρ_t = 0.5
    eps = 0.3  # edge 1 − 2ε = 0.4 < ρ_t
    alpha, log_Z = ArcGV()._step(math.log(eps), math.log(1 - eps), history)
    assert alpha < 0
    assert math.isnan(log_Z)
    history.yf = np.ones(2)  # ρ_t = 1: every margin is 1
    assert ArcGV()._step(math.log(eps), math.log(1 - eps), history)[0] == -math.inf


def test_the_minimum_margin_never_exceeds_the_lp_maximum() -> None:
    X, y = noisy_data(6, m=30)
    rho_star, _ = max_margin(margin_matrix(distinct_stumps(X), y))
    model = ArcGV(weak_learner=Stumps(), n_rounds=1000).fit(X, y)
    assert model.history_["min_margin"].max() <= rho_star + 1e-9
    assert model.history_["min_margin"].iloc[-1] > 0.8 * rho_star
