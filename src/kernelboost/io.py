"""``kernelboost.io``: the public names of :mod:`kernelboost.core.io`."""

from .core.io import *  # noqa: F403
