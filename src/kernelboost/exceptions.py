"""Warning and error classes of kernelboost."""

from __future__ import annotations


class ConvergenceWarning(UserWarning):
    """A solver stopped at its iteration or epoch cap before converging."""


class NotFittedError(ValueError, AttributeError):
    """An estimator was used for prediction before ``fit``."""


def check_is_fitted(estimator: object, attribute: str) -> None:
    """Raise :class:`NotFittedError` unless ``estimator`` has ``attribute``."""
    if not hasattr(estimator, attribute):
        raise NotFittedError(
            f"This {type(estimator).__name__} instance is not fitted yet; "
            "call 'fit' first."
        )
