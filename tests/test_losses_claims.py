from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernelboost.experiments._shared.rows import (
    COLUMNS,
    ClaimRow,
    read_rows,
    render_markdown,
    to_frame,
)
from kernelboost.experiments.losses.claims import b13_losses
from kernelboost.experiments.losses.study import margin_grid
from kernelboost.pipeline.jobs import place_rows
from kernelboost.theory.losses import (
    SURROGATES,
    exponential,
    hinge,
    logistic,
    loss_curves,
    square,
    zero_one,
)


@settings(max_examples=200, deadline=None)
@given(u=st.floats(-50, 50, allow_nan=False))
def test_every_surrogate_bounds_the_zero_one_loss(u: float) -> None:
    for name, loss in SURROGATES.items():
        assert loss(np.array([u]))[0] >= zero_one(np.array([u]))[0], name


def test_values_at_the_kinks() -> None:
    u = np.array([-1.0, 0.0, 1.0, 2.0])
    np.testing.assert_array_equal(zero_one(u), [1, 0, 0, 0])
    np.testing.assert_allclose(exponential(u), np.exp(-u))
    np.testing.assert_allclose(logistic(u)[1], 1.0)
    np.testing.assert_array_equal(hinge(u), [2, 1, 0, 0])
    np.testing.assert_array_equal(square(u), [4, 1, 0, 0])


def test_logistic_is_stable_for_large_negative_margins() -> None:
    assert logistic(np.array([-1000.0]))[0] == pytest.approx(1000 / np.log(2))


def test_margin_grid_contains_the_kinks() -> None:
    grid = margin_grid(-2.0, 2.0, 7)  # linspace step 2/3 misses 0 and 1
    assert {0.0, 1.0} <= set(grid)
    assert np.all(np.diff(grid) > 0)
    with pytest.raises(ValueError, match="low < high"):
        margin_grid(1.0, 1.0, 5)


def test_b13_rows_hold_on_the_real_losses() -> None:
    rows = b13_losses(loss_curves(margin_grid(-3, 3, 61)))
    assert [r.title.split()[0] for r in rows] == [
        "exponential",
        "hinge",
        "logistic",
        "square",
    ]
    assert all(r.holds for r in rows)
    hinge = next(r for r in rows if r.title.startswith("hinge"))
    assert hinge.measured == 0.0  # equality for u >= 1


@pytest.mark.can_fail("B13")
def test_b13_reports_a_loss_that_dips_below_zero_one() -> None:
    """The check can fail: a 'loss' below 1{u<0} somewhere gives holds=false."""
    u = margin_grid(-2, 2, 41)
    curves = loss_curves(u)
    bad = pd.DataFrame({"margin": u, "loss": "half_hinge", "value": hinge(u) / 2})
    rows = b13_losses(pd.concat([curves, bad], ignore_index=True))
    half = next(r for r in rows if r.title.startswith("half_hinge"))
    assert half.holds is False
    assert half.measured == pytest.approx(-0.45)  # at u = -0.1: 1.1/2 - 1
    assert half.as_record()["holds"] == "false"


def test_claim_row_relations_and_nan() -> None:
    row = dict(
        id="X1",
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        kind="theorem",
        figure="f",
    )
    assert ClaimRow(measured=1.0, bound=2.0, relation="<=", **row).holds
    assert not ClaimRow(measured=3.0, bound=2.0, relation="<=", **row).holds
    assert not ClaimRow(measured=np.nan, bound=2.0, relation="<=", **row).holds
    illustration = ClaimRow(measured=1.0, bound=np.nan, relation="n/a", **row)
    assert illustration.holds is None
    assert illustration.as_record()["holds"] == "n/a"


def test_rows_round_trip_and_render(tmp_path) -> None:
    rows = place_rows("B13", b13_losses(loss_curves(margin_grid(-2, 2, 11))))
    path = tmp_path / "B13.csv"
    to_frame(rows).to_csv(path, index=False)
    table = read_rows([path, path])
    assert list(table.columns) == list(COLUMNS)
    assert len(table) == 8
    assert set(table["holds"]) == {"true"}
    assert table["measured"].dtype == np.float64
    text = render_markdown(table)
    assert text.count("| B13 |") == 8
    assert "8 rows: of 8 rows of evidence, 8 held, 0 did not hold" in text
    assert "0 of 0 checks passed; 0 illustrations" in text
