"""``marginlab.logistic``: the public names of
:mod:`marginlab.estimators.logistic`.
"""

from .estimators.logistic import *  # noqa: F403
