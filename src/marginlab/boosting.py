"""``marginlab.boosting``: the public names of
:mod:`marginlab.estimators.boosting`.
"""

from .estimators.boosting import *  # noqa: F403
