"""``marginlab.bounds``: the public names of :mod:`marginlab.theory.bounds`."""

from .theory.bounds import *  # noqa: F403
