"""``marginlab.losses``: the public names of :mod:`marginlab.theory.losses`."""

from .theory.losses import *  # noqa: F403
