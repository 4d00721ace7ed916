"""``kernelboost.kernel_ridge``: the public names of
:mod:`kernelboost.estimators.kernel_ridge`.
"""

from .estimators.kernel_ridge import *  # noqa: F403
