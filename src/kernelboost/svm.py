"""``kernelboost.svm``: the public names of :mod:`kernelboost.estimators.svm`."""

from .estimators.svm import *  # noqa: F403
