"""``kernelboost.base``: the public names of :mod:`kernelboost.core.base`."""

from .core.base import *  # noqa: F403
