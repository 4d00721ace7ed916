"""``marginlab.margins``: the public names of :mod:`marginlab.theory.margins`."""

from .theory.margins import *  # noqa: F403
