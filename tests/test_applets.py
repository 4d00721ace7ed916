"""The interactive figures' tables (studies.applets) and the compact data the
pages draw (site.applets)."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.svm import SVC

from kernelboost.core.datasets import Dataset, make_moons
from kernelboost.estimators.boosting.adaboost import AdaBoost
from kernelboost.estimators.boosting.weak_learners import Stumps
from kernelboost.experiments._shared.applets import dequantize, quantize
from kernelboost.experiments.adaboost_rounds.applet import adaboost_rounds_applet
from kernelboost.experiments.adaboost_rounds.study import adaboost_rounds_tables
from kernelboost.experiments.lasso_path.applet import lasso_path_applet
from kernelboost.experiments.margin_evolution.applet import margin_evolution_applet
from kernelboost.experiments.margin_evolution.study import margin_evolution_table
from kernelboost.experiments.smo_applet.applet import smo_applet
from kernelboost.experiments.smo_applet.study import smo_grid_tables
from kernelboost.experiments.svm_sigma_C_grid.study import svm_panel


@pytest.fixture(scope="module")
def moons():
    return make_moons(n_samples=40, noise=0.2, seed=3)


@given(
    st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=1, max_size=50),
    st.floats(0.1, 10.0),
)
@settings(max_examples=60, deadline=None)
def test_quantize_keeps_every_sign_and_is_close_within_the_scale(values, scale):
    f = np.array(values)
    back = dequantize(quantize(f, scale), scale)
    assert np.array_equal(np.sign(back), np.sign(f))
    inside = np.abs(f) <= scale
    assert np.all(np.abs(back[inside] - f[inside]) <= scale / 127 + 1e-12)
    assert np.all(np.abs(back[~inside]) == scale)


def test_quantize_refuses_what_it_cannot_encode():
    with pytest.raises(ValueError, match="finite"):
        quantize(np.array([np.nan]), 1.0)
    with pytest.raises(ValueError, match="positive scale"):
        quantize(np.array([1.0]), 0.0)


def test_the_smo_grid_is_svm_panel_for_every_setting_and_agrees_with_sklearn(moons):
    sigmas, Cs = [0.3, 1.0], [1.0, math.inf]
    summary, surface, points = smo_grid_tables(moons, sigmas, Cs, 1e-3, 12)
    assert list(summary["panel"]) == ["s0.3_C1", "s0.3_Cinf", "s1_C1", "s1_Cinf"]
    assert len(surface) == 4 * 12**2
    assert len(points) == 4 * 40
    one, grid, _ = svm_panel(moons, 1.0, 1.0, 1e-3, 12)
    mine = surface[surface["panel"] == "s1_C1"]
    assert np.array_equal(mine["f"].to_numpy(), grid["f"].to_numpy())
    assert summary.iloc[2]["n_sv"] == one["n_sv"].iloc[0]
    # The same soft-margin SVM in scikit-learn: the same regions, almost
    # everywhere (the solvers stop at different tolerances).
    sk = SVC(C=1.0, gamma=1 / (2 * 1.0**2), tol=1e-6).fit(moons.X, moons.y)
    theirs = sk.decision_function(mine[["x1", "x2"]].to_numpy())
    assert np.mean(np.sign(theirs) == np.sign(mine["f"])) > 0.97


def test_the_smo_grid_needs_plane_data():
    with pytest.raises(ValueError, match="2-D data; got 3 features"):
        smo_grid_tables(
            Dataset(np.ones((4, 3)), np.array([-1, 1, -1, 1]), ("a", "b", "c")),
            [1.0],
            [1.0],
            1e-3,
            10,
        )


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


def test_margins_are_normalized_sorted_and_on_a_geometric_grid(moons):
    table = margin_evolution_table(moons, 50, 8, 0.5, 11)
    steps = sorted(table["T"].unique())
    assert steps[0] == 1
    assert steps[-1] <= 50
    assert len(steps) <= 8
    assert table["margin"].between(-1 - 1e-12, 1 + 1e-12).all()
    for _, part in table.groupby("T"):
        assert part["margin"].is_monotonic_increasing
        assert len(part) == table["n_train"].iloc[0] == 20


def _json(data: dict) -> dict:
    return json.loads(json.dumps(data, allow_nan=False))


def test_the_smo_data_keeps_the_sign_of_f_in_every_cell(moons):
    tables = smo_grid_tables(moons, [0.5], [1.0, math.inf], 1e-3, 9)
    data = _json(smo_applet(*tables))
    assert data["Cs"] == [1.0, None]
    assert data["sigmas"] == [0.5]
    assert data["grid"]["n1"] == data["grid"]["n2"] == 9
    for panel, (name, part) in zip(
        data["panels"], tables[1].groupby("panel", sort=False), strict=True
    ):
        f = dequantize(panel["f"], data["scale"])
        assert np.array_equal(np.sign(f), np.sign(part["f"].to_numpy())), name
        sv = tables[2][tables[2]["panel"] == name]["support"].to_numpy()
        assert panel["support"] == np.flatnonzero(sv).tolist()


def test_the_adaboost_data_scales_weights_and_margins(moons):
    tables = adaboost_rounds_tables(moons, 12, 8)
    data = _json(adaboost_rounds_applet(*tables))
    assert len(data["f"]) == len(data["t"]) == len(data["D"])
    # m D_t(i): mean 1 in every round (to the digits kept).
    assert np.allclose([np.mean(row) for row in data["D"]], 1.0, atol=1e-3)
    f = dequantize(data["f"][-1], 1.0)
    assert np.all(np.abs(f) <= 1.0)


def test_the_margin_and_lasso_data():
    margins = pd.DataFrame(
        {"T": [1, 1, 5, 5], "margin": [0.5, -1.0, 0.2, 0.1], "n_train": 2}
    )
    data = _json(margin_evolution_applet(margins))
    assert data["T"] == [1, 5]
    assert data["margins"] == [[-1.0, 0.5], [0.1, 0.2]]
    weights = pd.DataFrame(
        {
            "method": ["lasso"] * 4 + ["ridge"],
            "alpha": [2.0, 2.0, 1.0, 1.0, 1.0],
            "feature": ["a", "b", "a", "b", "a"],
            "weight": [0.0, 0.0, 0.5, 0.0, 9.0],
        }
    )
    data = _json(lasso_path_applet(weights))
    assert data["lambdas"] == [2.0, 1.0]  # λ decreasing, along the path
    assert data["weights"] == [[0.0, 0.5], [0.0, 0.0]]
