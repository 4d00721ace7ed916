"""``kernelboost.svm_loo``: the public names of
:mod:`kernelboost.estimators.svm.loo`.
"""

from .estimators.svm.loo import *  # noqa: F403
