"""``kernelboost.logistic``: the public names of
:mod:`kernelboost.estimators.logistic`.
"""

from .estimators.logistic import *  # noqa: F403
