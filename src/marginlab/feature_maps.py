"""``marginlab.feature_maps``: the public names of
:mod:`marginlab.core.feature_maps`.
"""

from .core.feature_maps import *  # noqa: F403
