"""Subset selection, ridge regression and the Lasso (Shewchuk, Lecture 14.2–14.3).

All models are linear regressions with an unpenalized intercept,
ŷ = b + ⟨w, x⟩. Centering X and y removes b from every problem
(x̄ and ȳ are the column means; b = ȳ − ⟨w, x̄⟩ afterwards), so the solvers
below work on X_c = X − 1x̄ᵀ and y_c = y − ȳ.

Subset selection scores a feature subset S by the K-fold cross-validated mean
squared error of least squares on S (best subset, forward and backward
stepwise: :mod:`.subsets`).

Ridge minimizes ‖y − Xw − b‖² + λ‖w‖² (the scaling of scikit-learn's
``Ridge(alpha=λ)``). The Lasso minimizes ½m⁻¹‖y − Xw − b‖² + λ‖w‖₁ (the
scaling of scikit-learn's ``Lasso(alpha=λ)`` and ``lasso_path``), by cyclic
coordinate descent.

The module is split by concept: :mod:`.zscores` (least squares and the
z-scores of its weights), :mod:`.subsets` (best subset, forward and backward
stepwise), :mod:`.ridge` and :mod:`.lasso`; every name is importable from
here as before.
"""

from .lasso import (
    Lasso,
    LassoCVResult,
    lasso_alpha_max,
    lasso_cv,
    lasso_path,
)
from .ridge import Ridge, ridge, ridge_path
from .subsets import (
    MAX_BEST_SUBSET_FEATURES,
    SelectionResult,
    backward_model_count,
    backward_stepwise,
    best_subset,
    forward_model_count,
    forward_stepwise,
)
from .zscores import least_squares, z_scores

__all__ = [
    "MAX_BEST_SUBSET_FEATURES",
    "Lasso",
    "LassoCVResult",
    "Ridge",
    "SelectionResult",
    "backward_model_count",
    "backward_stepwise",
    "best_subset",
    "forward_model_count",
    "forward_stepwise",
    "lasso_alpha_max",
    "lasso_cv",
    "lasso_path",
    "least_squares",
    "ridge",
    "ridge_path",
    "z_scores",
]
