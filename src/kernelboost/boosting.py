"""``kernelboost.boosting``: the public names of
:mod:`kernelboost.estimators.boosting`.
"""

from .estimators.boosting import *  # noqa: F403
