"""``marginlab.kernels``: the public names of :mod:`marginlab.core.kernels`."""

from .core.kernels import *  # noqa: F403
