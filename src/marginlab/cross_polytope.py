"""``marginlab.cross_polytope``: the public names of
:mod:`marginlab.theory.cross_polytope`.
"""

from .theory.cross_polytope import *  # noqa: F403
