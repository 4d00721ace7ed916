"""``marginlab.intervals``: the public names of
:mod:`marginlab.theory.intervals`.
"""

from .theory.intervals import *  # noqa: F403
