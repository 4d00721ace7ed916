"""``kernelboost.intervals``: the public names of
:mod:`kernelboost.theory.intervals`.
"""

from .theory.intervals import *  # noqa: F403
