"""The noise_robustness room (B12): AdaBoost under label noise, the table and
the claim rows."""

from __future__ import annotations

import numpy as np
import pytest

from kernelboost.experiments.noise_robustness.claims import b12_noise_robustness
from kernelboost.experiments.noise_robustness.study import top_weight_precision
from kernelboost.pipeline.jobs import place_rows


def test_top_weight_precision_counts_flipped_among_the_heaviest() -> None:
    yf = np.array([-2.0, 1.0, -1.0, 3.0, -0.5])  # weights ∝ exp(−y f)
    flipped = np.array([True, False, False, False, True])
    # The two heaviest are points 0 and 2: one of them was flipped.
    assert top_weight_precision(yf, flipped) == 0.5
    assert np.isnan(top_weight_precision(yf, np.zeros(5, dtype=bool)))


def test_noise_table_flips_only_training_labels(noise) -> None:
    assert noise["rate"].tolist() == [0.0, 0.1, 0.3]
    assert noise["n_flipped"].tolist() == [0, 8, 24]
    assert np.isnan(noise["precision"].iloc[0])
    assert noise["precision"].iloc[1:].between(0, 1).all()
    rows = place_rows("B12", b12_noise_robustness(noise))
    assert [r.id for r in rows] == ["B12"] * 3
    # The base rate: the expected precision of 8 of 80 points picked at random.
    assert rows[1].bound == pytest.approx(8 / 80)
    assert all(r.ci_low <= r.measured <= r.ci_high for r in rows)


@pytest.mark.can_fail("B12")
def test_b12_rows_follow_the_numbers(noise) -> None:
    n_test = int(noise["n_test"].iloc[0])
    strong = noise.copy()
    strong["adaboost_test_error"] = [0.0, 0.0, 1.0]
    strong["precision"] = [np.nan, 1.0, 1.0]
    assert [r.verdict for r in b12_noise_robustness(strong)] == ["true"] * 3
    flat = noise.copy()
    flat["adaboost_test_error"] = 1 / n_test  # the same error at every rate
    flat["precision"] = [np.nan, 1 / 8, 0.0]  # about the base rate, and below it
    rows = b12_noise_robustness(flat)
    assert [r.verdict for r in rows] == ["not resolved", "not resolved", "false"]
    # One test point more at the largest rate is not evidence of damage.
    bump = flat.copy()
    bump.loc[bump.index[-1], "adaboost_test_error"] = 2 / n_test
    assert b12_noise_robustness(bump)[0].verdict == "not resolved"
