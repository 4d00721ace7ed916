"""Rows of ``results/claims.csv``: one function per claim id.

A claim is measured, never asserted: each row holds the measured quantity, the
bound or expected value, the relation checked and whether it held. The row type
and the table helpers are in :mod:`._row`; the functions of each claim family
in their own module (:mod:`.kernels`, :mod:`.gaussian`, :mod:`.updates`,
:mod:`.boosting`, :mod:`.weak_learning`, :mod:`.margins`, :mod:`.selection`,
:mod:`.evaluation`). Which function computes which claim, from which tables, is
the experiment registry's (:mod:`kernelboost.experiments`).
"""

from __future__ import annotations

from ..kinds import EVIDENCE_KINDS, Kind, Tally, verdict
from ._row import (
    COLUMNS,
    ClaimRow,
    Relation,
    read_rows,
    render_markdown,
    to_frame,
)
from .boosting import (
    b1_adaboost_bound,
    b2_distribution_closed_form,
    b3_half_on_mistakes,
    b4_exp_loss_descent,
    b5_margin_growth,
    b6_margin_bound,
    b7_max_margin,
    b11_boosting_cost,
    b12_noise_robustness,
    b13_losses,
    b14_vc_bound,
    b15_adaboost_cycle,
    b16_rademacher_margin_bound,
    b17_uniform_margin_bound,
)
from .evaluation import (
    e1_loo_bound,
    e2_non_sv_removal,
    e3_cv_selection,
    e4_knn_loo,
    k16_c_fit,
)
from .gaussian import k17_gaussian_series, k19_oscillation
from .kernels import (
    k1_kernel_identity,
    k2_kernel_cost,
    k3_gram_spectra,
    k4_feature_lift,
    k5_representer,
    k6_perceptron_dual,
    k7_perceptron_xor,
    k8_dual_cost,
    k9_gaussian_hypothesis,
    k10_sigma_bias_variance,
    k11_svm_sigma_C_grid,
    k12_poly_degree,
    k13_pegasos_convergence,
    k14_knn,
    k15_feature_distance,
)
from .margins import b19_margin_geometry
from .selection import (
    s1_lasso_zeros,
    s2_contours,
    s3_subset_selection,
    s4_zscore_elimination,
    s5_stepwise_stopping,
    s6_l1_ball_faces,
)
from .updates import k18_incremental_update, k20_primal_dual_cost
from .weak_learning import (
    b8_xor_stumps,
    b9_nonconvex_combination,
    b10_mwu_boosting,
    b18_mwu_theorem2,
)

__all__ = [
    "COLUMNS",
    "EVIDENCE_KINDS",
    "Tally",
    "verdict",
    "ClaimRow",
    "Kind",
    "Relation",
    "read_rows",
    "render_markdown",
    "to_frame",
    "b1_adaboost_bound",
    "b2_distribution_closed_form",
    "b3_half_on_mistakes",
    "b4_exp_loss_descent",
    "b5_margin_growth",
    "b6_margin_bound",
    "b7_max_margin",
    "b8_xor_stumps",
    "b9_nonconvex_combination",
    "b10_mwu_boosting",
    "b11_boosting_cost",
    "b12_noise_robustness",
    "b13_losses",
    "b14_vc_bound",
    "b15_adaboost_cycle",
    "b16_rademacher_margin_bound",
    "b17_uniform_margin_bound",
    "b18_mwu_theorem2",
    "b19_margin_geometry",
    "k10_sigma_bias_variance",
    "k11_svm_sigma_C_grid",
    "k12_poly_degree",
    "k13_pegasos_convergence",
    "k14_knn",
    "k15_feature_distance",
    "k16_c_fit",
    "k17_gaussian_series",
    "k18_incremental_update",
    "k19_oscillation",
    "k20_primal_dual_cost",
    "k1_kernel_identity",
    "k2_kernel_cost",
    "k3_gram_spectra",
    "k4_feature_lift",
    "k5_representer",
    "k6_perceptron_dual",
    "k7_perceptron_xor",
    "k8_dual_cost",
    "k9_gaussian_hypothesis",
    "s1_lasso_zeros",
    "s2_contours",
    "s3_subset_selection",
    "s4_zscore_elimination",
    "s5_stepwise_stopping",
    "s6_l1_ball_faces",
    "e1_loo_bound",
    "e2_non_sv_removal",
    "e3_cv_selection",
    "e4_knn_loo",
]
