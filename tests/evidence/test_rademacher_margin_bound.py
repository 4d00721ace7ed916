"""The rademacher_margin_bound room (B16): the bound's table, the claim rows
and the figure."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.rademacher_margin_bound.claims import (
    b16_rademacher_margin_bound,
)
from marginlab.experiments.rademacher_margin_bound.study import rademacher_bound_table
from marginlab.pipeline.jobs import place_rows, plotter
from marginlab.theory.rademacher import monte_carlo_deviation
from tests.flips import flips

# --- the study and the claim rows ----------------------------------------------------


def _table(spec: dict, **kw) -> pd.DataFrame:
    args = (
        dict(
            n_rounds=40,
            test_fraction=0.5,
            split_seed=1,
            rhos=[0.05, 0.2, 0.5, 1.0],
            n_draws=20,
            seed=0,
            delta=0.05,
            mc_delta=0.01,
        )
        | kw
    )
    table = rademacher_bound_table(make_dataset(spec), **args)
    table.insert(0, "dataset", spec["generator"])
    return table


@pytest.fixture(scope="module")
def small() -> pd.DataFrame:
    return _table({"generator": "moons", "n_samples": 100, "noise": 0.2, "seed": 0})


@pytest.fixture(scope="module")
def large() -> pd.DataFrame:
    return _table({"generator": "moons", "n_samples": 8000, "noise": 0.2, "seed": 4})


def test_bound_table_terms(small) -> None:
    t = small
    assert len(t) == 4
    np.testing.assert_allclose(
        t["rad_bound"], t["margin_loss"] + t["rad_complexity"] + t["rad_confidence"]
    )
    np.testing.assert_allclose(
        t["rad_complexity"], 2 / t["rho"] * t["rademacher_upper"], rtol=1e-12
    )
    assert (t["train_error"] <= t["margin_loss"] + 1e-15).all()
    assert (t["margin_loss"] <= t["fraction"] + 1e-15).all()
    first = t.iloc[0]
    m, G = int(first["n_train"]), int(first["grid_size"])
    assert G == 4
    # δ is shared by the G values of ρ.
    assert first["rad_confidence"] == pytest.approx(
        3 * math.sqrt(math.log(2 * G / 0.05) / (2 * m))
    )
    assert first["vc_dimension"] == 3  # stumps on R²
    assert first["rademacher_upper"] == pytest.approx(
        first["rademacher_mean"] + monte_carlo_deviation(m, 20, 0.01)
    )
    with pytest.raises(ValueError, match=r"rhos of rademacher_bound_table"):
        _table({"generator": "moons", "n_samples": 40, "seed": 0}, rhos=[0.0, 0.5])


def test_a_vacuous_bound_is_an_illustration(small) -> None:
    rows = place_rows("B16", b16_rademacher_margin_bound(small))
    assert [r.id for r in rows] == ["B16", "B16"]
    assert [r.name for r in rows] == ["bound/rad/moons", "bound/vc/moons"]
    assert all(r.kind == "illustration" and r.holds is None for r in rows)
    assert all("vacuous" in r.title and r.measured >= 1 for r in rows)


@pytest.mark.can_fail("B16")
def test_rows_hold_where_the_bound_says_something_and_can_fail(large) -> None:
    rad, vc = b16_rademacher_margin_bound(large)
    assert (rad.name, vc.name) == ("bound/rad/moons", "bound/vc/moons")
    assert rad.kind == "theorem"
    assert rad.bound < 1
    assert rad.holds is True
    assert rad.ci_low <= rad.measured <= rad.ci_high
    best = large.loc[large["rad_bound"].idxmin()]
    assert rad.bound == pytest.approx(best["rad_bound"])
    assert f"rho = {best['rho']:g}" in rad.quantity
    # A test error above the bound makes the row false (a δ-event or a bug).
    worse = large.copy()
    n = int(worse["n_test"].iloc[0])
    worse["test_mistakes"] = int(0.95 * n)
    worse["test_error"] = worse["test_mistakes"] / n
    rows = b16_rademacher_margin_bound(worse)
    assert [r.kind for r in rows] == ["theorem", "theorem"]
    flips("B16", "bound/rad/*", rows)
    flips("B16", "bound/vc/*", rows)
    # A test error whose interval straddles the bound is not resolved.
    near = large.copy()
    near["rad_bound"] = near["rad_bound"] - near["rad_bound"].min() + rad.measured
    assert b16_rademacher_margin_bound(near)[0].verdict == "not resolved"


def test_figure_draws(small, large, tmp_path) -> None:
    path = tmp_path / "f.png"
    save_figure(
        plotter("rademacher_margin_bound")(
            pd.concat([small, large.assign(dataset="big")])
        ),
        path,
    )
    assert path.stat().st_size > 1000


def test_no_text_of_the_figure_overlaps_another_or_a_curve(small, large) -> None:
    """With the full run's five panels and names, no two texts overlap (the
    titles once ran into each other); no text is written inside a panel (the
    grey line at 1 is named in the legend, not by a label the curves
    crossed); one legend, in fonts of 8 pt, lies below the panels."""
    names = ["breast_cancer", "moons", "moons_label_noise", "three_clusters"]
    bounds = pd.concat(
        [small.assign(dataset=name) for name in names]
        + [large.assign(dataset="moons_large")]
    )
    fig = plotter("rademacher_margin_bound")(bounds)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        texts = [t for t in fig.findobj(plt.Text) if t.get_visible() and t.get_text()]
        boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
        (legend,) = fig.legends
        below = legend.get_window_extent(renderer)
        panels = [ax.get_window_extent(renderer) for ax in fig.axes]
        inside = [ax.texts for ax in fig.axes]
        labels = [t.get_text() for t in legend.get_texts()]
        sizes = [t.get_fontsize() for t in legend.get_texts()]
    finally:
        plt.close(fig)
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1 :]:
            assert not box.overlaps(other), (a, b)
    assert all(not t for t in inside)
    assert all(below.y1 <= panel.y0 for panel in panels)
    assert min(sizes) >= 8
    assert "1: a bound above it is vacuous" in labels
