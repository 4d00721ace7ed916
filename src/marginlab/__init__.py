"""marginlab: kernels and boosting, with the lecture claims reproduced.

The public API is this package's ``__all__``: the estimators and their weak
learners, the kernels and feature maps, making a dataset, leave-one-out,
cross-validation and selection, and the closed-form bounds and margins the
lectures compare them with::

    from marginlab import SVM, AdaBoost, Stumps, Gaussian, svm_loo, max_margin

Everything else is reached through the layer that holds it; each layer
imports only the layers above it in this list:

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

A name of ``__all__`` is imported from its layer when it is first asked for,
so that ``import marginlab`` (and reading the experiment registry) stays
cheap; no module of the library imports this namespace.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: The modules of the layers that hold the public names (relative to
#: ``marginlab``), and the names each gives to the top level.
_HOMES: dict[str, tuple[str, ...]] = {
    # Estimators and weak learners.
    "estimators.svm": ("SVM", "Pegasos", "l2_max_margin"),
    "estimators.boosting": (
        "AdaBoost",
        "ArcGV",
        "MajorityBoost",
        "Stumps",
        "Trees",
        "HypothesisMatrix",
        "NoEdgeWarning",
    ),
    "estimators.boosting.c45": ("C45Trees", "BestFirstTrees"),
    "estimators.perceptron": ("Perceptron", "KernelPerceptron"),
    "estimators.logistic": ("KernelLogisticRegression",),
    "estimators.knn": ("KNN", "knn_loo"),
    "estimators.kernel_ridge": ("KernelRidge",),
    "estimators.selection": (
        "Lasso",
        "Ridge",
        "lasso_path",
        "lasso_alpha_max",
        "lasso_cv",
        "ridge_path",
        "forward_stepwise",
        "backward_stepwise",
        "best_subset",
        "z_scores",
    ),
    # Leave-one-out, cross-validation and model selection.
    "estimators.svm.loo": ("svm_loo", "SVMLOOResult"),
    "estimators.model_selection": (
        "train_test_split",
        "kfold_indices",
        "cross_val_error",
        "CVResult",
        "grid_search",
        "loo_error",
    ),
    # Kernels, feature maps and data.
    "core.kernels": (
        "Kernel",
        "Linear",
        "Gaussian",
        "Polynomial",
        "ProductPolynomial",
        "Laplacian",
        "make_kernel",
        "is_psd",
        "quadratic_r2",
        "monomials",
        "gaussian_series",
    ),
    "core.datasets": ("Dataset", "DatasetError", "make_dataset", "load_csv"),
    # The theory the claims compare against.
    "theory.margins": (
        "max_margin",
        "l1_margins",
        "norm_margin",
        "margin_matrix",
        "signed_max_margin",
        "hyperplane_distance",
        "game_value",
    ),
    "theory.bounds": (
        "product_Z",
        "z_factor",
        "gamma_bound",
        "uniform_gamma_bound",
        "margin_distribution_bound",
        "uniform_margin_bound",
        "rademacher_margin_bound",
        "ramp_margin_loss",
        "vc_margin_bound",
        "vcdim_ft_bound",
        "mwu_rounds",
        "mwu_subset_bound",
    ),
    "theory.rademacher": (
        "monte_carlo_deviation",
        "stump_rademacher_sup",
        "stump_rademacher_draws",
        "stump_vc_dimension_bound",
    ),
    # The estimator contract's helper and what a user catches.
    "core.contract.base": ("clone",),
    "core.contract.exceptions": (
        "NotFittedError",
        "NotSeparableError",
        "ConvergenceWarning",
    ),
}

#: Each public name → the module of its layer that holds it.
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = list(_HOME)


def __getattr__(name: str) -> Any:
    if name in _HOME:
        module = importlib.import_module(f"{__name__}.{_HOME[name]}")
        value = getattr(module, name)
        globals()[name] = value  # asked once
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
