"""``kernelboost.rademacher``: the public names of
:mod:`kernelboost.theory.rademacher`.
"""

from .theory.rademacher import *  # noqa: F403
