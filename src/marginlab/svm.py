"""``marginlab.svm``: the public names of :mod:`marginlab.estimators.svm`."""

from .estimators.svm import *  # noqa: F403
