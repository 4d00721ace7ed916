"""The margin_evolution room: AdaBoost's normalized margins over the rounds,
and the compact data the atlas pages draw (with lasso_path's)."""

from __future__ import annotations

import pandas as pd

from marginlab.experiments.lasso_path.applet import lasso_path_applet
from marginlab.experiments.margin_evolution.applet import margin_evolution_applet
from marginlab.experiments.margin_evolution.study import margin_evolution_table

from .conftest import _json


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
