"""Kernels: the kernel functions and their Gram matrices, and the explicit
feature maps whose inner products they are.

The public names of the modules that hold them, importable from here:

- :mod:`marginlab.core.kernels.functions`: :class:`Kernel` and its kinds
  (linear, Gaussian, polynomial, product polynomial, Laplacian), Gram blocks
  of bounded memory, distances in feature space, the PSD check and
  :func:`make_kernel`;
- :mod:`marginlab.core.kernels.feature_maps`: the explicit feature maps φ
  with ⟨φ(x), φ(x')⟩ = k(x, x') (claim K1), and the Gaussian kernel's
  truncated feature series.
"""

from __future__ import annotations

from . import feature_maps, functions
from .feature_maps import *  # noqa: F403
from .functions import *  # noqa: F403

__all__ = sorted({*functions.__all__, *feature_maps.__all__})
