"""``marginlab.rademacher``: the public names of
:mod:`marginlab.theory.rademacher`.
"""

from .theory.rademacher import *  # noqa: F403
