"""``marginlab.knn``: the public names of :mod:`marginlab.estimators.knn`."""

from .estimators.knn import *  # noqa: F403
