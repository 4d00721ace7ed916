"""``marginlab.perceptron``: the public names of
:mod:`marginlab.estimators.perceptron`.
"""

from .estimators.perceptron import *  # noqa: F403
