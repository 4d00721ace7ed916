"""``kernelboost.kernels``: the public names of :mod:`kernelboost.core.kernels`."""

from .core.kernels import *  # noqa: F403
