"""The smo_applet room: the SVM at every (σ, C) of the grid (K11's panel), and
the compact data the atlas page draws."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.svm import SVC

from marginlab.core.datasets import Dataset
from marginlab.experiments._shared.applets import dequantize
from marginlab.experiments.smo_applet.applet import smo_applet
from marginlab.experiments.smo_applet.study import smo_grid_tables
from marginlab.experiments.svm_sigma_C_grid.study import svm_panel

from .conftest import _json


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
