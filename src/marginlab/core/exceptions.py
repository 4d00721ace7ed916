"""Warning and error classes of marginlab."""

from __future__ import annotations

import functools
import sys


class ConvergenceWarning(UserWarning):
    """A solver stopped at its iteration or epoch cap before converging."""


class DataConversionWarning(UserWarning):
    """Input was accepted after a conversion the caller may not expect.

    Issued, for instance, when ``y`` is a column vector of shape (n, 1): it is
    flattened to shape (n,). The name is scikit-learn's, so that its estimator
    checks recognize the warning.
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
    sk = sys.modules.get("sklearn.exceptions")
    sk_error = getattr(sk, "NotFittedError", None)
    if not isinstance(sk_error, type) or not issubclass(sk_error, Exception):
        return NotFittedError
    return _with_sklearn_base(sk_error)


@functools.cache
def _with_sklearn_base(sk_error: type[Exception]) -> type[NotFittedError]:
    return type(
        "NotFittedError",
        (NotFittedError, sk_error),
        {"__module__": __name__, "__doc__": NotFittedError.__doc__},
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
