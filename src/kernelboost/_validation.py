"""Input and parameter checks shared by every estimator and generator.

Error messages follow one format, modelled on scikit-learn's::

    The 'sigma' parameter of Gaussian must be a float in the range (0, inf). Got -1.
"""

from __future__ import annotations

import numbers
from typing import Literal

import numpy as np

Closed = Literal["both", "left", "right", "neither"]

_BRACKETS = {
    "both": ("[", "]"),
    "left": ("[", ")"),
    "right": ("(", "]"),
    "neither": ("(", ")"),
}


def _fmt(v: float) -> str:
    if isinstance(v, float) and np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return f"{v:g}" if isinstance(v, float) else str(v)


def check_scalar(
    value: object,
    name: str,
    owner: str,
    *,
    kind: Literal["int", "float"] = "float",
    low: float = -np.inf,
    high: float = np.inf,
    closed: Closed = "neither",
) -> int | float:
    """Check that a hyper-parameter is a number inside an interval.

    Parameters
    ----------
    value : object
        The value given by the user.
    name, owner : str
        Parameter and class (or function) names, used in the message.
    kind : {"int", "float"}
        ``"int"`` accepts integers only; ``"float"`` accepts any real number
        (``bool`` is rejected for both).
    low, high : float
        Interval ends.
    closed : {"both", "left", "right", "neither"}
        Which ends belong to the interval.

    Returns
    -------
    int or float
        ``value`` unchanged (as a Python number).

    Raises
    ------
    ValueError
        With the message ``The '<name>' parameter of <owner> must be ...``.
    """
    lo_br, hi_br = _BRACKETS[closed]
    what = "an int" if kind == "int" else "a float"
    plain = value.item() if isinstance(value, np.generic) else value
    message = (
        f"The '{name}' parameter of {owner} must be {what} in the range "
        f"{lo_br}{_fmt(low)}, {_fmt(high)}{hi_br}. Got {plain!r}."
    )
    wanted = numbers.Integral if kind == "int" else numbers.Real
    if isinstance(plain, bool) or not isinstance(value, wanted):
        raise ValueError(message)
    if plain != plain:  # NaN; no float() so that huge ints cannot overflow
        raise ValueError(message)
    ok_low = value >= low if closed in ("both", "left") else value > low
    ok_high = value <= high if closed in ("both", "right") else value < high
    if not (ok_low and ok_high):
        raise ValueError(message)
    return plain


def check_random_state(seed: int | np.random.Generator | None) -> np.random.Generator:
    """Return a ``numpy.random.Generator`` for ``seed`` (an int, a Generator, None)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or (
        isinstance(seed, numbers.Integral) and not isinstance(seed, bool)
    ):
        return np.random.default_rng(seed)
    raise ValueError(
        f"random_state must be an int, a numpy.random.Generator or None. Got {seed!r}."
    )


def check_array(X: object, name: str = "X") -> np.ndarray:
    """Return ``X`` as a finite float64 array of shape (n_samples, n_features)."""
    arr = np.asarray(X, dtype=np.float64)
    if arr.ndim == 1:
        raise ValueError(
            f"{name} must be 2-D of shape (n_samples, n_features); got a 1-D array. "
            "Reshape with X.reshape(-1, 1) for one feature."
        )
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D; got {arr.ndim} dimensions.")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} has no samples (shape {arr.shape}).")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has no features (shape {arr.shape}).")
    if not np.isfinite(arr).all():
        row, col = np.argwhere(~np.isfinite(arr))[0]
        raise ValueError(
            f"{name} contains a non-finite value ({arr[row, col]}) at row {row}, "
            f"column {col}."
        )
    return arr


def check_labels(y: object, n_samples: int, name: str = "y") -> np.ndarray:
    """Return ``y`` as a float64 vector of ``n_samples`` labels in {-1, +1}."""
    arr = np.asarray(y, dtype=np.float64).ravel()
    if arr.shape[0] != n_samples:
        raise ValueError(
            f"{name} has {arr.shape[0]} labels but X has {n_samples} samples."
        )
    bad = ~np.isin(arr, (-1.0, 1.0))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{name} must hold labels in {{-1, +1}}; "
            f"got {float(arr[i])!r} at index {i}."
        )
    return arr


def check_X_y(X: object, y: object) -> tuple[np.ndarray, np.ndarray]:
    """``X`` as by :func:`check_array` and ``y`` as a finite float64 vector of
    the same length (labels or regression targets)."""
    X = check_array(X)
    y = np.asarray(y, dtype=np.float64).ravel()
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y has {y.shape[0]} values but X has {X.shape[0]} samples.")
    if not np.isfinite(y).all():
        i = int(np.flatnonzero(~np.isfinite(y))[0])
        raise ValueError(f"y contains a non-finite value ({y[i]}) at index {i}.")
    return X, y
