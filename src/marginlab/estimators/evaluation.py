"""Evaluation: the public names of splits, cross-validation, grid search,
leave-one-out and k-NN, gathered in one namespace.

Each lives in the module of its concept:

- :mod:`marginlab.model_selection` — :func:`train_test_split`,
  :func:`kfold_indices`, :func:`cross_val_error`, :func:`grid_search` and the
  brute-force :func:`loo_error` (l refits on l − 1 points);
- :mod:`marginlab.knn` — :class:`KNN` and its one-pass :func:`knn_loo`;
- :mod:`marginlab.svm_loo` — the exact SVM leave-one-out :func:`svm_loo`,
  which retrains only for the support vectors, warm-started. For the SVM
  (Huang 2017, §5.2) LOO error ≤ #SV / l, because removing a non-support
  vector (α_i = 0) leaves the solution unchanged; :func:`svm_loo` uses that
  fact, so its numbers are not independent evidence for the bound.
"""

from .knn import KNN, knn_loo
from .model_selection import (
    CVResult,
    Scoring,
    cross_val_error,
    grid_search,
    kfold_indices,
    loo_error,
    train_test_split,
)
from .svm.loo import SVMLOOResult, loo_warm_start, svm_loo

__all__ = [
    "KNN",
    "CVResult",
    "SVMLOOResult",
    "Scoring",
    "cross_val_error",
    "grid_search",
    "kfold_indices",
    "knn_loo",
    "loo_error",
    "loo_warm_start",
    "svm_loo",
    "train_test_split",
]
