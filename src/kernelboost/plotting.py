"""``kernelboost.plotting``: the public names of
:mod:`kernelboost.experiments._shared.figures`.
"""

from .experiments._shared.figures import *  # noqa: F403
