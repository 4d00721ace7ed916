"""Warning and error classes of marginlab."""

from __future__ import annotations

import functools
import sys
from typing import TypeVar


class ConvergenceWarning(UserWarning):
    """A solver stopped at its iteration or epoch cap before converging."""


class DataConversionWarning(UserWarning):
    """Input was accepted after a conversion the caller may not expect.

    Issued, for instance, when ``y`` is a column vector of shape (n, 1): it is
    flattened to shape (n,). The name is scikit-learn's, so that its estimator
    checks recognize the warning. When scikit-learn is loaded, the warning
    issued is also an instance of
    ``sklearn.exceptions.DataConversionWarning`` (a subclass of both, made on
    the fly; marginlab does not import scikit-learn): a filter on
    scikit-learn's class then applies to it, as the one
    ``check_supervised_y_2d`` sets to see the warning whatever other filters
    a session has (``-W ignore::UserWarning``, say).
    """


class NotFittedError(ValueError, AttributeError):
    """An estimator was used for prediction before ``fit``.

    When scikit-learn is loaded, the error raised by :func:`check_is_fitted`
    is also an instance of ``sklearn.exceptions.NotFittedError`` (a subclass
    of both, made on the fly; marginlab does not import scikit-learn), so
    that code written for scikit-learn's estimators catches it too.
    """

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # The class made on the fly cannot be pickled by name; rebuild it.
        return _rebuild_not_fitted_error, self.args


def _rebuild_not_fitted_error(*args: object) -> NotFittedError:
    return _not_fitted_error_class()(*args)


def _not_fitted_error_class() -> type[NotFittedError]:
    return _with_sklearn_twin(NotFittedError)


def _data_conversion_warning_class() -> type[DataConversionWarning]:
    """The class of a :class:`DataConversionWarning` to issue now.

    :class:`DataConversionWarning` itself, or, when scikit-learn is loaded,
    its subclass that also derives from
    ``sklearn.exceptions.DataConversionWarning``.

    Returns
    -------
    type
        A subclass of :class:`DataConversionWarning` (or the class itself).
    """
    return _with_sklearn_twin(DataConversionWarning)


_Ours = TypeVar("_Ours", bound=Exception)


def _with_sklearn_twin(ours: type[_Ours]) -> type[_Ours]:
    """``ours``, or a subclass of it and of scikit-learn's class of the same
    name in ``sklearn.exceptions`` when scikit-learn is loaded (it is never
    imported here)."""
    sk = sys.modules.get("sklearn.exceptions")
    theirs = getattr(sk, ours.__name__, None)
    if not isinstance(theirs, type) or not issubclass(theirs, Exception):
        return ours
    return _with_sklearn_base(ours, theirs)


@functools.cache
def _with_sklearn_base(ours: type[_Ours], theirs: type[Exception]) -> type[_Ours]:
    return type(
        ours.__name__,
        (ours, theirs),
        {"__module__": __name__, "__doc__": ours.__doc__},
    )


class NotSeparableError(ValueError):
    """A hard-margin fit found that no separating hyperplane exists.

    Raised by :meth:`marginlab.SVM.fit` with ``C=float("inf")`` when the
    two classes are not separable in the kernel's feature space. A subclass of
    ``ValueError``, so code that catches ``ValueError`` still catches it.
    """


def check_is_fitted(estimator: object, attribute: str) -> None:
    """Raise :class:`NotFittedError` unless ``estimator`` has ``attribute``."""
    if not hasattr(estimator, attribute):
        raise _not_fitted_error_class()(
            f"This {type(estimator).__name__} instance is not fitted yet; "
            "call 'fit' first."
        )
