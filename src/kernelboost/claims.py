"""``kernelboost.claims``: the public names of
:mod:`kernelboost.experiments._shared.rows`.
"""

from .experiments._shared.rows import *  # noqa: F403
