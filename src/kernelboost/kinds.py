"""``kernelboost.kinds``: the public names of
:mod:`kernelboost.experiments._shared.kinds`.
"""

from .experiments._shared.kinds import *  # noqa: F403
