"""``kernelboost.bounds``: the public names of :mod:`kernelboost.theory.bounds`."""

from .theory.bounds import *  # noqa: F403
