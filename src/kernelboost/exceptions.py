"""``kernelboost.exceptions``: the public names of
:mod:`kernelboost.core.exceptions`.
"""

from .core.exceptions import *  # noqa: F403
