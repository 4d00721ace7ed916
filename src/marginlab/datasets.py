"""``marginlab.datasets``: the public names of :mod:`marginlab.core.datasets`."""

from .core.datasets import *  # noqa: F403
