"""What the boosting studies share: a fit that records a no-edge stop quietly."""

from __future__ import annotations

import warnings

import numpy as np

from ...estimators.boosting.adaboost import AdaBoost
from ...estimators.boosting.ensemble import NoEdgeWarning


def fit_quietly(model: AdaBoost, X: np.ndarray, y: np.ndarray) -> AdaBoost:
    """Fit, recording a no-edge stop in ``stop_reason_`` instead of warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoEdgeWarning)
        return model.fit(X, y)
