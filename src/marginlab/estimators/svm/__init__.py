"""The support vector machine, its solver and its leave-one-out.

- :mod:`.classifier`: :class:`SVM`, the dual solved by SMO (libsvm's rules);
- :mod:`.smo`: the SMO solver, with kernel columns computed on demand and kept
  in a bounded least-recently-used cache, shrinking and a warm start;
- :mod:`.loo`: the exact leave-one-out error (:func:`svm_loo`), every point
  left out and the SVM re-solved from a warm start;
- :mod:`.pegasos`: kernelized :class:`Pegasos` and the primal objective;
- :mod:`.hard_margin`: the maximum L2 margin over given features
  (:func:`l2_max_margin`).
"""

from __future__ import annotations

from .classifier import SVM
from .hard_margin import l2_max_margin
from .loo import SVMLOOResult, svm_loo
from .pegasos import Pegasos, primal_objective

__all__ = [
    "SVM",
    "Pegasos",
    "SVMLOOResult",
    "l2_max_margin",
    "primal_objective",
    "svm_loo",
]
