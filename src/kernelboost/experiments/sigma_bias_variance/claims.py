"""Claim rows of K10, from the sigma_bias_variance experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ...theory.intervals import rate_difference
from .._shared.rows import ClaimRow


def k10_sigma_bias_variance(
    errors: pd.DataFrame, regions: pd.DataFrame, points: pd.DataFrame
) -> list[ClaimRow]:
    """K10: σ trades bias for variance; small σ behaves like 1-NN.

    With f(x) = s(x) + b, s(x) = Σ_i α_i y_i exp(−‖x − x_i‖²/2σ²), a test
    point is *decided by the intercept* when |s(x)| < τ·|b| (τ = 10⁻³, column
    ``negligible``; :func:`.study.sigma_tables`): no training
    point's Gaussian reaches it and the prediction is sign(b). The other test
    points are *decided by the kernel*. Rows, σ_min and σ_max the ends of the grid:

    1. training error non-decreasing in σ (empirical): the largest decrease
       max_j (e_train(σ_j) − e_train(σ_{j+1})) over consecutive σ, ``<= 0``.
    2. small σ behaves like 1-NN (empirical): p(σ_min) − p(σ_max) ``> 0``,
       p(σ) the fraction of the test points decided by the kernel on which
       the SVM and 1-NN (same training set) agree. Its 95 % interval is
       Newcombe's for a difference of independent proportions
       (:func:`~kernelboost.intervals.difference_interval`) on
       k(σ) = p(σ)·n(σ) agreements of n(σ) points; both proportions are read
       on (subsets of) the same test points, which it ignores, so it is
       conservative: a difference of a few test points reads *not resolved*.
    3. larger σ gives a smoother h (empirical): Spearman's rank correlation
       between σ and the decision-boundary length on the grid, ``< 0``. A
       tendency, not monotonicity: the staircase length of a straight
       boundary depends on its direction (up to a factor √2), so two nearly
       straight boundaries of large σ can swap their order without any
       change of smoothness.
    4. illustration: the fraction of test points decided by the intercept
       at σ_min (with the fraction where |s(x)| < |b|, on which the
       prediction is sign b whatever the kernel votes, and the agreement with
       1-NN over all test points there).
    5. illustration: the σ chosen by cross-validation and its test error
       against the best on the grid.
    """
    e = errors.sort_values("sigma")
    train = e["train_error"].to_numpy()
    drop = float(np.max(train[:-1] - train[1:])) if len(e) > 1 else 0.0
    smallest, largest = e.iloc[0], e.iloc[-1]
    chosen = e[e["chosen"].astype(str) == "True"].iloc[0]
    common = dict(
        source="Shewchuk, Lecture 14, 'The Gaussian Kernel'; "
        "Huang 2017, 'Gaussian RBF kernel (default in sklearn)'",
        dataset=f"{int(smallest['n_train'])} training points, split seed "
        f"{int(smallest['split_seed'])}, C = {float(smallest['C']):g}",
    )
    s_min, s_max = float(smallest["sigma"]), float(largest["sigma"])
    n1, n2 = int(smallest["n_kernel_decided"]), int(largest["n_kernel_decided"])
    if n1 and n2:
        p1 = float(smallest["knn1_agreement_kernel"])
        p2 = float(largest["knn1_agreement_kernel"])
        d = rate_difference(p1, n1, p2, n2)
        agreement = d.fields()
        counts = f"{d.k1}/{n1} vs {d.k2}/{n2}"
    else:  # the intercept decides every test point at one end: nothing to read
        agreement = dict(measured=float("nan"))
        counts = f"{n1} vs {n2} points decided by the kernel"
    lengths = e["boundary_length"].to_numpy()
    rises = int(np.count_nonzero(np.diff(lengths) > 0))
    rho = (  # undefined (NaN, read as false) when every length is the same
        float(stats.spearmanr(e["sigma"], lengths).statistic)
        if np.ptp(lengths) > 0
        else float("nan")
    )
    n_test = int(smallest["n_test"])
    return [
        ClaimRow(
            title="training error is non-decreasing in sigma",
            quantity="largest decrease of the training error as sigma grows",
            measured=drop,
            bound=0.0,
            relation="<=",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title="small sigma behaves like the nearest-neighbour rule",
            quantity=f"agreement with 1-NN on the test points the kernel decides, "
            f"sigma = {s_min:g} minus sigma = {s_max:g} ({counts})",
            bound=0.0,
            relation=">",
            kind="empirical",
            **agreement,
            **common,
        ),
        ClaimRow(
            title="larger sigma gives a smoother h (shorter decision boundary)",
            quantity=f"Spearman rank correlation of sigma and the boundary length "
            f"over {len(e)} sigmas ({rises} of {len(e) - 1} steps lengthen it)",
            measured=rho,
            bound=0.0,
            relation="<",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title="at the smallest sigma the intercept decides many test points",
            quantity=f"fraction of the {n_test} test points with |s(x)| < "
            f"{float(smallest['negligible']):g} |b| "
            f"at sigma = {s_min:g} (|s(x)| < |b|: "
            f"{float(smallest['intercept_outweighs']):.3g}; agreement with 1-NN "
            f"on all test points: {float(smallest['knn1_agreement']):.3g})",
            measured=float(smallest["intercept_decided"]),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
        ClaimRow(
            title="sigma chosen by cross-validation",
            quantity=f"test error at the CV choice sigma = {float(chosen['sigma']):g}"
            f" (best on the grid {float(e['test_error'].min()):.4g})",
            measured=float(chosen["test_error"]),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
    ]
