"""``marginlab.model_selection``: the public names of
:mod:`marginlab.estimators.model_selection`.
"""

from .estimators.model_selection import *  # noqa: F403
