"""``kernelboost.cross_polytope``: the public names of
:mod:`kernelboost.theory.cross_polytope`.
"""

from .theory.cross_polytope import *  # noqa: F403
