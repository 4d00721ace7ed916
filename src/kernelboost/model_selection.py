"""``kernelboost.model_selection``: the public names of
:mod:`kernelboost.estimators.model_selection`.
"""

from .estimators.model_selection import *  # noqa: F403
