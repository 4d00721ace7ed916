"""The estimator contract: hyper-parameters, their checks, labels and scores.

Every estimator of marginlab follows scikit-learn's conventions without
depending on scikit-learn:

- ``__init__`` takes keyword-only hyper-parameters and stores them untouched;
  :meth:`Parameterized.get_params` reads their names from its signature, so
  :meth:`~Parameterized.set_params`, :func:`clone` and the ``repr`` need no
  list of names to keep up to date.
- Each class declares the allowed values once, in ``_parameter_constraints``;
  ``fit`` checks them (:meth:`Parameterized._validate_params`) and a bad
  value stops it with one line that names the parameter, the class, the
  allowed values and the value given::

      The 'C' parameter of SVM must be a float in the range (0, inf]. Got -1.

- ``fit(X, y)`` validates and returns ``self``; fitted attributes end with
  ``_``; prediction first checks that the estimator is fitted and that X has
  the ``n_features_in_`` columns it was fitted on.

Classifiers (:class:`ClassifierMixin`) accept any two labels — {−1, +1} as in
the lectures, {0, 1}, two strings — and expose them in ``classes_``.
Internally the labels are always ±1: ``classes_[0]`` is −1 and ``classes_[1]``
is +1, the class predicted where the decision function is ≥ 0. On labels in
{−1, +1} the classes are ``[-1.0, 1.0]``, so ``predict`` returns the float
labels −1.0 and +1.0 exactly as before.

The estimators also speak scikit-learn's protocol (``get_params``,
``set_params``, ``classes_``, ``n_features_in_``, ``score``,
``__sklearn_tags__``), so that ``sklearn.base.clone``, ``cross_val_score``,
``GridSearchCV`` and ``Pipeline`` accept them; the test suite runs
scikit-learn's own estimator checks on them.

Kernels and weak learners are hyper-parameters of estimators. They share the
parameter machinery (:class:`Parameterized`): cloning an SVM clones its
kernel, and ``GridSearchCV`` can tune ``kernel__sigma`` or
``weak_learner__depth``.
"""

from __future__ import annotations

import copy
import functools
import inspect
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal, Self, TypeVar

import numpy as np

from .exceptions import check_is_fitted
from .validation import (
    Closed,
    check_array,
    check_X_y,
    describe_interval,
    encode_labels,
    flatten_column_vector,
    in_interval,
)

__all__ = [
    "BaseEstimator",
    "Boolean",
    "ClassifierMixin",
    "Constraint",
    "InstanceOf",
    "Interval",
    "Options",
    "Parameterized",
    "RegressorMixin",
    "clone",
    "validate_parameter",
]

T = TypeVar("T")

# --- constraints ----------------------------------------------------------------------


class Constraint(ABC):
    """A set of allowed values of a hyper-parameter, with its description."""

    @abstractmethod
    def is_satisfied_by(self, value: object) -> bool:
        """Whether ``value`` is allowed."""

    @abstractmethod
    def __str__(self) -> str:
        """The words after "must be" in the error message."""


class Interval(Constraint):
    """A real or integer number in an interval, as :func:`check_scalar` checks.

    Parameters
    ----------
    kind : {"int", "float"}
        ``"int"`` accepts integers only, ``"float"`` any real number; ``bool``
        is rejected by both.
    low, high : float or None
        Interval ends; ``None`` is −∞ or +∞.
    closed : {"both", "left", "right", "neither"}, default="neither"
        Which ends belong to the interval.

    Examples
    --------
    >>> str(Interval("int", 1, None, closed="left"))
    'an int in the range [1, inf)'
    """

    def __init__(
        self,
        kind: Literal["int", "float"],
        low: float | None,
        high: float | None,
        *,
        closed: Closed = "neither",
    ) -> None:
        self.kind = kind
        self.low = -np.inf if low is None else low
        self.high = np.inf if high is None else high
        self.closed = closed

    def is_satisfied_by(self, value: object) -> bool:
        return in_interval(
            value, kind=self.kind, low=self.low, high=self.high, closed=self.closed
        )

    def __str__(self) -> str:
        return describe_interval(
            kind=self.kind, low=self.low, high=self.high, closed=self.closed
        )


class Options(Constraint):
    """One of a few fixed values (equal, and of the same type or a subtype:
    numpy's ``str_`` passes for ``str``).

    Examples
    --------
    >>> str(Options(("batch", "stochastic")))
    "'batch' or 'stochastic'"
    """

    def __init__(self, values: Sequence[object]) -> None:
        self.values = tuple(values)

    def is_satisfied_by(self, value: object) -> bool:
        return any(isinstance(value, type(v)) and value == v for v in self.values)

    def __str__(self) -> str:
        return _join_or([repr(v) for v in self.values])


class InstanceOf(Constraint):
    """An instance of one of ``types``, described as ``description``."""

    def __init__(self, types: type | tuple[type, ...], description: str) -> None:
        self.types = types
        self.description = description

    def is_satisfied_by(self, value: object) -> bool:
        return isinstance(value, self.types)

    def __str__(self) -> str:
        return self.description


class Boolean(Constraint):
    """``True`` or ``False`` (Python or numpy booleans)."""

    def is_satisfied_by(self, value: object) -> bool:
        return isinstance(value, bool | np.bool_)

    def __str__(self) -> str:
        return "a bool"


#: The allowed values of one parameter: any of these (``None`` allows None).
ConstraintList = list[Constraint | None]

#: The constraints of a ``random_state`` (or ``seed``) parameter.
RANDOM_STATE: ConstraintList = [
    Interval("int", 0, None, closed="left"),
    InstanceOf(np.random.Generator, "a numpy.random.Generator"),
    None,
]

#: In ``_parameter_constraints``: the parameter is checked elsewhere (e.g. a
#: matrix validated against the data in ``fit``).
NO_VALIDATION: Literal["no_validation"] = "no_validation"

ParameterConstraints = Mapping[str, ConstraintList | Literal["no_validation"]]


def _join_or(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _shown(value: object) -> str:
    plain = value.item() if isinstance(value, np.generic) else value
    text = repr(plain)
    return text if len(text) <= 80 else text[:77] + "..."


def validate_parameter(
    value: object,
    name: str,
    owner: str,
    constraints: list[Constraint | None] | Literal["no_validation"],
) -> None:
    """Raise ``ValueError`` unless ``value`` satisfies one of ``constraints``.

    ``None`` in the list allows the value ``None``. The message has one
    format for every parameter (the format of :func:`check_scalar`)::

        The '<name>' parameter of <owner> must be <allowed>. Got <value>.

    Examples
    --------
    >>> validate_parameter(0, "max_iter", "SVM", [Interval("int", 1, None,
    ...                    closed="left"), None])
    Traceback (most recent call last):
    ...
    ValueError: The 'max_iter' parameter of SVM must be an int in the range [1, inf) or None. Got 0.
    """  # noqa: E501 - a doctest output line cannot be wrapped
    if constraints == NO_VALIDATION:
        return
    for constraint in constraints:
        if constraint is None:
            if value is None:
                return
        elif constraint.is_satisfied_by(value):
            return
    allowed = _join_or(["None" if c is None else str(c) for c in constraints])
    raise ValueError(
        f"The '{name}' parameter of {owner} must be {allowed}. Got {_shown(value)}."
    )


# --- parameters -----------------------------------------------------------------------


def _is_default(value: object, default: object) -> bool:
    if value is default:
        return True
    if type(value) is not type(default):
        return False
    try:
        return bool(value == default)
    except (TypeError, ValueError):  # e.g. arrays: no single truth value
        return False


@functools.cache
def _param_names(init: Callable[..., None]) -> tuple[str, ...]:
    """The parameter names of an ``__init__`` (read once per class: kernels are
    called, and so validated, often)."""
    if init is object.__init__:
        return ()
    names = []
    for p in inspect.signature(init).parameters.values():
        if p.name == "self":
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise TypeError(
                f"{init.__qualname__} takes *{p.name}; hyper-parameters must be "
                "named explicitly."
            )
        names.append(p.name)
    return tuple(names)


class Parameterized:
    """Hyper-parameters read from the signature of ``__init__``.

    Subclasses take their hyper-parameters in ``__init__`` (keyword-only for
    estimators), store each under its own name, untouched, and declare the
    allowed values in ``_parameter_constraints`` (a dict from every parameter
    name to a list of :class:`Constraint` objects and ``None``, or
    ``"no_validation"``).
    """

    _parameter_constraints: ClassVar[ParameterConstraints] = {}

    @classmethod
    def _get_param_names(cls) -> list[str]:
        """Names of the parameters of ``__init__``, in signature order."""
        return list(_param_names(cls.__init__))

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """The hyper-parameters, by name.

        Parameters
        ----------
        deep : bool, default=True
            Also list the parameters of parameters that have their own (a
            kernel, a weak learner) as ``<name>__<parameter>``.

        Returns
        -------
        dict of str to object
        """
        out: dict[str, Any] = {}
        for name in self._get_param_names():
            value = getattr(self, name)
            if deep and hasattr(value, "get_params") and not isinstance(value, type):
                for sub, sub_value in value.get_params(deep=True).items():
                    out[f"{name}__{sub}"] = sub_value
            out[name] = value
        return out

    def set_params(self, **params: Any) -> Self:
        """Set hyper-parameters; ``<name>__<parameter>`` sets a nested one.

        Values are not checked here but at ``fit``, so that a search can set
        several interdependent values one at a time.

        Returns
        -------
        self
        """
        if not params:
            return self
        names = self._get_param_names()
        nested: dict[str, dict[str, Any]] = {}
        for key, value in params.items():
            name, split, sub = key.partition("__")
            if name not in names:
                raise ValueError(
                    f"Invalid parameter {name!r} for {type(self).__name__}. "
                    f"Valid parameters are: {sorted(names)!r}."
                )
            if split:
                nested.setdefault(name, {})[sub] = value
            else:
                setattr(self, name, value)
        for name, sub_params in nested.items():
            target = getattr(self, name)
            if not hasattr(target, "set_params"):
                raise ValueError(
                    f"Cannot set {sorted(sub_params)!r} of the '{name}' parameter of "
                    f"{type(self).__name__}: its value {target!r} has no parameters."
                )
            target.set_params(**sub_params)
        return self

    def __repr__(self) -> str:
        signature = inspect.signature(type(self).__init__).parameters
        shown = [
            f"{name}={value!r}"
            for name, value in self.get_params(deep=False).items()
            if not _is_default(value, signature[name].default)
        ]
        return f"{type(self).__name__}({', '.join(shown)})"

    def _validate_params(self) -> None:
        """Check every hyper-parameter against ``_parameter_constraints``.

        Parameters that are themselves :class:`Parameterized` (a kernel, a
        weak learner) are then checked against their own constraints.

        A parameter without an entry in ``_parameter_constraints`` is not
        checked (every marginlab class declares all of its own; the test
        suite checks that).

        Raises
        ------
        ValueError
            For the first parameter, in signature order, whose value is not
            allowed.
        """
        owner = type(self).__name__
        names = self._get_param_names()
        for name in names:
            if name in self._parameter_constraints:  # as scikit-learn: else free
                validate_parameter(
                    getattr(self, name), name, owner, self._parameter_constraints[name]
                )
        for name in names:
            value = getattr(self, name)
            if isinstance(value, Parameterized):
                value._validate_params()


def clone(estimator: T, *, safe: bool = True) -> T:
    """A new, unfitted copy of ``estimator`` with the same hyper-parameters.

    As scikit-learn's ``clone``: the copy is built from
    ``get_params(deep=False)``, each value cloned in turn (a kernel or weak
    learner is cloned; other values, such as arrays, are deep-copied).

    Parameters
    ----------
    estimator : estimator, or list, tuple or set of estimators
    safe : bool, default=True
        ``False`` deep-copies objects without ``get_params`` instead of
        raising.

    Returns
    -------
    estimator

    Raises
    ------
    TypeError
        With ``safe=True``, for an object without ``get_params``.

    Examples
    --------
    >>> from marginlab import Gaussian, SVM
    >>> clone(SVM(kernel=Gaussian(sigma=0.5), C=10.0))
    SVM(kernel=Gaussian(sigma=0.5), C=10.0)
    """
    if isinstance(estimator, list | tuple | set | frozenset):
        return type(estimator)(clone(e, safe=safe) for e in estimator)  # type: ignore[return-value]
    if not hasattr(estimator, "get_params") or isinstance(estimator, type):
        if not safe:
            return copy.deepcopy(estimator)
        raise TypeError(
            f"Cannot clone {estimator!r}: it has no get_params method, so it is not "
            "an estimator."
        )
    params = estimator.get_params(deep=False)
    return type(estimator)(
        **{name: clone(value, safe=False) for name, value in params.items()}
    )


def _sklearn_tags(estimator_type: str) -> Any:
    """scikit-learn's ``Tags`` for a two-class classifier or a regressor.

    ``__sklearn_tags__`` is scikit-learn's protocol: only scikit-learn calls
    it, and it has then been imported, so the tag classes are taken from the
    loaded module rather than imported (marginlab does not depend on it).
    """
    sk = sys.modules.get("sklearn.utils")
    if sk is None or not hasattr(sk, "Tags"):
        raise RuntimeError(
            "__sklearn_tags__ is called by scikit-learn (>= 1.6), which is not "
            "loaded; marginlab itself does not use tags."
        )
    target = sk.TargetTags(required=True)
    if estimator_type == "classifier":
        return sk.Tags(
            estimator_type="classifier",
            target_tags=target,
            classifier_tags=sk.ClassifierTags(multi_class=False),
        )
    return sk.Tags(
        estimator_type="regressor",
        target_tags=target,
        regressor_tags=sk.RegressorTags(),
    )


class BaseEstimator(Parameterized):
    """The base of every estimator: parameters plus fitted-state checks.

    Subclasses name in ``_fitted_attribute`` an attribute that only a
    completed ``fit`` sets; prediction methods start with :meth:`_check_X`.
    """

    #: An attribute that exists exactly when ``fit`` has completed.
    _fitted_attribute: ClassVar[str] = "n_features_in_"

    n_features_in_: int

    def __sklearn_is_fitted__(self) -> bool:
        return hasattr(self, self._fitted_attribute)

    def _check_X(self, X: object) -> np.ndarray:
        """``X`` for prediction: fitted estimator, finite float64, same features.

        Raises
        ------
        NotFittedError
            Before ``fit``.
        ValueError
            From :func:`check_array`, or when X does not have
            ``n_features_in_`` columns.
        """
        check_is_fitted(self, self._fitted_attribute)
        X = check_array(X)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(
                f"X has {X.shape[1]} features, but {type(self).__name__} is "
                f"expecting {self.n_features_in_} features as input (it was "
                "fitted on that many)."
            )
        return X


class ClassifierMixin:
    """Two-class classification with any two labels, ±1 inside.

    ``_validate_data`` encodes the labels (see
    :func:`marginlab.core.contract.validation.encode_labels`) and sets ``classes_`` and
    ``n_features_in_``; :meth:`predict` maps the sign of
    ``decision_function`` back to the original labels (a decision value of 0
    gives ``classes_[1]``); :meth:`score` is the accuracy.
    """

    _estimator_type = "classifier"

    classes_: np.ndarray
    n_features_in_: int
    decision_function: Callable[[object], np.ndarray]

    def _validate_data(self, X: object, y: object) -> tuple[np.ndarray, np.ndarray]:
        """X as a finite float64 matrix and y as float64 labels in {−1, +1}."""
        X = check_array(X)
        y_pm, classes = encode_labels(y, X.shape[0], type(self).__name__)
        self.n_features_in_ = X.shape[1]
        self.classes_ = classes
        return X, y_pm

    def _encode_known(self, y: object, n_samples: int) -> np.ndarray:
        """Labels among ``classes_`` as float64 ±1 (for ``margins(X, y)`` and
        the like, after ``fit``)."""
        arr = np.asarray(y).ravel()
        if arr.shape[0] != n_samples:
            raise ValueError(
                f"y has {arr.shape[0]} labels but X has {n_samples} samples."
            )
        positive = arr == self.classes_[1]
        unknown = ~(positive | (arr == self.classes_[0]))
        if unknown.any():
            i = int(np.flatnonzero(unknown)[0])
            raise ValueError(
                f"y must hold labels in {self.classes_.tolist()} (the classes "
                f"{type(self).__name__} was fitted on); got {arr.tolist()[i]!r} at "
                f"index {i}."
            )
        return np.where(positive, 1.0, -1.0)

    def predict(self, X: object) -> np.ndarray:
        """Class labels: ``classes_[1]`` where ``decision_function(X) >= 0``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels from ``classes_`` (−1.0 and +1.0 for labels in {−1, +1}).
        """
        positive = self.decision_function(X) >= 0.0
        return self.classes_[positive.astype(np.intp)]

    def score(self, X: object, y: object) -> float:
        """Accuracy: the fraction of rows of X whose prediction equals y.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)

        Returns
        -------
        float
        """
        pred = self.predict(X)
        y = np.asarray(y).ravel()
        if y.shape[0] != pred.shape[0]:
            raise ValueError(
                f"y has {y.shape[0]} labels but X has {pred.shape[0]} samples."
            )
        return float(np.mean(pred == y))

    def __sklearn_tags__(self) -> Any:
        return _sklearn_tags("classifier")


class RegressorMixin:
    """Regression: finite real targets, :meth:`score` is R²."""

    _estimator_type = "regressor"

    n_features_in_: int
    predict: Callable[[object], np.ndarray]

    def _validate_data(self, X: object, y: object) -> tuple[np.ndarray, np.ndarray]:
        """X as a finite float64 matrix and y as a finite float64 vector."""
        if y is None:
            raise ValueError(
                f"{type(self).__name__} requires y to be passed, but the target y "
                "is None."
            )
        X, y = check_X_y(X, flatten_column_vector(y))
        self.n_features_in_ = X.shape[1]
        return X, y

    def score(self, X: object, y: object) -> float:
        """R² = 1 − Σ(y − ŷ)² / Σ(y − ȳ)² (1 − SS_res if y is constant:
        1.0 for a perfect fit, else 0.0 as scikit-learn reports it).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)

        Returns
        -------
        float
        """
        pred = self.predict(X)
        y = np.asarray(y, dtype=np.float64).ravel()
        ss_res = float(np.sum((y - pred) ** 2))
        ss_tot = float(np.sum((y - y.mean()) ** 2))
        if ss_tot == 0.0:
            return 1.0 if ss_res == 0.0 else 0.0
        return 1.0 - ss_res / ss_tot

    def __sklearn_tags__(self) -> Any:
        return _sklearn_tags("regressor")
