"""``marginlab.plotting``: the public names of
:mod:`marginlab.experiments._shared.figures`.
"""

from .experiments._shared.figures import *  # noqa: F403
