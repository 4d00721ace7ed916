"""z-scoring (marginlab.experiments._shared.scaling): the training statistics
only, and when standardizing is needed."""

from __future__ import annotations

import numpy as np

from marginlab.experiments._shared.scaling import needs_standardizing, zscore


def test_zscore_uses_the_training_statistics_only() -> None:
    train = np.array([[0.0, 5.0], [2.0, 5.0]])
    other = np.array([[4.0, 7.0]])
    z_train, z_other = zscore(train, other)
    assert z_train.tolist() == [[-1.0, 0.0], [1.0, 0.0]]
    assert z_other.tolist() == [[3.0, 2.0]]  # constant feature: only centred
    assert not needs_standardizing(np.random.default_rng(0).standard_normal((50, 2)))
    assert needs_standardizing(np.column_stack([np.arange(50.0) * 100, np.ones(50)]))
