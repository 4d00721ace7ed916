"""marginlab: kernels and boosting, with the lecture claims reproduced.

The library is laid out in layers; each imports only the layers above it in
this list:

- :mod:`marginlab.core`: datasets, kernels and feature maps, the estimator
  contract, input checks;
- :mod:`marginlab.theory`: the mathematics the claims compare against
  (bounds, margins, Rademacher complexities, intervals, losses);
- :mod:`marginlab.estimators`: the algorithms (SVM, boosting, perceptrons,
  kernel logistic regression, k-NN, kernel ridge, subset selection and the
  Lasso, model selection);
- :mod:`marginlab.experiments`: one room per experiment of the pipeline
  (registry entry, study, claims, figures, captions);
- :mod:`marginlab.pipeline`: what turns the registry into results (jobs,
  code digests, configuration checks, report, archive, gallery, site).

The public import paths of the modules keep working where the modules now
live in a layer: ``marginlab.svm`` is a small module that re-exports
:mod:`marginlab.estimators.svm`, ``marginlab.margins``
:mod:`marginlab.theory.margins`, and so on (:data:`PUBLIC_PATHS`, one file
each beside this one); ``python -m marginlab.site`` runs the site's
command. Nothing is imported before it is asked for, so that reading the
experiment registry stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: Public module paths → where the module lives in the layers (both relative
#: to ``marginlab``). ``marginlab/svm.py`` re-exports the names of
#: ``marginlab.estimators.svm``, and so on.
PUBLIC_PATHS: dict[str, str] = {
    "base": "core.base",
    "datasets": "core.datasets",
    "exceptions": "core.exceptions",
    "feature_maps": "core.feature_maps",
    "io": "core.io",
    "kernels": "core.kernels",
    "bounds": "theory.bounds",
    "cross_polytope": "theory.cross_polytope",
    "intervals": "theory.intervals",
    "losses": "theory.losses",
    "margins": "theory.margins",
    "rademacher": "theory.rademacher",
    "boosting": "estimators.boosting",
    "evaluation": "estimators.evaluation",
    "kernel_ridge": "estimators.kernel_ridge",
    "knn": "estimators.knn",
    "logistic": "estimators.logistic",
    "model_selection": "estimators.model_selection",
    "perceptron": "estimators.perceptron",
    "selection": "estimators.selection",
    "svm": "estimators.svm",
    "svm_loo": "estimators.svm.loo",
    "claims": "experiments._shared.rows",
    "kinds": "experiments._shared.kinds",
    "plotting": "experiments._shared.figures",
    "archive": "pipeline.archive",
    "gallery": "pipeline.gallery",
    "site": "pipeline.site",
}

#: Names importable from the package itself, and their modules.
_EXPORTS = {
    "Dataset": "core.datasets",
    "DatasetError": "core.datasets",
    "make_dataset": "core.datasets",
    "Gaussian": "core.kernels",
    "Kernel": "core.kernels",
    "Linear": "core.kernels",
    "make_kernel": "core.kernels",
}

__all__ = ["PUBLIC_PATHS", *_EXPORTS]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
