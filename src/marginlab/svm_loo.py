"""``marginlab.svm_loo``: the public names of
:mod:`marginlab.estimators.svm.loo`.
"""

from .estimators.svm.loo import *  # noqa: F403
