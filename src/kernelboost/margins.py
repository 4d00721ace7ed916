"""``kernelboost.margins``: the public names of :mod:`kernelboost.theory.margins`."""

from .theory.margins import *  # noqa: F403
