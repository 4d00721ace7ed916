"""``kernelboost.feature_maps``: the public names of
:mod:`kernelboost.core.feature_maps`.
"""

from .core.feature_maps import *  # noqa: F403
