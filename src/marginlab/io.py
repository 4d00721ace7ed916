"""``marginlab.io``: the public names of :mod:`marginlab.core.io`."""

from .core.io import *  # noqa: F403
