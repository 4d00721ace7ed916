"""``marginlab.kinds``: the public names of
:mod:`marginlab.experiments._shared.kinds`.
"""

from .experiments._shared.kinds import *  # noqa: F403
