"""Run in a virtual environment that holds only the library's own
dependencies (pyproject.toml's ``dependencies``), with ``src/`` on the path:
import every module of the library's layers (core, estimators, theory) and
every name of the package's ``__all__``, then fit every estimator and predict
with it.

Exits non-zero, naming the module or estimator, when one needs a package
the library does not declare for itself. Prints one line per estimator.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import warnings

import marginlab
from marginlab.core.contract.base import BaseEstimator
from marginlab.core.contract.exceptions import ConvergenceWarning
from marginlab.core.datasets import make_dataset

#: The layers of the library itself; the others (experiments, pipeline) are
#: the workflow's, with the `workflow` extra.
LAYERS = ("core", "estimators", "theory")


def modules() -> list[str]:
    names = []
    for layer in LAYERS:
        package = importlib.import_module(f"marginlab.{layer}")
        names.append(package.__name__)
        names += [
            m.name
            for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
        ]
    return names


def main() -> int:
    warnings.simplefilter("ignore", ConvergenceWarning)  # default settings
    for name in modules():
        try:
            importlib.import_module(name)
        except ImportError as error:
            print(f"{name}: {error}", file=sys.stderr)
            return 1
    for name in marginlab.__all__:
        try:
            getattr(marginlab, name)
        except ImportError as error:
            print(f"marginlab.{name}: {error}", file=sys.stderr)
            return 1
    estimators = sorted(
        {
            cls
            for module in list(sys.modules.values())
            if getattr(module, "__name__", "").startswith("marginlab.")
            for _, cls in inspect.getmembers(module, inspect.isclass)
            if issubclass(cls, BaseEstimator)
            and cls is not BaseEstimator
            and not cls.__name__.startswith("_")
            and not inspect.isabstract(cls)
            and hasattr(cls, "fit")
        },
        key=lambda cls: cls.__name__,
    )
    classification = make_dataset({"generator": "moons", "n_samples": 60, "seed": 0})
    regression = make_dataset(
        {"generator": "sparse_regression", "n_samples": 60, "n_features": 5, "seed": 0}
    )
    for cls in estimators:
        data = (
            regression
            if getattr(cls, "_estimator_type", "") == "regressor"
            else classification
        )
        model = cls().fit(data.X, data.y)
        predicted = model.predict(data.X)
        assert predicted.shape == data.y.shape, cls
        print(f"{cls.__module__}.{cls.__name__}: fitted and predicted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
