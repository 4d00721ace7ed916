"""The margin_geometry room (B19): L1 against L2 margins — the plane toy, the
study, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.margin_geometry.claims import b19_margin_geometry
from marginlab.experiments.margin_geometry.figures import plot_margin_geometry
from marginlab.experiments.margin_geometry.rows import expected as declared_rows
from marginlab.experiments.margin_geometry.study import (
    margin_geometry_tables,
    plane_toy,
)
from tests.flips import flips


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
    assert [r.name for r in rows] == declared_rows({})["B19"]
    assert [r.kind for r in rows[:2]] == ["identity", "identity"]
    assert all(r.holds for r in rows if r.kind in ("identity", "theorem"))
    assert rows[5].kind == "illustration"
    assert rows[5].holds is None
    assert rows[9].kind == "check"  # the sparsity count: settled by geometry
    assert rows[9].holds is True


@pytest.mark.can_fail("B19")
def test_b19_rows_follow_broken_numbers(tables) -> None:
    distances, solutions, _, _ = tables
    broken = distances.copy()
    broken.loc[broken.index[0], "linf_distance"] += 1e-3
    flips("B19", "distance/linf", b19_margin_geometry(broken, solutions))
    assert b19_margin_geometry(broken, solutions)[1].holds is True
    broken = distances.copy()
    broken.loc[broken.index[-1], "l2_distance"] *= 1.01
    flips("B19", "distance/l2", b19_margin_geometry(broken, solutions))
    assert b19_margin_geometry(broken, solutions)[0].holds is True

    # The solutions of the stumps setting alone: its rows, after the identities.
    stumps = solutions[solutions["setting"] == "stumps"]

    s = stumps.copy()
    lp, svm = s["method"] == "l1_lp", s["method"] == "l2_svm"
    # The SVM's solution with a larger L1 margin than the LP's: a bug.
    s.loc[svm, "l1_margin"] = float(s.loc[lp, "l1_margin"].iloc[0]) * 1.01
    rows = b19_margin_geometry(distances, s)
    flips("B19", "l1_margin/*", rows)
    assert rows[3].holds is True
    # The LP's solution reaching the SVM's L2 margin: the same solution.
    s = stumps.copy()
    s.loc[lp, "l2_margin"] = float(s.loc[svm, "l2_margin"].iloc[0])
    rows = b19_margin_geometry(distances, s)
    assert rows[3].holds is True
    (differ,) = flips("B19", "differ/*", rows)
    assert differ.measured == 0.0
    # The LP's solution with a larger L2 margin than the SVM's: a bug (and
    # then the two solutions differ, but the wrong way round).
    s = stumps.copy()
    s.loc[lp, "l2_margin"] = float(s.loc[svm, "l2_margin"].iloc[0]) * 1.01
    rows = b19_margin_geometry(distances, s)
    (l2,) = flips("B19", "l2_margin/*", rows)
    assert l2.measured == pytest.approx(-0.01)
    assert rows[2].holds is True
    # A dense L1 solution: the sparsity row is a check (an LP vertex is
    # sparse, the SVM's weights on ±1 stumps dense), and fails as one.
    s = stumps.copy()
    s.loc[lp, "nonzeros"] = s.loc[svm, "nonzeros"].to_numpy()
    (sparse,) = [
        r for r in b19_margin_geometry(distances, s) if r.name == "nonzeros/stumps"
    ]
    assert (sparse.kind, sparse.verdict) == ("check", "false")
    assert sparse.measured == 0.0


def test_figure_draws(tables, tmp_path) -> None:
    _, solutions, weights, points = tables
    save_figure(plot_margin_geometry(points, solutions, weights), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_the_titles_compare_the_margins_as_the_table_has_them(tables) -> None:
    """No "their maximizers differ, the L1 one is sparse" and no ">" written
    in: the suptitle says what is drawn, and the toy panel's signs between
    the margins follow the table, turning round when the margins do."""
    _, solutions, weights, points = tables
    fig = plot_margin_geometry(points, solutions, weights)
    suptitle, plane = fig.get_suptitle(), fig.axes[0].get_title()
    plt.close(fig)
    assert "differ" not in suptitle
    assert "sparse" not in suptitle
    s = solutions[solutions["setting"] == "plane"].set_index("method")
    lp, svm = s.loc["l1_lp"], s.loc["l2_svm"]
    assert plane.endswith(
        f"L1 margins LP {lp['l1_margin']:.3g} > SVM {svm['l1_margin']:.3g}; "
        f"L2 margins SVM {svm['l2_margin']:.3g} > LP {lp['l2_margin']:.3g}"
    )
    swapped = solutions.copy()
    at = (swapped["setting"] == "plane") & (swapped["method"] == "l1_lp")
    swapped.loc[at, "l1_margin"] = 0.5 * float(svm["l1_margin"])
    swapped.loc[at, "l2_margin"] = 2.0 * float(svm["l2_margin"])
    fig = plot_margin_geometry(points, swapped, weights)
    plane = fig.axes[0].get_title()
    plt.close(fig)
    assert f"L1 margins LP {0.5 * svm['l1_margin']:.3g} < SVM" in plane
    assert f"L2 margins SVM {svm['l2_margin']:.3g} < LP" in plane
