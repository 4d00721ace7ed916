"""kernelboost: kernels and boosting, with the lecture claims reproduced.

The library is laid out in layers; each imports only the layers above it in
this list:

- :mod:`kernelboost.core`: datasets, kernels and feature maps, the estimator
  contract, input checks;
- :mod:`kernelboost.theory`: the mathematics the claims compare against
  (bounds, margins, Rademacher complexities, intervals, losses);
- :mod:`kernelboost.estimators`: the algorithms (SVM, boosting, perceptrons,
  kernel logistic regression, k-NN, kernel ridge, subset selection and the
  Lasso, model selection);
- :mod:`kernelboost.experiments`: one room per experiment of the pipeline
  (registry entry, study, claims, figures, captions);
- :mod:`kernelboost.pipeline`: what turns the registry into results (jobs,
  code digests, configuration checks, report, archive, gallery, site).

The public import paths of the modules keep working where the modules now
live in a layer: ``kernelboost.svm`` is :mod:`kernelboost.estimators.svm`,
``kernelboost.margins`` is :mod:`kernelboost.theory.margins`, and so on
(:data:`PUBLIC_PATHS`); ``python -m kernelboost.site`` runs the site's
command. Nothing is imported before it is asked for, so that reading the
experiment registry stays cheap.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import CodeType, ModuleType
from typing import Any

__version__ = "0.1.0"

#: Public module paths → where the module lives in the layers (both relative
#: to ``kernelboost``). ``import kernelboost.svm`` gives the very module
#: ``kernelboost.estimators.svm``.
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


class _PublicPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``kernelboost.<public path>`` as the module of its layer.

    Consulted after the regular finders, so that only names that are no file
    of the package reach it. The module imported under the public name is the
    layer's own module object (``kernelboost.svm is
    kernelboost.estimators.svm``), with its own ``__spec__``; run as a script
    (``python -m kernelboost.site``), the public name runs the real module.
    """

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    @staticmethod
    def _home(fullname: str) -> str | None:
        prefix = f"{__name__}."
        if not fullname.startswith(prefix):
            return None
        home = PUBLIC_PATHS.get(fullname.removeprefix(prefix))
        return f"{prefix}{home}" if home else None

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        home = self._home(fullname)
        if home is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, origin=home)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(str(spec.origin))
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system has just set the public spec on the module: give
        # the module its own back (its name, its file, its package's path).
        module.__spec__ = self._specs.pop(module.__spec__.name, module.__spec__)

    def get_code(self, fullname: str) -> CodeType:
        """For ``python -m <public path>``: run the module where it lives."""
        home = self._home(fullname)
        source = f"import runpy\nrunpy.run_module({home!r}, run_name='__main__')\n"
        return compile(source, f"<{fullname}>", "exec")


if not any(isinstance(f, _PublicPaths) for f in sys.meta_path):
    sys.meta_path.append(_PublicPaths())
