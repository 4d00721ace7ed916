"""K10 study: boundary length, the σ sweep's tables, the claim rows."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments._shared.grid import padded_grid
from marginlab.experiments.sigma_bias_variance.claims import k10_sigma_bias_variance
from marginlab.experiments.sigma_bias_variance.figures import plot_sigma_bias_variance
from marginlab.experiments.sigma_bias_variance.study import (
    boundary_length,
    sigma_tables,
)
from marginlab.pipeline.jobs import place_rows, plotter
from marginlab.theory.intervals import (
    difference_interval,
    paired_difference,
    paired_difference_interval,
)
from tests.flips import flips

#: The names of K10's evidence rows (:func:`tests.flips.flips`).
TRAINING_ROW = "train_error"
AGREEMENT_ROW = "agreement/kernel_sigma"
SMOOTHNESS_ROW = "correlation"

Tables = tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]

#: The generator entry of the fixture's data: three training sets of it.
SPEC = {"generator": "moons", "n_samples": 80, "noise": 0.2, "seed": 3}


@pytest.fixture(scope="module")
def tables() -> Tables:
    return sigma_tables(
        make_dataset(SPEC),
        [0.05, 0.3, 3.0],
        10.0,
        4,
        0,
        0.5,
        1,
        25,
        generator=SPEC,
        n_replicates=3,
        replicate_seed=5,
    )


def test_boundary_length_of_straight_and_closed_boundaries() -> None:
    square = np.array([[0.0, 0.0], [1.0, 1.0]])
    grid = padded_grid(square, 101, pad=0.0)
    vertical = np.where(grid[:, 0] < 0.5, -1, 1)
    assert boundary_length(vertical, grid) == pytest.approx(1.0, abs=0.011)  # ±1 step
    diagonal = np.where(grid[:, 1] > grid[:, 0] + 1e-9, -1, 1)
    # A staircase along the diagonal: |Δx1| + |Δx2| = 2 (not √2).
    assert boundary_length(diagonal, grid) == pytest.approx(2.0, abs=0.03)
    assert boundary_length(np.ones(len(grid)), grid) == 0.0


def test_sweep_table_is_sorted_and_marks_one_cv_choice(tables) -> None:
    errors, regions, points, _, _ = tables
    assert errors["sigma"].tolist() == [0.05, 0.3, 3.0]
    assert errors["chosen"].sum() == 1
    best = errors["cv_error"].min()
    assert errors.loc[errors["chosen"], "cv_error"].iloc[0] == best
    assert errors["knn1_agreement"].between(0, 1).all()
    # 1-NN (σ = 0), the smallest, the chosen and the largest σ are drawn.
    assert regions["sigma"].iloc[0] == 0.0
    assert {0.05, 3.0} <= set(regions["sigma"])
    assert points["train"].sum() == errors["n_train"].iloc[0] == 40
    # A tiny σ fits the training set exactly; the boundary shortens with σ.
    assert errors["train_error"].iloc[0] == 0.0
    assert errors["boundary_length"].iloc[0] > errors["boundary_length"].iloc[-1]


def test_intercept_columns_split_the_test_points(tables) -> None:
    errors = tables[0]
    n_test = errors["n_test"].to_numpy()
    assert (n_test == 40).all()
    decided = errors["intercept_decided"].to_numpy()
    # Every test point is decided either by b or by the kernel.
    assert np.allclose(decided * n_test + errors["n_kernel_decided"], n_test)
    # |s| < τ|b| implies |s| < |b|.
    assert (errors["intercept_outweighs"] >= errors["intercept_decided"]).all()
    assert (errors["negligible"] == 1e-3).all()
    # At σ = 3 every training point's Gaussian reaches every test point.
    assert decided[-1] == 0.0
    assert errors["knn1_agreement_kernel"].iloc[-1] == errors["knn1_agreement"].iloc[-1]
    assert errors["knn1_agreement_kernel"].dropna().between(0, 1).all()


def test_intercept_decides_far_test_points() -> None:
    """A test point far from every training point gets sign(b), not 1-NN's label."""
    data = make_dataset(
        {"generator": "moons", "n_samples": 80, "noise": 0.2, "seed": 3}
    )
    errors = sigma_tables(data, [0.005, 1.0], 10.0, 4, 0, 0.5, 1, 10)[0]
    tiny, wide = errors.iloc[0], errors.iloc[1]
    assert tiny["intercept_decided"] > 0.5  # σ far below the point spacing
    assert tiny["intercept_outweighs"] >= tiny["intercept_decided"]
    assert wide["intercept_decided"] == 0.0


def test_kernel_sigma_is_the_smallest_sigma_the_kernel_decides(tables) -> None:
    """σ_a: the first σ with at most ``intercept_share`` of the test points
    decided by b, never the largest σ (nothing would be compared)."""
    errors = tables[0]
    assert (errors["intercept_share"] == 0.01).all()
    assert errors["intercept_decided"].tolist()[:2] == [0.25, 0.0]
    assert errors["kernel_sigma"].tolist() == [False, True, False]
    data = make_dataset(SPEC)
    # A limit only σ = 3 meets (share below 0): no σ_a.
    none = sigma_tables(data, [0.05, 3.0], 10.0, 2, 0, 0.5, 1, 10, intercept_share=-1)
    assert not none[0]["kernel_sigma"].any()
    # A limit the smallest σ meets: σ_a is the smallest.
    loose = sigma_tables(data, [0.05, 3.0], 10.0, 2, 0, 0.5, 1, 10, intercept_share=0.5)
    assert loose[0]["kernel_sigma"].tolist() == [True, False]


def test_agreement_table_holds_every_test_point_at_every_sigma(tables) -> None:
    errors, agreement = tables[0], tables[3]
    n_test = int(errors["n_test"].iloc[0])
    assert list(agreement.columns) == ["sigma", "point", "agree", "by_kernel", "wrong"]
    assert len(agreement) == len(errors) * n_test
    for row in errors.itertuples(index=False):
        at = agreement[agreement["sigma"] == row.sigma]
        assert at["point"].tolist() == list(range(n_test))
        assert set(at["agree"]) <= {0, 1}
        # Its means per σ are the sweep table's rates.
        assert at["agree"].mean() == pytest.approx(row.knn1_agreement)
        assert at["wrong"].mean() == pytest.approx(row.test_error)
        assert at["by_kernel"].sum() == row.n_kernel_decided
        kernel = at[at["by_kernel"] == 1]
        if len(kernel):
            assert kernel["agree"].mean() == pytest.approx(row.knn1_agreement_kernel)


def _k10(
    tables: Tables,
    agreement: pd.DataFrame | None = None,
    kernel_sigma: float | None = None,
) -> list:
    """K10's rows from ``tables``, with the per-point agreement and σ_a
    replaced where given (σ_a nowhere when ``kernel_sigma`` is NaN)."""
    errors, regions, points, measured, replicates = tables
    if kernel_sigma is not None:
        errors = errors.assign(kernel_sigma=errors["sigma"] == kernel_sigma)
    return k10_sigma_bias_variance(
        errors,
        regions,
        points,
        measured if agreement is None else agreement,
        replicates,
    )


def _agree(agreement: pd.DataFrame, sigma: float, agree: list[int]) -> pd.DataFrame:
    """``agreement`` with the per-point agreement at ``sigma`` replaced."""
    out = agreement.copy()
    out.loc[out.index[out["sigma"] == sigma], "agree"] = agree
    return out


def _ends(tables: Tables) -> tuple[float, float, int]:
    errors = tables[0]
    return (
        float(errors["sigma"].min()),
        float(errors["sigma"].max()),
        int(errors["n_test"].iloc[0]),
    )


def test_k10_rows_follow_the_numbers(tables) -> None:
    errors, agreement = tables[0], tables[3]
    rows = place_rows("K10", _k10(tables))
    assert [r.key for r in rows] == [
        "K10/train_error",
        "K10/agreement/kernel_sigma",
        "K10/agreement/smallest_sigma",
        "K10/correlation",
        "K10/intercept_decided",
        "K10/cv_choice",
    ]
    assert [r.kind for r in rows] == [
        "empirical",
        "empirical",
        "illustration",
        "empirical",
        "illustration",
        "illustration",
    ]
    assert [rows[i].holds for i in (2, 4, 5)] == [None] * 3
    first, last = errors.iloc[0], errors.iloc[-1]
    at_a = errors[errors["kernel_sigma"]].iloc[0]
    assert at_a["sigma"] == 0.3
    at = {
        s: agreement[agreement["sigma"] == s]
        for s in (first.sigma, at_a.sigma, last.sigma)
    }

    def direct(sigma: float):
        return paired_difference(
            at[last.sigma]["agree"].to_numpy() == 0,
            at[sigma]["agree"].to_numpy() == 0,
        )

    # The evidence row: σ_a against the largest σ, all test points, paired.
    assert rows[1].measured == pytest.approx(
        at_a["knn1_agreement"] - last["knn1_agreement"]
    )
    d = direct(at_a.sigma)
    assert (rows[1].ci_low, rows[1].ci_high) == (d.low, d.high)
    assert f"all {int(first['n_test'])} test points, sigma = 0.3" in rows[1].quantity
    assert "at most 0.01 of the test points" in rows[1].quantity
    # The illustration: the smallest σ in its place, its interval in the text.
    assert rows[2].relation == "n/a"
    assert rows[2].measured == pytest.approx(
        first["knn1_agreement"] - last["knn1_agreement"]
    )
    d = direct(first.sigma)
    assert f"[{d.low:.3g}, {d.high:.3g}]" in rows[2].quantity
    assert rows[4].measured == first["intercept_decided"]
    # The grid's boundary shortens with σ here: ρ = −1 over three σ.
    assert rows[3].measured == -1.0
    assert rows[3].holds is True


def test_k10_agreement_row_without_a_kernel_sigma_is_not_resolved(tables) -> None:
    row = _k10(tables, kernel_sigma=float("nan"))[1]
    assert np.isnan(row.measured)
    assert row.verdict == "not resolved"
    assert "no sigma below 3" in row.unresolved


def test_k10_agreement_row_is_paired(tables) -> None:
    """The same two agreements, 35/40 and 30/40, read on the same points:
    when σ_max's five extra disagreements come on top of σ_min's five, the
    paired interval resolves the difference, where Newcombe's interval for
    independent samples would not."""
    s_min, s_max, n = _ends(tables)
    assert n == 40
    nested = _agree(tables[3], s_min, [0] * 5 + [1] * 35)
    nested = _agree(nested, s_max, [0] * 10 + [1] * 30)
    row = _k10(tables, nested, kernel_sigma=s_min)[1]
    assert row.measured == pytest.approx(5 / 40)
    assert (row.ci_low, row.ci_high) == paired_difference_interval(5, 5, 0, 30)
    assert row.verdict == "true"
    assert difference_interval(35, 40, 30, 40)[0] < 0  # unpaired: not resolved
    # The same rates with disjoint disagreements: the pairs carry less, and
    # the difference is not resolved.
    apart = _agree(nested, s_min, [1] * 10 + [0] * 5 + [1] * 25)
    row = _k10(tables, apart, kernel_sigma=s_min)[1]
    assert row.measured == pytest.approx(5 / 40)
    assert row.ci_low < 0 < row.ci_high
    assert row.verdict == "not resolved"


@pytest.mark.can_fail("K10")
def test_k10_rows_can_fail(tables) -> None:
    errors = tables[0].copy()
    s_min, s_max, n = _ends(tables)
    s_a = float(errors.loc[errors["kernel_sigma"], "sigma"].iloc[0])
    broken = errors.copy()
    broken.loc[1, "train_error"] = broken["train_error"].max() + 0.2
    # The boundary lengthens as σ grows.
    broken["boundary_length"] = [1.0, 2.0, 3.0]
    # 1-NN agreement on all 40 test points: 20/40 at σ_a, 40/40 at the
    # largest σ: clearly lower, the row does not hold.
    lower = _agree(tables[3], s_a, [1] * 20 + [0] * 20)
    lower = _agree(lower, s_max, [1] * n)
    # On every training set the boundary lengthens as σ grows: ρ = 1.
    longer = tables[4].assign(boundary_length=tables[4]["sigma"])
    bad = k10_sigma_bias_variance(broken, tables[1], tables[2], lower, longer)
    assert bad[0].holds is False
    assert bad[1].verdict == "false"
    assert bad[3].holds is False
    flips("K10", TRAINING_ROW, bad)
    flips("K10", AGREEMENT_ROW, bad)
    flips("K10", SMOOTHNESS_ROW, bad)
    # Clearly higher at σ_a: holds.
    higher = _agree(_agree(lower, s_a, [1] * n), s_max, [1] * 20 + [0] * 20)
    assert _k10(tables, higher)[1].verdict == "true"
    # The smallest σ does not enter the evidence row: only the illustration.
    worse = _agree(higher, s_min, [0] * n)
    rows = _k10(tables, worse)
    assert rows[1].verdict == "true"
    assert rows[2].measured == pytest.approx(-0.5)
    assert rows[2].verdict == "n/a"
    # A difference of one test point in 40 cannot be read: not resolved.
    close = _agree(_agree(lower, s_a, [1] * 38 + [0] * 2), s_max, [1] * 37 + [0] * 3)
    row = _k10(tables, close)[1]
    assert row.measured == pytest.approx(1 / 40)
    assert row.ci_low < 0 < row.ci_high
    assert row.verdict == "not resolved"
    # Every boundary equally long on every set: ρ = 0, no tendency, false.
    flat = tables[4].assign(boundary_length=5.0)
    rows = k10_sigma_bias_variance(broken, tables[1], tables[2], lower, flat)
    assert (rows[3].measured, rows[3].ci_low, rows[3].ci_high) == (0.0, 0.0, 0.0)
    assert rows[3].verdict == "false"
    # The sets disagree: not resolved.
    mixed = tables[4].assign(
        boundary_length=np.where(
            tables[4]["replicate"] == 0, -tables[4]["sigma"], tables[4]["sigma"]
        )
    )
    rows = k10_sigma_bias_variance(broken, tables[1], tables[2], lower, mixed)
    assert rows[3].verdict == "not resolved"


def test_k10_needs_the_same_points_at_both_ends(tables) -> None:
    s_min = _ends(tables)[0]
    agreement = tables[3]
    fewer = agreement[~((agreement["sigma"] == s_min) & (agreement["point"] == 0))]
    with pytest.raises(ValueError, match="other points"):
        _k10(tables, fewer)
    with pytest.raises(ValueError, match="no per-point agreement"):
        _k10(tables, agreement[agreement["sigma"] != s_min])


def test_figure_draws(tables, tmp_path) -> None:
    save_figure(plotter("sigma_bias_variance")(*tables), tmp_path / "s.png")
    assert (tmp_path / "s.png").stat().st_size > 1000


def _titles(fig) -> list[str]:
    return [fig.get_suptitle(), *(ax.get_title() for ax in fig.axes)]


def test_figure_titles_claim_nothing_the_tables_contradict(tables) -> None:
    """The suptitle says what is drawn; the 1-NN panel is 1-NN (not "the σ → 0
    limit": the SVM at the smallest σ can be further from 1-NN
    than at the largest); the length panel counts the steps that shorten it;
    the ρ panel gives and draws the interval row 4 reads; the agreement panel
    gives the paired interval row 2 reads."""
    errors, regions, points, agreement, replicates = tables
    fig = plotter("sigma_bias_variance")(errors, regions, points, agreement, replicates)
    titles = _titles(fig)
    row = _k10(tables)[3]
    agree = _k10(tables)[1]
    assert (
        f"Agreement with 1-NN, σ_a = 0.3 − σ = 3: {agree.measured:+.3f},\n"
        f"paired 95 % interval [{agree.ci_low:.3f}, {agree.ci_high:.3f}] (K10's row)"
    ) in titles
    assert titles[0] == "Gaussian SVM decision regions for several σ, and 1-NN (K10)"
    for word in ("trades", "bias", "variance", "limit", "→", "smooth", "wiggly"):
        assert not any(word in t.lower() for t in titles), word
    assert titles[1] == "1-NN"
    # The length panel's title follows the lengths, whichever way they go.
    length = (
        "Boundary length; the run's own set: {} of 2\nsteps to a larger σ shorten it"
    )
    assert titles[-2] == length.format(2)
    assert titles[-1] == (
        f"ρ on 3 training sets:\nmean {row.measured:.2f} "
        f"[{row.ci_low:.2f}, {row.ci_high:.2f}]"
    )
    # The drawn error bar is the row's interval.
    (bar,) = [c for c in fig.axes[-1].containers if hasattr(c, "lines")]
    segment = bar.lines[2][0].get_segments()[0]
    assert segment[:, 1].min() == pytest.approx(row.ci_low)
    assert segment[:, 1].max() == pytest.approx(row.ci_high)
    plt.close(fig)
    growing = errors.assign(boundary_length=[1.0, 2.0, 3.0])
    fig = plotter("sigma_bias_variance")(
        growing, regions, points, agreement, replicates
    )
    assert fig.axes[-2].get_title() == length.format(0)
    plt.close(fig)


def test_replicates_are_independent_training_sets_of_the_generator(tables) -> None:
    """Set 0 is the run's own (its lengths those of the sweep); the others are
    drawn from the generator with other seeds, each with a length per σ."""
    errors, replicates = tables[0], tables[4]
    assert sorted(replicates["replicate"].unique()) == [0, 1, 2]
    own = replicates[replicates["replicate"] == 0].sort_values("sigma")
    np.testing.assert_array_equal(
        own["boundary_length"].to_numpy(), errors["boundary_length"].to_numpy()
    )
    assert own["seed"].iloc[0] == SPEC["seed"]
    seeds = replicates.groupby("replicate")["seed"].first()
    assert seeds.nunique() == 3
    assert (replicates.groupby("replicate")["sigma"].count() == 3).all()
    assert (replicates["n_train"] == 40).all()
    # A CSV's data cannot be drawn again: one training set, not resolved.
    alone = sigma_tables(
        make_dataset(SPEC), [0.05, 3.0], 10.0, 4, 0, 0.5, 1, 10, n_replicates=3
    )
    assert alone[4]["replicate"].unique().tolist() == [0]
    row = k10_sigma_bias_variance(*alone)[3]
    assert row.verdict == "not resolved"
    assert "one training set" in row.quantity


def test_caption_promises_only_what_the_top_panels_draw(tables) -> None:
    """The caption gives training and test errors to the SVM's panels, whose
    titles carry them, and not to the 1-NN panel, whose title is its name."""
    caption = " ".join(
        (
            Path(plot_sigma_bias_variance.__code__.co_filename).with_name(
                "sigma_bias_variance.rst"
            )
        )
        .read_text()
        .split()
    )
    assert "1-NN rule of the same training points (its own errors are neither" in (
        caption
    )
    assert "(with its training and test error)" not in caption
    assert "each titled with its training and test error" in caption
    fig = plotter("sigma_bias_variance")(*tables)
    top = [ax.get_title() for ax in fig.axes[: len(set(tables[1]["sigma"]))]]
    plt.close(fig)
    assert top[0] == "1-NN"
    for title in top[1:]:
        assert ": train " in title
        assert ", test " in title
