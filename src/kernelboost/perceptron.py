"""``kernelboost.perceptron``: the public names of
:mod:`kernelboost.estimators.perceptron`.
"""

from .estimators.perceptron import *  # noqa: F403
