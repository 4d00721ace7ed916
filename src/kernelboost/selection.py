"""``kernelboost.selection``: the public names of
:mod:`kernelboost.estimators.selection`.
"""

from .estimators.selection import *  # noqa: F403
