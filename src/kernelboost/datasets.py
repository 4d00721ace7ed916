"""``kernelboost.datasets``: the public names of :mod:`kernelboost.core.datasets`."""

from .core.datasets import *  # noqa: F403
