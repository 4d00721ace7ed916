"""``kernelboost.evaluation``: the public names of
:mod:`kernelboost.estimators.evaluation`.
"""

from .estimators.evaluation import *  # noqa: F403
