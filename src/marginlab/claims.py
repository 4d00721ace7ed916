"""``marginlab.claims``: the public names of
:mod:`marginlab.experiments._shared.rows`.
"""

from .experiments._shared.rows import *  # noqa: F403
