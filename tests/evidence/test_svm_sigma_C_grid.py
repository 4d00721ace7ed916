"""The svm_sigma_C_grid room (K11): panel ids, the panels and the claim rows."""

from __future__ import annotations

import pandas as pd
import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments.svm_sigma_C_grid.claims import k11_svm_sigma_C_grid
from kernelboost.experiments.svm_sigma_C_grid.study import panel_id, svm_panel

# --- K11: the σ/C grid ------------------------------------------------------


def test_panel_ids() -> None:
    assert panel_id(1.0, float("inf")) == "s1_Cinf"
    assert panel_id(0.25, 100.0) == "s0.25_C100"


@pytest.mark.can_fail("K11")
def test_k11_panels_and_rows() -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 60, "noise": 0.15, "seed": 4}
    )
    panels = [(1.0, float("inf")), (1.0, 100.0), (1.0, 10.0), (0.25, float("inf"))]
    outputs = [svm_panel(data, s, C, 1e-3, 20) for s, C in panels]
    summary = pd.concat([o[0] for o in outputs], ignore_index=True)
    surface, points = outputs[0][1], outputs[0][2]
    assert len(surface) == 400
    assert points["support"].sum() == summary["n_sv"].iloc[0]
    rows = k11_svm_sigma_C_grid(summary)
    assert [r.title for r in rows] == [
        "margin does not shrink as C decreases (σ = 1)",
        "hard margin (C = ∞) separates the data (σ = 1)",
        "hard margin (C = ∞) separates the data (σ = 0.25)",
    ]
    assert all(r.holds for r in rows)
    # A margin that shrank when C decreased is reported.
    shrunk = summary.copy()
    shrunk.loc[2, "margin"] = 0.5 * shrunk.loc[1, "margin"]
    assert k11_svm_sigma_C_grid(shrunk)[0].holds is False
