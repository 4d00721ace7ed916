"""The margin_geometry room (B19): L1 against L2 margins — the plane toy, the
study, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments.margin_geometry.claims import b19_margin_geometry
from kernelboost.experiments.margin_geometry.figures import plot_margin_geometry
from kernelboost.experiments.margin_geometry.study import (
    margin_geometry_tables,
    plane_toy,
)


def test_plane_toy_is_mirrored_and_seeded() -> None:
    H, y = plane_toy(40, (2.0, 1.0), 1.0, 5)
    assert H.shape == (40, 2)
    assert set(y) == {-1.0, 1.0}
    assert np.all(np.linalg.norm(y[:, None] * H - [2.0, 1.0], axis=1) <= 1.0)
    np.testing.assert_array_equal(H, plane_toy(40, (2.0, 1.0), 1.0, 5)[0])
    with pytest.raises(ValueError, match="origin"):
        plane_toy(10, (1.0, 0.0), 2.0, 0)


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, ...]:
    data = make_dataset({"generator": "moons", "n_samples": 40, "seed": 4})
    return margin_geometry_tables(data, n_dims=(2, 7), n_draws=3, n_check=4)


def test_tables_have_both_settings_and_both_methods(tables) -> None:
    distances, solutions, weights, points = tables
    assert list(solutions["setting"]) == ["plane", "plane", "stumps", "stumps"]
    assert list(solutions["method"]) == ["l1_lp", "l2_svm"] * 2
    assert set(distances["source"]) == {"plane", "stumps", "random"}
    assert (distances["source"] == "random").sum() == 6
    assert len(points) == 40
    stumps = solutions[solutions["setting"] == "stumps"]
    n = int(stumps["n_hypotheses"].iloc[0])
    assert (weights["setting"] == "stumps").sum() == 2 * n
    # One polarity of each distinct stump, and the constant: at most m per feature.
    assert n <= 1 + 2 * (40 - 1)


def test_b19_holds_on_a_real_run(tables) -> None:
    distances, solutions, _, _ = tables
    rows = b19_margin_geometry(distances, solutions)
    assert len(rows) == 10
    assert [r.kind for r in rows[:2]] == ["identity", "identity"]
    assert all(r.holds for r in rows if r.kind in ("identity", "theorem"))
    assert rows[5].kind == "illustration"
    assert rows[5].holds is None
    assert rows[9].kind == "empirical"
    assert rows[9].holds is True


@pytest.mark.can_fail("B19")
def test_b19_rows_follow_broken_numbers(tables) -> None:
    distances, solutions, _, _ = tables
    broken = distances.copy()
    broken.loc[broken.index[0], "linf_distance"] += 1e-3
    assert b19_margin_geometry(broken, solutions)[0].holds is False
    assert b19_margin_geometry(broken, solutions)[1].holds is True

    s = solutions.copy()
    lp = (s["setting"] == "stumps") & (s["method"] == "l1_lp")
    svm = (s["setting"] == "stumps") & (s["method"] == "l2_svm")
    # The SVM's solution with a larger L1 margin than the LP's: a bug.
    s.loc[svm, "l1_margin"] = float(s.loc[lp, "l1_margin"].iloc[0]) * 1.01
    rows = b19_margin_geometry(distances, s)
    assert rows[6].holds is False
    assert rows[7].holds is True
    # The LP's solution reaching the SVM's L2 margin: the same solution.
    s = solutions.copy()
    s.loc[lp, "l2_margin"] = float(s.loc[svm, "l2_margin"].iloc[0])
    rows = b19_margin_geometry(distances, s)
    assert rows[7].holds is True
    assert rows[8].holds is False
    # A dense L1 solution.
    s = solutions.copy()
    s.loc[lp, "nonzeros"] = s.loc[svm, "nonzeros"].to_numpy()
    assert b19_margin_geometry(distances, s)[9].holds is False


def test_figure_draws(tables, tmp_path) -> None:
    _, solutions, weights, points = tables
    save_figure(plot_margin_geometry(points, solutions, weights), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
