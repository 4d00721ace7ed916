"""Claim rows of K10, from the sigma_bias_variance experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import PairedDifference, paired_difference
from .._shared.rows import ClaimRow
from .._shared.samples import mean_correlation, one_set_reason, rank_correlation, sizes


def paired_agreement(
    agreement: pd.DataFrame, sigma1: float, sigma2: float
) -> PairedDifference:
    """Agreement with 1-NN at σ1 minus at σ2 on all the test points, with
    the paired interval.

    The two agreements a(σ) = (1/n) Σ_x 1[SVM_σ(x) = 1-NN(x)] are rates on
    the same n test points; with d_σ(x) = 1 − 1[SVM_σ(x) = 1-NN(x)] the
    disagreements, a(σ1) − a(σ2) = mean d_σ2 − mean d_σ1, read by
    :func:`~marginlab.theory.intervals.paired_difference` (Newcombe's interval
    for paired proportions: only the points on which the two σ disagree
    with each other move it).
    """

    def at(sigma: float) -> pd.DataFrame:
        part = agreement[np.isclose(agreement["sigma"], sigma, rtol=1e-12)]
        return part.sort_values("point")

    one, two = at(sigma1), at(sigma2)
    if one.empty or two.empty:
        raise ValueError(f"no per-point agreement at sigma = {sigma1} or {sigma2}")
    if not np.array_equal(one["point"].to_numpy(), two["point"].to_numpy()):
        raise ValueError(f"sigma = {sigma1} and {sigma2} are read on other points")
    return paired_difference(two["agree"].to_numpy() == 0, one["agree"].to_numpy() == 0)


def _agreements(d: PairedDifference) -> str:
    """``a1/n vs a2/n`` agreements of a :func:`paired_agreement` result."""
    a1 = d.n - d.both - d.second_only
    a2 = d.n - d.both - d.first_only
    return (
        f"{a1}/{d.n} vs {a2}/{d.n} agreements; {d.first_only} vs {d.second_only} "
        "points where only one of the two agrees"
    )


def k10_sigma_bias_variance(
    errors: pd.DataFrame,
    regions: pd.DataFrame,
    points: pd.DataFrame,
    agreement: pd.DataFrame,
    replicates: pd.DataFrame,
) -> list[ClaimRow]:
    """K10: σ trades bias for variance; small σ behaves like 1-NN.

    With f(x) = s(x) + b, s(x) = Σ_i α_i y_i exp(−‖x − x_i‖²/2σ²), a test
    point is *decided by the intercept* when |s(x)| < τ·|b| (τ = 10⁻³, column
    ``negligible``; :func:`.study.sigma_tables`): no training
    point's Gaussian reaches it and the prediction is sign(b). The other test
    points are *decided by the kernel*. Rows, σ_min and σ_max the ends of the grid:

    1. training error non-decreasing in σ (empirical): the largest decrease
       max_j (e_train(σ_j) − e_train(σ_{j+1})) over consecutive σ, ``<= 0``.
       A property of the fits on the fixed training set (no sampling to
       read an interval of).
    2. small σ behaves like 1-NN (empirical), on **all** n test points:
       a(σ_a) − a(σ_max) ``> 0``, a(σ) the fraction of the test points on
       which the SVM and 1-NN (same training set) agree, σ_a the smallest σ
       at which at most ``intercept_share`` of the test points are decided
       by the intercept (column ``kernel_sigma``, chosen from the fits and
       the test inputs alone). Both rates are read on the same test points,
       so the 95 % interval is the paired one
       (:func:`~marginlab.theory.intervals.paired_difference`, from the
       per-point ``agreement`` table). No σ below σ_max meeting the limit:
       not resolved.
    3. illustration: the same difference at σ_min in place of σ_a, where
       the intercept may decide many test points (the evidence row until
       σ_a replaced it).
    4. larger σ gives a smoother h (empirical): Spearman's rank correlation
       between σ and the decision-boundary length on the grid, on each of R
       training sets drawn independently from the data's generator (the
       run's own first; table ``replicates``); the row reads the mean ρ with
       its Student t 95 % interval over the R sets, ``< 0``. A tendency, not
       monotonicity: the staircase length of a straight boundary depends on
       its direction (up to a factor √2), so two nearly straight boundaries
       of large σ can swap their order without any change of smoothness.
       All lengths equal on a set gives ρ = 0; with one training set (a
       dataset no seeded generator makes) there is no interval: not
       resolved.
    5. illustration: the fraction of test points decided by the intercept
       at σ_min (with the fraction where |s(x)| < |b|, on which the
       prediction is sign b whatever the kernel votes).
    6. illustration: the σ chosen by cross-validation and its test error
       against the best on the grid.

    Parameters
    ----------
    errors, regions, points, agreement, replicates : DataFrame
        The tables of :func:`.study.sigma_tables`.

    Returns
    -------
    list of ClaimRow
        The six rows above, in that order, named ``train_error``,
        ``agreement/kernel_sigma``, ``agreement/smallest_sigma``,
        ``correlation``, ``intercept_decided`` and ``cv_choice``.
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
    tau = float(smallest["negligible"])
    share = float(smallest["intercept_share"])
    whole = paired_agreement(agreement, s_min, s_max)
    at_a = e[e["kernel_sigma"].astype(str) == "True"]
    limit = (
        f"the intercept decides at most {share:g} of the test points "
        f"(|s(x)| < {tau:g} |b|)"
    )
    if len(at_a):
        s_a = float(at_a["sigma"].iloc[0])
        kernel = paired_agreement(agreement, s_a, s_max)
        decided = float(at_a["intercept_decided"].iloc[0])
        kernel_row = dict(
            **kernel.fields(),
            quantity=f"agreement with 1-NN on all {kernel.n} test points, "
            f"sigma = {s_a:g} (the smallest sigma at which {limit}; here "
            f"{decided:.3g}) minus sigma = {s_max:g} ({_agreements(kernel)}; "
            "paired 95 % interval)",
        )
    else:
        kernel_row = dict(
            measured=float("nan"),
            unresolved=f"no sigma below {s_max:g} at which {limit}",
            quantity=f"agreement with 1-NN on all test points, at the smallest "
            f"sigma at which {limit}, minus at sigma = {s_max:g}: no such sigma",
        )
    lengths = e["boundary_length"].to_numpy()
    rises = int(np.count_nonzero(np.diff(lengths) > 0))
    own = (
        f"the run's own: {rank_correlation(e, 'sigma'):.3g}, {rises} of "
        f"{len(e) - 1} steps lengthen it"
    )
    m = mean_correlation(replicates, "sigma")
    alone = one_set_reason(replicates)
    if m is None:
        smooth = dict(measured=rank_correlation(e, "sigma") if alone else np.nan)
        over = f"over {len(e)} sigmas ({own})" + (
            f"; not resolved, {alone}" if alone else ""
        )
    else:
        smooth = dict(m.fields())
        over = (
            f"over {len(e)} sigmas, mean over {m.n} training sets of "
            f"{sizes(replicates)} points drawn independently (95 % t interval "
            f"over the sets; {own})"
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
            name="train_error",
            **common,
        ),
        ClaimRow(
            title="small sigma behaves like the nearest-neighbour rule",
            bound=0.0,
            relation=">",
            kind="empirical",
            name="agreement/kernel_sigma",
            **kernel_row,
            **common,
        ),
        ClaimRow(
            title="the same at the smallest sigma of the grid, where the "
            "intercept may decide many test points (not counted)",
            quantity=f"agreement with 1-NN on all {whole.n} test points, "
            f"sigma = {s_min:g} minus sigma = {s_max:g} ({_agreements(whole)}; "
            f"paired 95 % interval [{whole.low:.3g}, {whole.high:.3g}])",
            measured=whole.value,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="agreement/smallest_sigma",
            **common,
        ),
        ClaimRow(
            title="larger sigma gives a smoother h (shorter decision boundary)",
            quantity=f"Spearman rank correlation of sigma and the boundary length "
            f"{over}",
            **smooth,
            bound=0.0,
            relation="<",
            kind="empirical",
            unresolved=alone,
            name="correlation",
            **common,
        ),
        ClaimRow(
            title="at the smallest sigma the intercept decides many test points",
            quantity=f"fraction of the {n_test} test points with |s(x)| < "
            f"{float(smallest['negligible']):g} |b| "
            f"at sigma = {s_min:g} (|s(x)| < |b|: "
            f"{float(smallest['intercept_outweighs']):.3g})",
            measured=float(smallest["intercept_decided"]),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="intercept_decided",
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
            name="cv_choice",
            **common,
        ),
    ]
