"""The gaussian_oscillation room (K19): the extrema count, the oscillation
tables, the claim rows and the figure."""

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
    count_extrema,
    oscillation_tables,
)
from marginlab.pipeline.jobs import place_rows, plotter
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


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    data = make_dataset(
        {"generator": "interval", "n_samples": 40, "label_noise": 0.1, "seed": 9}
    )
    return oscillation_tables(
        data,
        [0.1, 0.5, 1.5, 3.0],
        [1, 2, 4, 6, 8],
        lam=0.1,
        n_grid=501,
        extend=0.5,
        n_splits=5,
        cv_seed=12,
        name="interval",
    )


def test_tables_and_choices(tables) -> None:
    summary, curves, points = tables
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


def test_k19_rows(tables) -> None:
    summary = tables[0]
    rows = place_rows("K19", k19_oscillation(summary))
    assert [r.key for r in rows] == [
        "K19/extrema",
        "K19/extrapolation/gaussian",
        "K19/extrapolation/polynomial",
        "K19/per_sigma",
    ]
    assert [r.kind for r in rows] == ["empirical"] * 3 + ["illustration"]
    assert [r.verdict for r in rows] == ["true", "true", "true", "n/a"]


def _chosen(summary: pd.DataFrame) -> int:
    return summary.index[summary["cv_choice"]][0]


@pytest.mark.can_fail("K19")
def test_k19_fails_when_the_gaussian_oscillates_as_much(tables) -> None:
    summary = tables[0].copy()
    chosen = _chosen(summary)
    degree = summary.loc[chosen, "matched_degree"]
    poly = summary.index[
        (summary["kernel"] == "polynomial") & (summary["param"] == degree)
    ]
    summary.loc[chosen, "n_extrema"] = int(summary.loc[poly[0], "n_extrema"])
    rows = k19_oscillation(summary)
    assert [r.holds for r in rows][:3] == [False, True, True]
    (row,) = flips("K19", "extrema", rows)
    assert row.measured == 0.0


@pytest.mark.can_fail("K19")
def test_k19_extrapolation_rows_follow_the_numbers(tables) -> None:
    summary = tables[0].copy()
    chosen = _chosen(summary)
    summary.loc[chosen, "max_abs_outside"] = 2 * summary.loc[chosen, "max_abs_inside"]
    degree = summary.loc[chosen, "matched_degree"]
    poly = (summary["kernel"] == "polynomial") & (summary["param"] == degree)
    summary.loc[poly, "max_abs_outside"] = 0.5 * summary.loc[poly, "max_abs_inside"]
    rows = k19_oscillation(summary)
    assert [r.holds for r in rows][:3] == [True, False, False]
    # The Gaussian's ratio (its row also gives |f| at the far ends) ...
    (gauss,) = flips("K19", "extrapolation/gaussian", rows)
    assert gauss.measured == pytest.approx(2.0)
    # ... and the polynomial's (the same ratio, nothing after it).
    (poly_row,) = flips("K19", "extrapolation/polynomial", rows)
    assert poly_row.measured == pytest.approx(0.5)


def test_k19_is_not_resolved_without_a_matching_degree(tables) -> None:
    summary = tables[0].copy()
    summary.loc[_chosen(summary), "matched_degree"] = np.nan
    rows = k19_oscillation(summary)
    assert [r.verdict for r in rows[:3]] == ["not resolved", "true", "not resolved"]
    assert "no degree" in rows[0].quantity


def test_k19_needs_one_feature() -> None:
    data = make_dataset({"generator": "moons", "n_samples": 20})
    with pytest.raises(ValueError, match="on a line"):
        oscillation_tables(data, [1.0], [2], 0.1, 11, 0.5, 2, 0)


def test_figure_draws(tables, tmp_path) -> None:
    save_figure(plotter("gaussian_oscillation")(*tables), tmp_path / "o.png")
    assert (tmp_path / "o.png").stat().st_size > 1000


def _legend(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].get_legend().get_texts()]


def test_figure_titles_are_neutral_and_legends_follow_the_curves(tables) -> None:
    """No "oscillates less" over data that can say otherwise: the titles say
    what is drawn, and each curve's legend gives its own extrema and its
    largest |f| beyond the data over that on it, read from its row."""
    summary, curves, points = tables
    fig = plotter("gaussian_oscillation")(summary, curves, points)
    titles = [fig.get_suptitle(), *(ax.get_title() for ax in fig.axes)]
    legend = _legend(fig)
    plt.close(fig)
    assert titles[0] == (
        "Kernel ridge regression on a line: the Gaussian kernel for several σ "
        "and the polynomial kernel (K19)"
    )
    for word in ("less", "oscillat", "decay", "leaves", "depends", "grows"):
        assert not any(word in t.lower() for t in titles), word
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
    fig = plotter("gaussian_oscillation")(turned, curves, points)
    first = _legend(fig)[0]
    plt.close(fig)
    assert first == (
        f"Gaussian, σ* = {chosen['param']:g} (CV): {int(poly['n_extrema']) + 4} "
        "extrema; max |f| beyond / on the data 3"
    )
