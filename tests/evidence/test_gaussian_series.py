"""The gaussian_series room (K17): the series' error, its table, its claim rows
and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.core.kernels.feature_maps import gaussian_series
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.gaussian_series.claims import (
    SERIES_TOL,
    k17_gaussian_series,
)
from marginlab.experiments.gaussian_series.study import (
    gaussian_series_table,
    tail_bound,
)
from marginlab.pipeline.jobs import place_rows, plotter

from ..flips import flips
from .conftest import assert_legends_clear


@settings(max_examples=60, deadline=None)
@given(
    x=st.lists(st.floats(-3, 3), min_size=2, max_size=2),
    z=st.lists(st.floats(-3, 3), min_size=2, max_size=2),
    sigma=st.floats(0.3, 3.0),
    N=st.integers(0, 30),
)
def test_the_error_never_exceeds_the_taylor_tail(x, z, sigma, N) -> None:
    X = np.array([x, z])
    phi = gaussian_series(X, sigma, N)
    error = abs(phi[0] @ phi[1] - np.exp(-np.sum((X[0] - X[1]) ** 2) / (2 * sigma**2)))
    assert error <= tail_bound(X, sigma, [N])[0, 0, 1] + 1e-13


@pytest.fixture(scope="module")
def series() -> pd.DataFrame:
    data = make_dataset({"generator": "moons", "n_samples": 30, "seed": 4})
    return gaussian_series_table(data, [0.5, 2.0], max_degree=90, n_points=20)


def test_table_shape_and_convergence(series) -> None:
    assert len(series) == 2 * 91
    assert (series["n_coordinates"] == series["dimension_formula"]).all()
    assert series.groupby("sigma")["n_pairs"].first().tolist() == [210, 210]
    last = series[series["degree"] == 90]
    assert (last["max_error"] < 1e-12).all()
    # Smaller σ, larger |s|: the error of σ = 0.5 is still large where σ = 2's
    # is already small.
    at10 = series[series["degree"] == 10].set_index("sigma")["max_error"]
    assert at10[0.5] > 1e-3 > 1e-6 > at10[2.0]


def test_k17_rows_hold_on_the_measured_series(series) -> None:
    rows = place_rows("K17", k17_gaussian_series(series))
    assert [r.key for r in rows] == [
        "K17/tail_bound",
        "K17/rise/nonneg",
        "K17/rise/neg",
        "K17/coordinates",
        "K17/converged/sigma=0.5",
        "K17/converged/sigma=2",
    ]
    assert [r.kind for r in rows] == ["theorem", "theorem", "illustration"] + [
        "check"
    ] * 3
    assert [r.verdict for r in rows] == ["true", "true", "n/a", "true", "true", "true"]
    assert "first ≤ 1e-12 at N = " in rows[4].quantity


def _broken(series: pd.DataFrame, column: str, value: float) -> list:
    broken = series.copy()
    broken.loc[broken["degree"] == 5, column] = value
    return k17_gaussian_series(broken)


@pytest.mark.can_fail("K17")
def test_k17_theorem_rows_follow_the_numbers(series) -> None:
    """Each theorem row flips alone: an error above its Taylor bound (row 1),
    an error that grew with N where x·z ≥ 0 (row 2)."""
    rows = _broken(series, "max_excess", 1e-6)
    flips("K17", "tail_bound", rows)
    assert [i for i, r in enumerate(rows) if r.holds is False] == [0]
    rows = _broken(series, "max_rise_nonneg", 1e-6)
    flips("K17", "rise/nonneg", rows)
    assert [i for i, r in enumerate(rows) if r.holds is False] == [1]


@pytest.mark.can_fail("K17")
def test_k17_theorem_rows_fail_for_a_wrong_map(series, monkeypatch) -> None:
    """The map broken (the x1² coordinate of degree 2 lost): the inner
    product misses a positive term, so the error exceeds the tail bound from
    N = 2 on (row 1), and on pairs with x·z ≥ 0 but x1z1·x2z2 < 0 the degree-2
    terms left add up to a negative amount, so the error rises at N = 2
    (row 2)."""
    from marginlab.experiments.gaussian_series import study

    def lossy(X, sigma, degree):
        phi = np.array(gaussian_series(X, sigma, degree))
        if degree >= 2:
            phi[:, 3] = 0.0  # the first coordinate of total degree 2
        return phi

    monkeypatch.setattr(study, "gaussian_series", lossy)
    data = make_dataset({"generator": "moons", "n_samples": 30, "seed": 4})
    broken = study.gaussian_series_table(data, [2.0], max_degree=12, n_points=10)
    rows = k17_gaussian_series(broken)
    flips("K17", "tail_bound", rows)
    flips("K17", "rise/nonneg", rows)
    assert [(r.kind, r.holds) for r in rows[:2]] == [
        ("theorem", False),
        ("theorem", False),
    ]


def test_k17_map_size_check_follows_the_numbers(series) -> None:
    broken = series.copy()
    broken.loc[broken["degree"] == 5, "n_coordinates"] = 7  # a map of the wrong size
    rows = k17_gaussian_series(broken)
    assert [i for i, r in enumerate(rows) if r.holds is False] == [3]
    assert rows[3].kind == "check"


def test_k17_a_series_stopped_too_early_does_not_hold(series) -> None:
    short = series[series["degree"] <= 20]
    rows = k17_gaussian_series(short)
    verdicts = {r.name: r.holds for r in rows[4:]}
    assert {r.kind for r in rows[4:]} == {"check"}
    assert verdicts == {"converged/sigma=0.5": False, "converged/sigma=2": True}
    assert "not ≤ 1e-12 at any N ≤ 20" in rows[4].quantity


def test_figure_draws(series, tmp_path) -> None:
    save_figure(plotter("gaussian_series")(series), tmp_path / "s.png")
    assert (tmp_path / "s.png").stat().st_size > 1000


def test_figure_titles_are_neutral_and_the_dots_follow_the_table(series) -> None:
    """No "smaller σ converges later" whatever the errors: the titles say
    what is drawn, and the first N at which each σ reached the rows'
    tolerance (the dots' legend) is read from the table, so an error held up
    at the smallest σ moves its N."""
    fig = plotter("gaussian_series")(series)
    titles = [fig.get_suptitle(), *(ax.get_title() for ax in fig.axes)]
    legend = [t.get_text() for t in fig.axes[1].get_legend().get_texts()]
    plt.close(fig)
    for word in ("later", "converges"):
        assert not any(word in t for t in titles), word
    assert titles[1] == "Truncation error against N, per σ"

    def first_n(table: pd.DataFrame) -> list[str]:
        reached = table[table["max_error"] <= SERIES_TOL]
        return [
            f"σ = {s:g}: N = {int(p['degree'].min())}"
            for s, p in reached.groupby("sigma", sort=True)
        ]

    assert legend == first_n(series)
    late = series.copy()
    smallest = late["sigma"] == late["sigma"].min()
    last = late.loc[smallest, "degree"].max()
    late.loc[smallest & (late["degree"] < last), "max_error"] = 1.0
    fig = plotter("gaussian_series")(late)
    legend = [t.get_text() for t in fig.axes[1].get_legend().get_texts()]
    plt.close(fig)
    assert legend == first_n(late)
    assert legend[0] == f"σ = {late['sigma'].min():g}: N = {int(last)}"


def test_the_legends_are_below_the_panels_off_the_curves(series) -> None:
    """Both legends (the left one lay across the curves, the right one under a
    dotted line) are below their panels, 8 pt or more, off every panel and x
    label; the rounding allowance is named in the legend, not written on the
    panel where curves crossed it."""
    fig = plotter("gaussian_series")(series)
    try:
        assert len(fig.axes[0].texts) == 0
        left = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
        assert "rounding allowance 1e-12" in left
    finally:
        assert_legends_clear(fig, ticks=False)
