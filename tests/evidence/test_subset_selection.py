"""The subset_selection room (S3, S4): the forward trap, the subset tables, the
claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset, make_forward_trap
from marginlab.estimators.selection import z_scores
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments._shared.rows import to_frame
from marginlab.experiments.subset_selection.claims import (
    s3_subset_selection,
    s4_zscore_elimination,
)
from marginlab.experiments.subset_selection.figures import plot_subset_selection
from marginlab.experiments.subset_selection.study import (
    design_z_scores,
    subset_tables,
)

from .conftest import _round_trip


@pytest.fixture(scope="module")
def subsets(diabetes, tmp_path_factory):
    return _round_trip(
        subset_tables(diabetes, make_forward_trap(n_samples=60), n_splits=3, seed=12),
        tmp_path_factory,
    )


# --- S3, S4 --------------------------------------------------------------------


def test_design_z_scores_match_the_library() -> None:
    data = make_forward_trap(n_samples=40, seed=5)
    np.testing.assert_allclose(
        design_z_scores(data.X, data.y), z_scores(data.X, data.y), rtol=1e-9
    )


def test_trap_has_x1_best_alone_and_x2_x3_best_pair(subsets) -> None:
    path, all_subsets, counts, zscores = subsets
    trap = all_subsets[all_subsets["dataset"] == "forward_trap"]
    best = trap.loc[trap.groupby("size")["cv_mse"].idxmin()].set_index("size")
    assert best.loc[1, "features"] == "x1"
    assert best.loc[2, "features"] == "x2+x3"
    assert len(all_subsets[all_subsets["dataset"] == "diabetes"]) == 1023
    assert set(counts["formula_value"]) == {1023, 55, 10, 7, 6, 3}
    assert (counts["library_count"] == counts["formula_value"]).all()


def test_subset_tables_names_both_datasets(subsets) -> None:
    path, all_subsets, counts, zscores = subsets
    for table in subsets:
        assert list(dict.fromkeys(table["dataset"])) == ["diabetes", "forward_trap"]
    # The trap's generator and parameters are in the configuration, not here.
    assert "description" not in counts
    assert counts.groupby("dataset")["n_samples"].first().to_dict() == {
        "diabetes": 442,
        "forward_trap": 60,
    }


def test_subset_tables_takes_the_trap_as_a_dataset() -> None:
    data = make_forward_trap(n_samples=30, seed=1)
    trap = make_forward_trap(n_samples=20, seed=2)
    counts = subset_tables(data, trap, n_splits=2, name="a", trap_name="b")[2]
    assert counts[["dataset", "n_samples"]].drop_duplicates().values.tolist() == [
        ["a", 30],
        ["b", 20],
    ]
    labels = make_dataset({"generator": "xor", "n_samples": 20})
    with pytest.raises(ValueError, match="'trap' must be regression data"):
        subset_tables(data, labels)
    with pytest.raises(ValueError, match="'data' must be regression data"):
        subset_tables(labels, trap)


def test_s3_s4_hold_on_a_real_run(subsets) -> None:
    s3 = s3_subset_selection(*subsets)
    assert len(s3) == 10  # 4 methods × 2 datasets + one pair row per dataset
    counted = [r for r in s3 if r.name.startswith("models/")]
    assert len(counted) == 8
    assert all(r.kind == "check" and r.holds for r in counted)
    assert [r.measured for r in counted] == [1023, 55, 55, 10, 7, 6, 6, 3]
    assert [r.name for r in s3 if not r.name.startswith("models/")] == [
        "differs/diabetes",
        "differs/forward_trap",
    ]
    # The trap row is a check too: the generator is built so that forward
    # misses the best pair. S3 has no evidence row.
    assert not [r for r in s3 if r.kind in ("theorem", "identity", "empirical")]
    trap = [r for r in s3 if r.relation == "==" and r.name.startswith("differs/")]
    assert [r.name for r in trap] == ["differs/forward_trap"]
    assert trap[0].kind == "check"
    assert trap[0].holds is True
    assert trap[0].measured == 1.0
    assert "x2+x3" in trap[0].quantity
    s4 = s4_zscore_elimination(*subsets)
    assert [r.name for r in s4] == ["zscore/diabetes", "zscore/forward_trap"]
    assert [r.kind for r in s4] == ["check", "check"]
    assert [r.holds for r in s4] == [True, True]
    assert to_frame(s3 + s4)["holds"].isin(["true", "n/a"]).all()


def test_the_trap_is_known_by_its_role_not_its_name(diabetes) -> None:
    tables = subset_tables(
        diabetes,
        make_forward_trap(n_samples=60),
        n_splits=3,
        seed=12,
        trap_name="my_trap",
    )
    counts = tables[2]
    assert set(counts.loc[counts["dataset"] == "my_trap", "role"]) == {"trap"}
    assert set(counts.loc[counts["dataset"] == "diabetes", "role"]) == {"data"}
    (trap,) = [
        r
        for r in s3_subset_selection(*tables)
        if r.relation == "==" and r.name.startswith("differs/")
    ]
    assert trap.name == "differs/my_trap"
    assert trap.kind == "check"
    assert trap.dataset.startswith("my_trap")
    assert trap.holds is True


def test_s3_trap_row_fails_when_forward_finds_the_best_pair(subsets) -> None:
    """S3's trap row, a check (the generator is built so that it holds): on
    the trap, forward's pair differs from best subset's. Forward stepwise
    finding {x2, x3} makes the check fail."""
    path, all_subsets, counts, zscores = subsets
    bad_path = path.copy()
    trap_pair = (bad_path["dataset"] == "forward_trap") & (bad_path["size"] == 2)
    bad_path.loc[trap_pair, "features"] = "x2+x3"  # forward finds the pair
    rows = s3_subset_selection(bad_path, all_subsets, counts, zscores)
    (trap,) = [r for r in rows if r.name.startswith("differs/") and r.relation == "=="]
    assert trap.name == "differs/forward_trap"
    assert (trap.kind, trap.verdict) == ("check", "false")
    assert trap.holds is False
    assert trap.measured == 0.0
    assert trap.dataset.startswith("forward_trap")
    assert all(r.holds for r in rows if r.name.startswith("models/"))


def test_s3_s4_checks_follow_broken_numbers(subsets) -> None:
    """The count and z-score rows are checks of the tool: they still read the
    numbers, and a broken count or elimination step shows as a failed check."""
    path, all_subsets, counts, zscores = subsets
    bad_counts = counts.copy()
    bad_counts.loc[0, "n_models"] += 1
    rows = s3_subset_selection(path, all_subsets, bad_counts, zscores)
    assert (rows[0].kind, rows[0].holds) == ("check", False)
    assert rows[0].measured == 1024

    bad_z = zscores.copy()
    step1 = (bad_z["dataset"] == "diabetes") & (bad_z["step"] == 1)
    removed = step1 & bad_z["removed"]
    bad_z.loc[removed, ["z", "abs_z"]] = 99.0  # removed feature no longer smallest
    s4 = s4_zscore_elimination(path, all_subsets, counts, bad_z)
    assert (s4[0].kind, s4[0].holds) == ("check", False)
    assert s4[0].measured == 1.0
    assert s4[1].holds is True


# --- figures -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plot", "fixture"),
    [(plot_subset_selection, "subsets")],
)
def test_figures_draw(plot, fixture, request, tmp_path) -> None:
    save_figure(plot(*request.getfixturevalue(fixture)), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_the_cv_panels_legends_lie_below_them(subsets) -> None:
    """The CV panels' legends (7 pt, in the upper right) once covered the
    grey points of the subsets; each lies below its panel now, in 8 pt,
    clear of the z-score panel and its title below it."""
    fig = plot_subset_selection(*subsets)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        names = 2  # diabetes and the forward trap
        tops, bottoms = fig.axes[:names], fig.axes[names : 2 * names]
        for top, bottom in zip(tops, bottoms, strict=True):
            assert bottom.get_title().endswith("backward elimination by z-score")
            legend = top.get_legend()
            box = legend.get_window_extent(renderer)
            assert box.y1 <= top.get_window_extent(renderer).y0
            assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
            assert box.y0 >= bottom.get_window_extent(renderer).y1
            assert not box.overlaps(bottom.title.get_window_extent(renderer))
    finally:
        plt.close(fig)
