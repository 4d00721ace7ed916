"""The adaboost_rounds room: every round's distribution and classifier, and the
compact data the atlas page draws."""

from __future__ import annotations

import numpy as np

from marginlab.estimators.boosting.adaboost import AdaBoost
from marginlab.estimators.boosting.weak_learners import Stumps
from marginlab.experiments._shared.applets import dequantize
from marginlab.experiments.adaboost_rounds.applet import adaboost_rounds_applet
from marginlab.experiments.adaboost_rounds.study import adaboost_rounds_tables

from .conftest import _json


def test_adaboost_rounds_are_the_runs_distributions_and_classifiers(moons):
    rounds, weights, surface, points = adaboost_rounds_tables(moons, 15, 10)
    T = len(rounds)
    sums = weights.groupby("t")["D"].sum().to_numpy()
    assert np.allclose(sums, 1.0)  # every D_t is a distribution
    assert np.allclose(weights[weights["t"] == 1]["D"], 1 / 40)  # D_1 uniform
    # B1's chain, round by round.
    assert np.all(rounds["train_error"] <= rounds["bound_Z"] + 1e-12)
    assert np.all(rounds["bound_Z"] <= rounds["bound_gamma_min"] + 1e-12)
    model = AdaBoost(weak_learner=Stumps(), n_rounds=15).fit(moons.X, moons.y)
    last = surface[surface["t"] == T]
    expected = model.decision_function(last[["x1", "x2"]].to_numpy())
    assert np.allclose(last["f"], expected)
    assert np.allclose(rounds["l1_norm"].iloc[-1], model.alphas_.sum())
    assert list(points.columns) == ["i", "x1", "x2", "label"]


def test_the_adaboost_data_scales_weights_and_margins(moons):
    tables = adaboost_rounds_tables(moons, 12, 8)
    data = _json(adaboost_rounds_applet(*tables))
    assert len(data["f"]) == len(data["t"]) == len(data["D"])
    # m D_t(i): mean 1 in every round (to the digits kept).
    assert np.allclose([np.mean(row) for row in data["D"]], 1.0, atol=1e-3)
    f = dequantize(data["f"][-1], 1.0)
    assert np.all(np.abs(f) <= 1.0)
