"""The svm_sigma_C_grid room (K11): panel ids, the panels and the claim rows."""

from __future__ import annotations

import pandas as pd
import pytest

from marginlab.core.datasets import make_dataset
from marginlab.experiments.svm_sigma_C_grid.claims import k11_svm_sigma_C_grid
from marginlab.experiments.svm_sigma_C_grid.study import panel_id, svm_panel

from ..flips import flips

# --- K11: the σ/C grid ------------------------------------------------------


def test_panel_ids() -> None:
    assert panel_id(1.0, float("inf")) == "s1_Cinf"
    assert panel_id(0.25, 100.0) == "s0.25_C100"


@pytest.fixture(scope="module")
def summary() -> pd.DataFrame:
    data = make_dataset(
        {"generator": "moons", "n_samples": 60, "noise": 0.15, "seed": 4}
    )
    panels = [(1.0, float("inf")), (1.0, 100.0), (1.0, 10.0), (0.25, float("inf"))]
    outputs = [svm_panel(data, s, C, 1e-3, 20) for s, C in panels]
    surface, points = outputs[0][1], outputs[0][2]
    assert len(surface) == 400
    assert points["support"].sum() == outputs[0][0]["n_sv"].iloc[0]
    return pd.concat([o[0] for o in outputs], ignore_index=True)


def test_k11_panels_and_rows(summary) -> None:
    rows = k11_svm_sigma_C_grid(summary)
    assert [r.title for r in rows] == [
        "margin does not shrink as C decreases (σ = 1)",
        "hard margin (C = ∞) separates the data (σ = 1)",
        "hard margin (C = ∞) separates the data (σ = 0.25)",
    ]
    assert [r.name for r in rows] == [
        "margin/sigma=1",
        "hard_margin/sigma=1",
        "hard_margin/sigma=0.25",
    ]
    assert [r.kind for r in rows] == ["theorem", "check", "check"]
    assert all(r.holds for r in rows)
    # The hard-margin checks read the panels' training errors.
    assert [r.measured for r in rows[1:]] == [0.0, 0.0]


@pytest.mark.can_fail("K11")
def test_k11_margin_row_fails_when_the_margin_shrinks(summary) -> None:
    """K11's evidence row: a margin that shrank when C decreased (σ = 1,
    C = 100 → 10) is reported."""
    shrunk = summary.copy()
    shrunk.loc[2, "margin"] = 0.5 * shrunk.loc[1, "margin"]
    (row,) = flips("K11", "margin/*", k11_svm_sigma_C_grid(shrunk))
    assert (row.kind, row.holds) == ("theorem", False)
    assert row.measured == pytest.approx(-0.5)


def test_k11_hard_margin_check_reads_the_training_error(summary) -> None:
    erred = summary.copy()
    erred.loc[3, "train_error"] = 1 / 60
    rows = k11_svm_sigma_C_grid(erred)
    assert [(r.kind, r.holds) for r in rows[1:]] == [("check", True), ("check", False)]
