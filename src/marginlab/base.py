"""``marginlab.base``: the public names of :mod:`marginlab.core.base`."""

from .core.base import *  # noqa: F403
