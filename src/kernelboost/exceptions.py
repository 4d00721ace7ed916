"""Warning and error classes of kernelboost."""

from __future__ import annotations


class ConvergenceWarning(UserWarning):
    """A solver stopped at its iteration or epoch cap before converging."""


class DataConversionWarning(UserWarning):
    """Input was accepted after a conversion the caller may not expect.

    Issued, for instance, when ``y`` is a column vector of shape (n, 1): it is
    flattened to shape (n,). The name is scikit-learn's, so that its estimator
    checks recognize the warning.
    """


class NotFittedError(ValueError, AttributeError):
    """An estimator was used for prediction before ``fit``."""


class NotSeparableError(ValueError):
    """A hard-margin fit found that no separating hyperplane exists.

    Raised by :meth:`kernelboost.svm.SVM.fit` with ``C=float("inf")`` when the
    two classes are not separable in the kernel's feature space. A subclass of
    ``ValueError``, so code that catches ``ValueError`` still catches it.
    """


def check_is_fitted(estimator: object, attribute: str) -> None:
    """Raise :class:`NotFittedError` unless ``estimator`` has ``attribute``."""
    if not hasattr(estimator, attribute):
        raise NotFittedError(
            f"This {type(estimator).__name__} instance is not fitted yet; "
            "call 'fit' first."
        )
