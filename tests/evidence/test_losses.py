"""The losses room (B13): the margin grid and the claim rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.losses.claims import b13_losses
from marginlab.experiments.losses.study import margin_grid
from marginlab.pipeline.jobs import plotter
from marginlab.theory.losses import hinge, loss_curves


def test_margin_grid_contains_the_kinks() -> None:
    grid = margin_grid(-2.0, 2.0, 7)  # linspace step 2/3 misses 0 and 1
    assert {0.0, 1.0} <= set(grid)
    assert np.all(np.diff(grid) > 0)
    with pytest.raises(ValueError, match="low < high"):
        margin_grid(1.0, 1.0, 5)


def test_b13_rows_hold_on_the_real_losses() -> None:
    rows = b13_losses(loss_curves(margin_grid(-3, 3, 61)))
    assert [r.name for r in rows] == [
        "gap/exponential",
        "gap/hinge",
        "gap/logistic",
        "gap/square",
    ]
    assert all(r.holds for r in rows)
    hinge = next(r for r in rows if r.name == "gap/hinge")
    assert hinge.measured == 0.0  # equality for u >= 1


def test_b13_reports_a_loss_that_dips_below_zero_one() -> None:
    """B13's rows are checks (fixed formulas on a fixed grid), yet they read
    what they measure: a 'loss' below 1{u<0} somewhere gives holds=false."""
    u = margin_grid(-2, 2, 41)
    curves = loss_curves(u)
    assert all(r.holds for r in b13_losses(curves))
    bad = pd.DataFrame({"margin": u, "loss": "half_hinge", "value": hinge(u) / 2})
    rows = b13_losses(pd.concat([curves, bad], ignore_index=True))
    half = next(r for r in rows if r.name == "gap/half_hinge")
    assert half.kind == "check"
    assert half.measured == pytest.approx(-0.45)  # at u = -0.1: 1.1/2 - 1
    assert half.as_record()["holds"] == "false"
    # Every surrogate of the lecture at half its height dips below 1{u<0}
    # just left of 0 (where each is about 1 or 1.1): each row fails.
    halved = curves.assign(
        value=curves["value"].where(curves["loss"] == "zero_one", curves["value"] / 2)
    )
    rows = [r for r in b13_losses(halved) if not r.holds]
    assert [r.name for r in rows] == [
        "gap/exponential",
        "gap/hinge",
        "gap/logistic",
        "gap/square",
    ]


def test_the_title_counts_the_surrogates_above_zero_one(tmp_path) -> None:
    """No "convex surrogates upper-bound the zero-one loss" over curves that
    can say otherwise: the title counts the drawn losses that stay ≥ 1{u < 0}
    on the grid, as rows B13 do, and follows one halved."""
    curves = loss_curves(margin_grid(-2, 2, 41))
    fig = plotter("losses")(curves)
    assert fig.axes[0].get_title() == (
        "Surrogate losses against the zero-one loss (B13): 4 of 4 ≥ 1{u < 0} "
        "on the grid"
    )
    save_figure(fig, tmp_path / "l.png")
    assert (tmp_path / "l.png").stat().st_size > 1000
    halved = curves.assign(
        value=curves["value"].where(curves["loss"] != "hinge", curves["value"] / 2)
    )
    assert [r.holds for r in b13_losses(halved)].count(False) == 1
    fig = plotter("losses")(halved)
    assert ": 3 of 4 ≥ 1{u < 0}" in fig.axes[0].get_title()
    plt.close(fig)
