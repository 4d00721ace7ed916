"""``kernelboost.knn``: the public names of :mod:`kernelboost.estimators.knn`."""

from .estimators.knn import *  # noqa: F403
