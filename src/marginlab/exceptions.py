"""``marginlab.exceptions``: the public names of
:mod:`marginlab.core.exceptions`.
"""

from .core.exceptions import *  # noqa: F403
