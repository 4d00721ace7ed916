"""Figures: one style, deterministic saving, and one function per figure.

:data:`PLOTTERS` maps a figure name to the function that draws it from its
metric tables; the figures of each claim family live in their own module.
"""

from __future__ import annotations

from ._base import STYLE, new_figure, save_figure
from .boosting import (
    plot_adaboost_bound,
    plot_adaboost_train_test,
    plot_boosting_cost,
    plot_exp_loss_descent,
    plot_losses,
    plot_margin_bound,
    plot_margin_distribution,
    plot_margin_growth,
    plot_noise_robustness,
)
from .evaluation import plot_cv_model_selection, plot_loo_vs_sv_bound
from .kernels import (
    plot_feature_lift,
    plot_gaussian_hypothesis,
    plot_gram_spectra,
    plot_kernel_cost,
    plot_kernel_identity,
    plot_knn_k,
    plot_pegasos_convergence,
    plot_perceptron_dual,
    plot_perceptron_xor,
    plot_poly_degree,
    plot_representer,
    plot_sigma_bias_variance,
    plot_svm_sigma_C_grid,
)
from .selection import (
    plot_lasso_path,
    plot_lasso_ridge_contours,
    plot_subset_selection,
)
from .weak_learning import (
    plot_mwu_boosting,
    plot_nonconvex_combination,
    plot_xor_stumps,
)

#: Figure name → function from its metric tables (in workflow order) to a Figure.
PLOTTERS = {
    "losses": plot_losses,
    "lasso_path": plot_lasso_path,
    "lasso_ridge_contours": plot_lasso_ridge_contours,
    "subset_selection": plot_subset_selection,
    "adaboost_bound": plot_adaboost_bound,
    "exp_loss_descent": plot_exp_loss_descent,
    "margin_distribution": plot_margin_distribution,
    "adaboost_train_test": plot_adaboost_train_test,
    "margin_bound": plot_margin_bound,
    "margin_growth": plot_margin_growth,
    "xor_stumps": plot_xor_stumps,
    "nonconvex_combination": plot_nonconvex_combination,
    "mwu_boosting": plot_mwu_boosting,
    "noise_robustness": plot_noise_robustness,
    "boosting_cost": plot_boosting_cost,
    "kernel_identity": plot_kernel_identity,
    "feature_lift": plot_feature_lift,
    "representer": plot_representer,
    "gram_spectra": plot_gram_spectra,
    "perceptron_dual": plot_perceptron_dual,
    "perceptron_xor": plot_perceptron_xor,
    "gaussian_hypothesis": plot_gaussian_hypothesis,
    "svm_sigma_C_grid": plot_svm_sigma_C_grid,
    "poly_degree": plot_poly_degree,
    "pegasos_convergence": plot_pegasos_convergence,
    "knn_k": plot_knn_k,
    "loo_vs_sv_bound": plot_loo_vs_sv_bound,
    "cv_model_selection": plot_cv_model_selection,
    "kernel_cost": plot_kernel_cost,
    "sigma_bias_variance": plot_sigma_bias_variance,
}

__all__ = ["PLOTTERS", "STYLE", "new_figure", "save_figure"]
