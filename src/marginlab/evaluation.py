"""``marginlab.evaluation``: the public names of
:mod:`marginlab.estimators.evaluation`.
"""

from .estimators.evaluation import *  # noqa: F403
