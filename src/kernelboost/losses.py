"""``kernelboost.losses``: the public names of :mod:`kernelboost.theory.losses`."""

from .theory.losses import *  # noqa: F403
