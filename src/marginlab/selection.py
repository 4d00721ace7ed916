"""``marginlab.selection``: the public names of
:mod:`marginlab.estimators.selection`.
"""

from .estimators.selection import *  # noqa: F403
