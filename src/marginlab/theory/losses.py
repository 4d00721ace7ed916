"""Margin losses: the zero-one loss and the convex surrogates that bound it.

Each loss is a function of the margin u = y·f(x) (Mohri, Boosting, "Alternative Loss
Functions"): zero-one 1{u < 0}, exponential e^{−u} (AdaBoost's), logistic
log₂(1 + e^{−u}), hinge max(1 − u, 0) and square (1 − u)²·1{u ≤ 1}.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

_LN2 = np.log(2.0)


def zero_one(u: np.ndarray) -> np.ndarray:
    """Zero-one loss 1{u < 0}."""
    return (np.asarray(u, dtype=float) < 0).astype(float)


def exponential(u: np.ndarray) -> np.ndarray:
    """Exponential loss e^{−u}, the loss AdaBoost descends."""
    return np.exp(-np.asarray(u, dtype=float))


def logistic(u: np.ndarray) -> np.ndarray:
    """Logistic loss in base 2, log₂(1 + e^{−u}) (equal to 1 at u = 0)."""
    return np.logaddexp(0.0, -np.asarray(u, dtype=float)) / _LN2


def hinge(u: np.ndarray) -> np.ndarray:
    """Hinge loss max(1 − u, 0), the SVM's."""
    return np.maximum(1.0 - np.asarray(u, dtype=float), 0.0)


def square(u: np.ndarray) -> np.ndarray:
    """Square loss (1 − u)²·1{u ≤ 1}, as in Mohri, Boosting."""
    u = np.asarray(u, dtype=float)
    return np.where(u <= 1.0, (1.0 - u) ** 2, 0.0)


#: The surrogate losses by name, in the order they are plotted.
SURROGATES: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "exponential": exponential,
    "logistic": logistic,
    "hinge": hinge,
    "square": square,
}


def loss_curves(u: np.ndarray) -> pd.DataFrame:
    """Tidy table ``margin, loss, value`` of the zero-one loss and every surrogate."""
    u = np.asarray(u, dtype=float)
    curves = {"zero_one": zero_one, **SURROGATES}
    return pd.concat(
        [
            pd.DataFrame({"margin": u, "loss": name, "value": f(u)})
            for name, f in curves.items()
        ],
        ignore_index=True,
    )
