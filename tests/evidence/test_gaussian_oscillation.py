"""The gaussian_oscillation room (K19): the extrema count, the oscillation
tables and the replicate training sets, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.gaussian_oscillation.claims import k19_oscillation
from marginlab.experiments.gaussian_oscillation.study import (
    REPLICATE_COLUMNS,
    count_extrema,
    oscillation_tables,
)
from marginlab.pipeline.jobs import place_rows, plotter
from marginlab.theory.intervals import mean_interval
from tests.flips import flips


@settings(max_examples=50, deadline=None)
@given(
    roots=st.lists(st.floats(-0.9, 0.9), min_size=1, max_size=6, unique=True).filter(
        lambda r: np.min(np.diff(sorted(r)), initial=1.0) > 0.05
    )
)
def test_count_extrema_of_a_polynomial_with_simple_roots(roots) -> None:
    """p(z) = Π (z − r_i)' has its extrema at the roots r_i."""
    z = np.linspace(-1, 1, 4001)
    p = np.polynomial.Polynomial.fromroots(roots).integ()
    assert count_extrema(p(z)) == len(roots)


def test_count_extrema_ignores_rounding_on_a_flat_stretch() -> None:
    f = np.concatenate(
        [np.linspace(0, 1, 50), np.ones(50) + 1e-14 * (-1) ** np.arange(50)]
    )
    assert count_extrema(f) == 0
    assert count_extrema(np.sin(np.linspace(0, 6 * np.pi, 3000))) == 6


SPEC = {"generator": "interval", "n_samples": 40, "label_noise": 0.1, "seed": 9}
SETTINGS = dict(
    sigmas=[0.1, 0.5, 1.5, 3.0],
    degrees=[1, 2, 4, 6, 8],
    lam=0.1,
    n_grid=501,
    extend=0.5,
    n_splits=5,
    cv_seed=12,
    name="interval",
)


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    return oscillation_tables(
        make_dataset(SPEC),
        **SETTINGS,
        generator=SPEC,
        n_replicates=4,
        replicate_seed=5,
    )


def _chosen(summary: pd.DataFrame) -> int:
    return summary.index[summary["cv_choice"]][0]


def test_tables_and_choices(tables) -> None:
    summary, curves, points, _ = tables
    assert len(summary) == 9
    assert summary["cv_choice"].sum() == 1
    assert len(points) == 40
    # A polynomial of degree p has at most p − 1 extrema.
    poly = summary[summary["kernel"] == "polynomial"]
    assert (poly["n_extrema"] <= poly["param"] - 1).all()
    # Smaller σ, more extrema.
    gauss = summary[summary["kernel"] == "gaussian"].sort_values("param")
    assert gauss["n_extrema"].iloc[0] > gauss["n_extrema"].iloc[-1]
    # The matched degree fits as well, and no lower degree does.
    for _, g in gauss.dropna(subset=["matched_degree"]).iterrows():
        fits = poly[poly["train_mse"] <= g["train_mse"]]["param"]
        assert fits.min() == g["matched_degree"]
    assert set(curves.groupby(["kernel", "param"]).size()) == {len(curves) // 9}


def test_replicates_are_the_study_on_independent_training_sets(tables) -> None:
    """Replicate 0 is the run's own set, read from ``summary``; the others are
    fresh draws of the generator, each with its own σ* and matched degree,
    the same as the study gives on that set alone."""
    summary, _, _, replicates = tables
    assert list(replicates.columns) == list(REPLICATE_COLUMNS)
    assert replicates["replicate"].tolist() == [0, 1, 2, 3]
    assert replicates["seed"].iloc[0] == 9
    assert replicates["seed"].nunique() == 4
    assert (replicates["n_points"] == 40).all()
    own = replicates.iloc[0]
    chosen = summary[summary["cv_choice"]].iloc[0]
    assert own["sigma_star"] == chosen["param"]
    assert own["gaussian_extrema"] == chosen["n_extrema"]
    assert own["matched_degree"] == chosen["matched_degree"]
    third = replicates.iloc[2]
    alone = oscillation_tables(
        make_dataset({**SPEC, "seed": int(third["seed"])}), **SETTINGS
    )[0]
    chosen = alone[alone["cv_choice"]].iloc[0]
    assert third["sigma_star"] == chosen["param"]
    assert third["gaussian_extrema"] == chosen["n_extrema"]
    assert third["gaussian_ratio"] == pytest.approx(
        chosen["max_abs_outside"] / chosen["max_abs_inside"]
    )
    if not pd.isna(chosen["matched_degree"]):
        poly = alone[
            (alone["kernel"] == "polynomial")
            & (alone["param"] == chosen["matched_degree"])
        ].iloc[0]
        assert third["polynomial_extrema"] == poly["n_extrema"]
        assert poly["train_mse"] <= chosen["train_mse"]


def test_a_dataset_no_generator_makes_is_its_only_training_set(tables) -> None:
    summary, _, _, replicates = oscillation_tables(
        make_dataset(SPEC), **SETTINGS, n_replicates=4, replicate_seed=5
    )
    assert replicates["replicate"].tolist() == [0]
    rows = {r.name: r for r in k19_oscillation(summary, replicates)}
    assert rows["extrema"].verdict == "not resolved"
    assert "one training set" in rows["extrema"].quantity
    assert np.isnan(rows["extrema"].ci_low)


def test_a_set_the_folds_cannot_split_is_left_out() -> None:
    """A redrawn set whose smallest class has fewer points than the folds has
    no σ*: its row is NaN but its size, and the rows count it."""
    spec = {"generator": "interval", "n_samples": 12, "width": 0.3, "seed": 1}
    summary, _, _, replicates = oscillation_tables(
        make_dataset({**spec, "n_samples": 40}),
        **{**SETTINGS, "n_splits": 2},
        generator=spec,
        n_replicates=40,
        replicate_seed=3,
    )
    short = replicates[replicates["sigma_star"].isna()]
    assert len(short) > 0
    assert short[list(REPLICATE_COLUMNS[2:-1])].isna().all().all()
    rows = {r.name: r for r in k19_oscillation(summary, replicates)}
    assert "whose smallest class is smaller than the folds" in rows["extrema"].quantity


def test_k19_rows(tables) -> None:
    summary, _, _, replicates = tables
    rows = place_rows("K19", k19_oscillation(summary, replicates))
    assert [r.key for r in rows] == [
        "K19/extrema",
        "K19/extrapolation/gaussian",
        "K19/extrapolation/polynomial",
        "K19/per_sigma",
    ]
    assert [r.kind for r in rows] == ["empirical"] * 3 + ["illustration"]
    matched = replicates.dropna(subset=["matched_degree"])
    diff = matched["polynomial_extrema"] - matched["gaussian_extrema"]
    m = mean_interval(diff.to_numpy())
    assert (rows[0].measured, rows[0].ci_low, rows[0].ci_high) == pytest.approx(
        (m.mean, m.low, m.high)
    )
    assert np.isnan(rows[0].resolving_factor)
    assert rows[1].measured == replicates["gaussian_ratio"].max()
    assert rows[2].measured == matched["polynomial_ratio"].min()
    assert "40 points" in rows[0].dataset
    assert "of 4 training sets" in rows[0].quantity
    assert rows[3].verdict == "n/a"


def _synthetic(
    differences: list[float],
    gaussian_ratio: float = 0.6,
    polynomial_ratio: float = 3.0,
) -> pd.DataFrame:
    """A replicates table with the given differences of extrema (NaN: no
    matched degree on that set) and ratios."""
    n = len(differences)
    gauss = np.full(n, 3.0)
    d = np.asarray(differences, dtype=float)
    return pd.DataFrame(
        {
            "replicate": range(n),
            "seed": pd.array(range(100, 100 + n), dtype="Int64"),
            "sigma_star": 0.75,
            "matched_degree": np.where(np.isnan(d), np.nan, 5.0),
            "gaussian_extrema": gauss,
            "polynomial_extrema": gauss + d,
            "gaussian_ratio": gaussian_ratio,
            "polynomial_ratio": np.where(np.isnan(d), np.nan, polynomial_ratio),
            "gaussian_train_mse": 0.3,
            "polynomial_train_mse": np.where(np.isnan(d), np.nan, 0.29),
            "n_points": 40,
        },
        columns=list(REPLICATE_COLUMNS),
    )


def test_k19_rows_read_the_replicates(tables) -> None:
    summary = tables[0]
    rows = k19_oscillation(summary, _synthetic([2, 1, 3, 2, 2]))
    assert [r.verdict for r in rows] == ["true", "true", "true", "n/a"]
    m = mean_interval([2, 1, 3, 2, 2])
    assert rows[0].measured == pytest.approx(2.0)
    assert (rows[0].ci_low, rows[0].ci_high) == pytest.approx((m.low, m.high))
    assert "0 without a matched degree left out" in rows[0].quantity
    assert "per set from 1 to 3, 5 above 0" in rows[0].quantity
    # The same difference on every set: the point interval [2, 2], true.
    rows = k19_oscillation(summary, _synthetic([2, 2, 2]))
    assert (rows[0].ci_low, rows[0].ci_high, rows[0].verdict) == (2.0, 2.0, "true")


@pytest.mark.can_fail("K19")
def test_k19_fails_when_the_polynomials_oscillate_less(tables) -> None:
    """The polynomial fitting as well has fewer extrema than the Gaussian on
    every training set: the interval lies below 0."""
    rows = k19_oscillation(tables[0], _synthetic([-2, -1, -3, -2, -2]))
    assert [r.holds for r in rows][:3] == [False, True, True]
    (row,) = flips("K19", "extrema", rows)
    assert row.measured == pytest.approx(-2.0)
    assert row.ci_high < 0
    # As many extrema on every set: [0, 0], not above 0.
    (row,) = flips("K19", "extrema", k19_oscillation(tables[0], _synthetic([0, 0])))
    assert (row.measured, row.ci_low, row.ci_high) == (0.0, 0.0, 0.0)


def test_k19_is_not_resolved_when_the_sets_disagree(tables) -> None:
    rows = k19_oscillation(tables[0], _synthetic([3, -3, 2, -2, 1]))
    assert rows[0].verdict == "not resolved"
    assert rows[0].ci_low < 0 < rows[0].ci_high


@pytest.mark.can_fail("K19")
def test_k19_extrapolation_rows_read_the_worst_set(tables) -> None:
    summary = tables[0]
    replicates = _synthetic([2, 1, np.nan, 2])
    replicates.loc[1, "gaussian_ratio"] = 2.0
    # The set without a match has no polynomial ratio to read: a small one
    # there would not count.
    replicates.loc[3, "polynomial_ratio"] = 0.5
    rows = k19_oscillation(summary, replicates)
    assert [r.holds for r in rows][:3] == [True, False, False]
    (gauss,) = flips("K19", "extrapolation/gaussian", rows)
    assert gauss.measured == pytest.approx(2.0)
    assert "largest over 4 of 4 training sets (σ* of each; 1 above 1)" in (
        gauss.quantity
    )
    (poly_row,) = flips("K19", "extrapolation/polynomial", rows)
    assert poly_row.measured == pytest.approx(0.5)
    assert "3 of 4 training sets with a matched degree (1 at most 1)" in (
        poly_row.quantity
    )


def test_k19_leaves_out_the_sets_without_a_matching_degree(tables) -> None:
    summary = tables[0]
    rows = k19_oscillation(summary, _synthetic([2, np.nan, 1, np.nan, 3]))
    assert rows[0].measured == pytest.approx(2.0)
    assert "mean over the 3 of 5 training sets" in rows[0].quantity
    assert "2 without a matched degree left out" in rows[0].quantity
    # Fewer than two sets left: no interval, not resolved.
    rows = k19_oscillation(summary, _synthetic([np.nan, 4, np.nan]))
    assert [r.verdict for r in rows[:3]] == ["not resolved", "true", "true"]
    assert rows[0].measured == 4.0
    assert np.isnan(rows[0].ci_low)
    assert "fewer than two training sets" in rows[0].unresolved
    # No set with a match: both rows that need one are not resolved.
    rows = k19_oscillation(summary, _synthetic([np.nan, np.nan]))
    assert [r.verdict for r in rows[:3]] == ["not resolved", "true", "not resolved"]
    assert np.isnan(rows[0].measured)
    assert np.isnan(rows[2].measured)


def test_k19_needs_one_feature() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 20})
    with pytest.raises(ValueError, match="on a line"):
        oscillation_tables(data, [1.0], [2], 0.1, 11, 0.5, 2, 0)


def test_k19_rows_name_the_run_own_set(tables) -> None:
    """The quantity gives the run's own σ*, its extrema and its matched
    polynomial's, from ``summary``."""
    summary, _, _, replicates = tables
    chosen = summary[summary["cv_choice"]].iloc[0]
    rows = k19_oscillation(summary, replicates)
    assert (
        f"the run's own set: Gaussian σ* = {chosen['param']:g}: "
        f"{int(chosen['n_extrema'])} extrema" in rows[0].quantity
    )


def test_figure_draws(tables, tmp_path) -> None:
    save_figure(plotter("gaussian_oscillation")(*tables), tmp_path / "o.png")
    assert (tmp_path / "o.png").stat().st_size > 1000


def _legend(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].get_legend().get_texts()]


def test_figure_titles_are_neutral_and_legends_follow_the_curves(tables) -> None:
    """No "oscillates less" over data that can say otherwise: the titles say
    what is drawn, and each curve's legend gives its own extrema and its
    largest |f| beyond the data over that on it, read from its row."""
    summary, curves, points, replicates = tables
    fig = plotter("gaussian_oscillation")(summary, curves, points, replicates)
    titles = [fig.get_suptitle(), *(ax.get_title() for ax in fig.axes)]
    legend = _legend(fig)
    plt.close(fig)
    assert titles[0] == (
        "Kernel ridge regression on a line: the Gaussian kernel for several σ "
        "and the polynomial kernel (K19)"
    )
    for word in ("less", "oscillat", "decay", "leaves", "depends", "grows"):
        assert not any(word in t.lower() for t in titles), word
    # The narrow panels give what rows 1 and 2 read over the training sets.
    extrema, gaussian = k19_oscillation(summary, replicates)[:2]
    if not np.isnan(extrema.ci_low):
        assert titles[3].endswith(
            f"mean {extrema.measured:.2f}\n[{extrema.ci_low:.2f}, "
            f"{extrema.ci_high:.2f}]"
        )
    assert titles[4].endswith(f"largest {gaussian.measured:.2f}")
    chosen = summary.loc[_chosen(summary)]
    smallest = summary[summary["kernel"] == "gaussian"].sort_values("param").iloc[0]
    degree = chosen["matched_degree"]
    poly = summary[
        (summary["kernel"] == "polynomial") & (summary["param"] == degree)
    ].iloc[0]

    def label(name: str, row: pd.Series) -> str:
        ratio = row["max_abs_outside"] / row["max_abs_inside"]
        return (
            f"{name}: {int(row['n_extrema'])} extrema; "
            f"max |f| beyond / on the data {ratio:.3g}"
        )

    assert legend == [
        label(f"Gaussian, σ* = {chosen['param']:g} (CV)", chosen),
        label(f"polynomial, degree {degree:g} (fits as well)", poly),
        label(f"Gaussian, σ = {smallest['param']:g}", smallest),
    ]
    # The data turned around: the Gaussian at σ* with more extrema than the
    # polynomial and growing beyond the data; the legend says so.
    turned = summary.copy()
    at = _chosen(turned)
    turned.loc[at, "n_extrema"] = int(poly["n_extrema"]) + 4
    turned.loc[at, "max_abs_outside"] = 3 * turned.loc[at, "max_abs_inside"]
    fig = plotter("gaussian_oscillation")(turned, curves, points, replicates)
    first = _legend(fig)[0]
    plt.close(fig)
    assert first == (
        f"Gaussian, σ* = {chosen['param']:g} (CV): {int(poly['n_extrema']) + 4} "
        "extrema; max |f| beyond / on the data 3"
    )
