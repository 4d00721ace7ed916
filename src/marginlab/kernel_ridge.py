"""``marginlab.kernel_ridge``: the public names of
:mod:`marginlab.estimators.kernel_ridge`.
"""

from .estimators.kernel_ridge import *  # noqa: F403
