"""Input and parameter checks shared by every estimator and generator.

Error messages follow one format, modelled on scikit-learn's::

    The 'sigma' parameter of Gaussian must be a float in the range (0, inf). Got -1.
"""

from __future__ import annotations

import numbers
import sys
import warnings
from typing import Literal

import numpy as np

from .exceptions import _data_conversion_warning_class

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
    plain = value.item() if isinstance(value, np.generic) else value
    if not in_interval(value, kind=kind, low=low, high=high, closed=closed):
        raise ValueError(
            f"The '{name}' parameter of {owner} must be "
            f"{describe_interval(kind=kind, low=low, high=high, closed=closed)}. "
            f"Got {plain!r}."
        )
    return plain


def describe_interval(
    *,
    kind: Literal["int", "float"] = "float",
    low: float = -np.inf,
    high: float = np.inf,
    closed: Closed = "neither",
) -> str:
    """The words of :func:`check_scalar`'s message: ``an int in the range [1, inf)``."""
    lo_br, hi_br = _BRACKETS[closed]
    what = "an int" if kind == "int" else "a float"
    return f"{what} in the range {lo_br}{_fmt(low)}, {_fmt(high)}{hi_br}"


def in_interval(
    value: object,
    *,
    kind: Literal["int", "float"] = "float",
    low: float = -np.inf,
    high: float = np.inf,
    closed: Closed = "neither",
) -> bool:
    """Whether :func:`check_scalar` accepts ``value`` (it raises exactly when not)."""
    plain = value.item() if isinstance(value, np.generic) else value
    wanted = numbers.Integral if kind == "int" else numbers.Real
    if isinstance(plain, bool) or not isinstance(value, wanted):
        return False
    if plain != plain:  # NaN; no float() so that huge ints cannot overflow
        return False
    ok_low = value >= low if closed in ("both", "left") else value > low
    ok_high = value <= high if closed in ("both", "right") else value < high
    return bool(ok_low and ok_high)


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


def _is_sparse(X: object) -> bool:
    """Whether ``X`` is a scipy sparse matrix or array. Until something has
    imported ``scipy.sparse`` nothing can be one, so it is not imported here:
    that would cost every pipeline job about 0.08 s."""
    sparse = sys.modules.get("scipy.sparse")
    return sparse is not None and bool(sparse.issparse(X))


def check_array(X: object, name: str = "X") -> np.ndarray:
    """Return ``X`` as a finite float64 array of shape (n_samples, n_features).

    Raises
    ------
    TypeError
        For a sparse matrix (dense data only), or entries that are not numbers.
    ValueError
        For complex data, a shape other than (n_samples ≥ 1, n_features ≥ 1),
        or a NaN or infinite entry (the first one, in row-major order, is
        named with its row and column). The wording contains what
        scikit-learn's estimator checks look for ("Reshape your data",
        "0 feature(s) (shape=…) while a minimum of 1 is required", "NaN",
        "inf", "Complex data not supported").
    """
    if _is_sparse(X):
        raise TypeError(
            f"{name} is a sparse {type(X).__name__}; marginlab needs dense data "
            f"(use {name}.toarray())."
        )
    arr = np.asarray(X)
    if np.iscomplexobj(arr):
        raise ValueError(
            f"Complex data not supported: {name} has dtype {arr.dtype}; "
            "marginlab needs real numbers."
        )
    arr = arr.astype(np.float64, copy=False)
    if arr.ndim == 1:
        raise ValueError(
            f"{name} must be 2-D of shape (n_samples, n_features); got a 1-D array. "
            "Reshape your data with X.reshape(-1, 1) for one feature or "
            "X.reshape(1, -1) for one sample."
        )
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D; got {arr.ndim} dimensions.")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} has no samples (shape {arr.shape}).")
    if arr.shape[1] == 0:
        raise ValueError(
            f"{name} has no features: 0 feature(s) (shape={arr.shape}) while a "
            "minimum of 1 is required."
        )
    if not np.isfinite(arr).all():
        row, col = np.argwhere(~np.isfinite(arr))[0]
        bad = arr[row, col]
        raise ValueError(
            f"{name} contains a non-finite value ({'NaN' if bad != bad else bad}) "
            f"at row {row}, column {col}."
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


def check_two_classes(classes: np.ndarray, owner: str) -> None:
    """Refuse the training labels of a classifier when they hold one class.

    Every classifier's ``fit`` calls this (through :func:`encode_labels`): a
    classifier separates classes, and one class leaves nothing to separate
    (the SVM's dual has no feasible point with a margin on both sides;
    AdaBoost's constant stump would be "perfect" and its bounds meaningless).
    scikit-learn's ``SVC`` and ``LogisticRegression`` refuse it too.

    Parameters
    ----------
    classes : ndarray of shape (n_classes,)
        The distinct labels of y (``numpy.unique(y)``), at least one.
    owner : str
        The estimator's name, which starts the message.

    Raises
    ------
    ValueError
        ``<owner> needs both classes in y; got one class (all labels are
        +1).``, the label shown as ``+1`` or ``-1`` for the lectures' ±1,
        else by its ``repr``.
    """
    if classes.size >= 2:
        return
    label = classes.tolist()[0]
    plus_minus = isinstance(label, int | float) and not isinstance(label, bool)
    shown = f"{label:+g}" if plus_minus and label in (-1, 1) else repr(label)
    raise ValueError(
        f"{owner} needs both classes in y; got one class (all labels are {shown})."
    )


def flatten_column_vector(y: object, *, stacklevel: int = 4) -> np.ndarray:
    """``y`` as an array; a column vector (n, 1) is flattened, with a warning.

    The :class:`~marginlab.core.contract.exceptions.DataConversionWarning` carries
    scikit-learn's wording and, when scikit-learn is loaded, derives from its
    class too, so that scikit-learn's ``check_supervised_y_2d`` sees it under
    any filters. ``stacklevel`` 4 points at the caller of ``fit`` (this
    function < ``_validate_data`` or ``encode_labels`` < ``fit``).
    """
    arr = np.asarray(y)
    if arr.ndim == 2 and arr.shape[1] == 1:
        warnings.warn(
            "A column-vector y was passed when a 1d array was expected; it is "
            "flattened to shape (n_samples,). Pass y.ravel() to avoid this warning.",
            _data_conversion_warning_class(),
            stacklevel=stacklevel,
        )
        arr = arr[:, 0]
    return arr


def encode_labels(
    y: object,
    n_samples: int,
    owner: str,
    *,
    multiclass: bool = False,
    margin_matrix: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Check the labels of a two-class problem and encode them as ±1.

    The lectures write the two classes as y ∈ {−1, +1}; a user's labels may be
    any two values (0/1, strings). The classes are sorted as ``numpy.unique``
    sorts them: the first is encoded −1, the second +1 (the positive class,
    predicted where the decision function is ≥ 0).

    Labels in {−1, +1} (numbers) keep their values, and the classes are
    ``[-1.0, 1.0]``: on such data an estimator predicts exactly as it did
    before it accepted other labels. Labels of one class are refused
    (:func:`check_two_classes`), unless ``margin_matrix``.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        A column vector of shape (n_samples, 1) is flattened with a
        :class:`~marginlab.core.contract.exceptions.DataConversionWarning`.
    n_samples : int
        Number of rows of X.
    owner : str
        The estimator's name, used in the messages.
    multiclass : bool, default=False
        Accept K > 2 classes, encoded as their positions 0, 1, …, K − 1 in
        ``classes`` (two classes are still encoded ±1).
    margin_matrix : bool, default=False
        Accept labels that are all +1 (or all −1), classes ``[-1.0, 1.0]``:
        boosting over a matrix of predictions on the training rows
        (:class:`~marginlab.HypothesisMatrix`) takes the margin matrix
        M_ij = y_i h_j(x_i) itself as H with y ≡ +1, the lectures' game
        form, in which one label is no degenerate problem (the two signs
        are in H). Other labels of one class are still refused.

    Returns
    -------
    y_pm : ndarray of shape (n_samples,)
        float64 labels in {−1.0, +1.0}; with ``multiclass`` and K > 2 classes,
        the codes 0.0, …, K − 1.
    classes : ndarray of shape (2,) or (K,)
        The original labels of −1 and +1, in that order (of the codes 0, …,
        K − 1).

    Raises
    ------
    ValueError
        For ``y=None``, a wrong length or shape, NaN or infinite values,
        non-integer numbers ("Unknown label type: continuous"), labels that
        cannot be ordered, one class (:func:`check_two_classes`), or, unless
        ``multiclass``, more than two classes ("Only binary classification
        is supported.").
    """
    if y is None:
        raise ValueError(f"{owner} requires y to be passed, but the target y is None.")
    arr = flatten_column_vector(y, stacklevel=5)
    if arr.ndim != 1:
        raise ValueError(
            f"y should be a 1d array of labels, got an array of shape {arr.shape}."
        )
    if arr.shape[0] != n_samples:
        raise ValueError(f"y has {arr.shape[0]} labels but X has {n_samples} samples.")
    if np.iscomplexobj(arr):
        raise ValueError(f"Complex data not supported: y has dtype {arr.dtype}.")
    numeric = arr.dtype.kind in "iuf"
    if arr.dtype.kind == "f":
        bad = ~np.isfinite(arr)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            value = "NaN" if np.isnan(arr[i]) else f"{arr[i]}"
            raise ValueError(f"y contains {value} at index {i}; labels must be finite.")
        fractional = arr != np.round(arr)
        if fractional.any():
            i = int(np.flatnonzero(fractional)[0])
            raise ValueError(
                f"Unknown label type: continuous. {owner} is a classifier and y "
                f"holds {float(arr[i])!r} at index {i}; pass two class labels."
            )
    try:
        classes = np.unique(arr)
    except TypeError as err:
        raise ValueError(
            f"Unknown label type: the labels in y cannot be ordered ({err})."
        ) from None
    plus_minus = numeric and bool(np.isin(classes, (-1, 1)).all())
    if not (margin_matrix and plus_minus):
        check_two_classes(classes, owner)
    if plus_minus:
        return arr.astype(np.float64), np.array([-1.0, 1.0])
    if classes.size == 2:
        return np.where(arr == classes[1], 1.0, -1.0), classes
    if multiclass:
        return np.searchsorted(classes, arr).astype(np.float64), classes
    shown = ", ".join(repr(c) for c in classes[:5].tolist())
    raise ValueError(
        "Only binary classification is supported. "
        f"y has {classes.size} classes ({shown}{', …' if classes.size > 5 else ''})"
        f"; {owner} separates two."
    )
