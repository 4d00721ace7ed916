"""The perceptron_xor room (K7): the study and the claim rows."""

from __future__ import annotations

import pytest

from kernelboost.core.datasets import make_dataset
from kernelboost.experiments.perceptron_xor.claims import k7_perceptron_xor
from kernelboost.experiments.perceptron_xor.study import (
    xor_epochs_table,
    xor_points_table,
)


@pytest.mark.can_fail("K7")
def test_xor_study_and_k7_rows() -> None:
    data = make_dataset({"generator": "xor", "n_samples": 40})
    epochs = xor_epochs_table(data, max_epochs=20)
    points = xor_points_table(data, max_epochs=20)
    rows = k7_perceptron_xor(epochs, points)
    assert [r.holds for r in rows] == [True, True, True]
    assert rows[0].measured == 0.5
    # A kernel perceptron that had not separated the data is reported.
    bad = epochs.copy()
    bad.loc[bad["model"].str.startswith("kernel"), "train_error"] = 0.1
    assert k7_perceptron_xor(bad, points)[1].holds is False
