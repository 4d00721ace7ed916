"""Claim rows of the kernel family K1–K16."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ..intervals import rate_difference
from ._row import ClaimRow
from ._timing import exponent_row, fitted

_IDENTITY_TITLES = {
    "quadratic": "(x·x')² = ⟨φ(x), φ(x')⟩, φ = (x1², √2 x1x2, x2²)",
    "sequence": "(1 + x·x')^k = ⟨ψ(x), ψ(x')⟩, ψ the (n+1)^k sequence embedding",
    "sqrt_c": "(x·x' + c)^d = ⟨ψ(x), ψ(x')⟩ with x0 = √c",
    "subset_product": "Π(1 + x_i x'_i) = ⟨φ(x), φ(x')⟩, φ the subset products",
}


def _identity_grid(part: pd.DataFrame) -> str:
    """The (n, degree) settings of one identity's rows, e.g. "n ∈ {1, 2}, degree
    ∈ {2, 3}" (no degree for the subset-product map)."""
    ns = ", ".join(str(n) for n in sorted(part["n"].unique()))
    degrees = sorted(d for d in part["degree"].unique() if d > 0)
    return f"n ∈ {{{ns}}}" + (
        f", degree ∈ {{{', '.join(map(str, degrees))}}}" if degrees else ""
    )


def k1_kernel_identity(identities: pd.DataFrame) -> list[ClaimRow]:
    """K1: each kernel equals the inner product of its explicit feature map.

    One row per identity: the largest ``max_rel_diff`` over its (n, degree)
    grid, checked ``<= 1e-10``.
    """
    rows = []
    for identity, part in identities.groupby("identity", sort=True):
        grid = _identity_grid(part)
        rows.append(
            ClaimRow(
                id="K1",
                title=_IDENTITY_TITLES.get(identity, identity),
                source="UML notes, Kernels §III; Mądry 2012, §2; "
                "Huang 2017, 'Quadratic Kernel', 'Polynomial Kernels'",
                dataset=f"random N(0, I), {grid}",
                quantity="max |K - ΦΦᵀ| / max |K|",
                measured=float(part["max_rel_diff"].max()),
                bound=1e-10,
                relation="<=",
                kind="identity",
                figure="kernel_identity",
            )
        )
    return rows


def k15_feature_distance(identities: pd.DataFrame) -> list[ClaimRow]:
    """K15: distances in feature space come from the kernel alone.

    d(x, x')² = ‖φ(x) − φ(x')‖² = k(x, x) + k(x', x') − 2 k(x, x') (Huang
    2017, 'Distance in Feature Space'). One row per identity of K1: the
    largest ``max_rel_diff_distance`` over its (n, degree) grid, the squared
    distances from the kernel against those summed over the explicit
    coordinates, checked ``<= 1e-10``.
    """
    rows = []
    for identity, part in identities.groupby("identity", sort=True):
        grid = _identity_grid(part)
        rows.append(
            ClaimRow(
                id="K15",
                title="squared distance in feature space = k(x,x) + k(x',x') - "
                f"2k(x,x'): {_IDENTITY_TITLES.get(identity, identity)}",
                source="Huang 2017, 'Distance in Feature Space'",
                dataset=f"random N(0, I), {grid}",
                quantity="max |D_k - D_φ| / max |D_φ|, D_φ summed over the "
                "explicit coordinates",
                measured=float(part["max_rel_diff_distance"].max()),
                bound=1e-10,
                relation="<=",
                kind="identity",
                figure="kernel_identity",
            )
        )
    return rows


def k3_gram_spectra(spectra: pd.DataFrame) -> list[ClaimRow]:
    """K3: valid kernels give PSD Gram matrices; the non-kernels do not.

    One row per function, measured = the smallest λ_min / Σ|λ_i| over the draws:
    a kernel holds when it is ``>= -1e-10`` (λ_min ≥ −1e-10·trace), a
    non-kernel when it is ``< -1e-10`` (a negative eigenvalue was found).
    """
    rows = []
    draws = spectra["draw"].nunique()
    for function, part in spectra.groupby("function", sort=False):
        valid = bool(part["valid_kernel"].iloc[0])
        rows.append(
            ClaimRow(
                id="K3",
                title=(
                    f"{function} is a kernel: PSD Gram matrices"
                    if valid
                    else f"{function} is not a kernel: a negative eigenvalue"
                ),
                source="Shewchuk, Lecture 14, 'The Gaussian Kernel'; "
                "Huang 2017, 'Mercer's Theorem'",
                dataset=f"{draws} random samples",
                quantity="min over samples of λ_min / Σ|λ_i|",
                measured=float(part["min_eig_ratio"].min()),
                bound=-1e-10,
                relation=">=" if valid else "<",
                kind="theorem",
                figure="gram_spectra",
            )
        )
    return rows


def k5_representer(iterates: pd.DataFrame) -> list[ClaimRow]:
    """K5: the primal optimum's component orthogonal to span{ψ(x_i)} vanishes.

    One row: ‖w* − Π w*‖ / ‖w*‖ at the last L-BFGS iterate (``<= 1e-6``).
    """
    last = iterates.iloc[-1]
    return [
        ClaimRow(
            id="K5",
            title="the optimal w lies in span ψ(x_i) (representer theorem)",
            source="UML notes, Kernels §I",
            dataset=f"m = {int(last['n_samples'])} random points, ψ in "
            f"R^{int(last['dimension'])}, start {iterates['orth_ratio'].iloc[0]:.0%} "
            "outside the span",
            quantity="‖w* − Π w*‖ / ‖w*‖ after L-BFGS on ½‖w‖² + C Σ squared hinge",
            measured=float(last["orth_ratio"]),
            bound=1e-6,
            relation="<=",
            kind="theorem",
            figure="representer",
        )
    ]


def k6_perceptron_dual(worked: pd.DataFrame, compare: pd.DataFrame) -> list[ClaimRow]:
    """K6: the worked table of Huang 2017, and primal = dual on data.

    Rows: the worked table (largest deviation of w and α from the lecture's
    numbers, ``<= 0``); then per dataset the first position where the primal
    and dual mistake sequences differ (``== -1``: never) and
    ‖w − Σ α_i φ(x_i)‖ / max(‖w‖, 1) (``<= 1e-9``).
    """
    seed_cols = ["w1_seed", "w2_seed", "alpha1_seed", "alpha2_seed", "alpha3_seed"]
    ours = worked[["w1", "w2", "alpha1", "alpha2", "alpha3"]].to_numpy()
    seed = worked[seed_cols].to_numpy()
    implicit = worked[["wd1", "wd2"]].to_numpy() - worked[["w1", "w2"]].to_numpy()
    deviation = float(np.abs(np.hstack([ours - seed, implicit])).max())
    rows = [
        ClaimRow(
            id="K6",
            title="worked primal/dual perceptron table of Huang 2017 reproduced",
            source="Huang 2017, 'Kernelized Perceptron'",
            dataset="x1=(0,1):-1, x2=(2,1):+1, x3=(0,-1):+1",
            quantity=(
                f"max deviation from the lecture's w and α over {len(worked)} updates"
            ),
            measured=deviation if len(worked) == 3 else float("nan"),
            bound=0.0,
            relation="<=",
            kind="identity",
            figure="perceptron_dual",
        )
    ]
    for r in compare.itertuples(index=False):
        common = dict(
            source="Shewchuk, Lecture 14, 'Kernel Perceptrons'; Mądry 2012, §2; "
            "Huang 2017, 'Kernelized Perceptron'",
            dataset=r.dataset,
            kind="identity",
            figure="perceptron_dual",
        )
        rows.append(
            ClaimRow(
                id="K6",
                title=f"primal and dual perceptron make the same mistakes ({r.kernel})",
                quantity=f"first differing position of {r.n_mistakes_primal} vs "
                f"{r.n_mistakes_dual} mistakes (-1: none)",
                measured=float(r.first_difference),
                bound=-1.0,
                relation="==",
                **common,
            )
        )
        rows.append(
            ClaimRow(
                id="K6",
                title=f"w = Σ α_i φ(x_i) ({r.kernel})",
                quantity="‖w - Σ α_i φ(x_i)‖ / max(‖w‖, 1)",
                measured=float(r.w_rel_diff),
                bound=1e-9,
                relation="<=",
                **common,
            )
        )
    return rows


def k7_perceptron_xor(epochs: pd.DataFrame, points: pd.DataFrame) -> list[ClaimRow]:
    """K7: XOR defeats the linear perceptron but not the quadratic kernel one.

    Rows: the linear perceptron's smallest training error over its epoch
    budget (``> 0``); the kernel perceptron's final training error (``<= 0``);
    the cosine between the implicit w = Σ α_i φ(x_i) and the √2·x1x2
    coordinate, i.e. the rule x1·x2 > 0 (``>= 1 − 1e-12``).
    """
    linear = epochs[epochs["model"].str.startswith("linear")]
    kernel = epochs[epochs["model"].str.startswith("kernel")]
    w = points["alpha"].to_numpy() @ points[["phi1", "phi2", "phi3"]].to_numpy()
    cosine = float(w[1] / np.linalg.norm(w)) if np.linalg.norm(w) > 0 else 0.0
    common = dict(
        id="K7",
        source="Huang 2017, 'XOR Example'",
        dataset=f"xor, {len(points)} points",
        kind="theorem",
        figure="perceptron_xor",
    )
    return [
        ClaimRow(
            title="linear perceptron never reaches 0 training error on XOR",
            quantity=f"min training error over {len(linear)} epochs",
            measured=float(linear["train_error"].min()),
            bound=0.0,
            relation=">",
            **common,
        ),
        ClaimRow(
            title="quadratic kernel perceptron separates XOR",
            quantity=f"training error after {len(kernel)} epochs",
            measured=float(kernel["train_error"].iloc[-1]),
            bound=0.0,
            relation="<=",
            **common,
        ),
        ClaimRow(
            title="implicit w points along √2·x1x2: the rule x1·x2 > 0",
            quantity="cos(w, e_{√2 x1x2}), w = Σ α_i φ(x_i)",
            measured=cosine,
            bound=1.0 - 1e-12,
            relation=">=",
            **common,
        ),
    ]


def k9_gaussian_hypothesis(
    history: pd.DataFrame, curve: pd.DataFrame, bumps: pd.DataFrame
) -> list[ClaimRow]:
    """K9: gradient ascent on kernel logistic regression, batch and stochastic.

    Rows: per method, the largest decrease of J between epochs relative to
    max(1, |J|) (``<= 1e-12``: non-decreasing up to rounding; a theorem for
    batch ascent with a step below 1/L, empirical for stochastic); the largest
    |h_batch − h_stochastic| on the grid (``<= 1e-3``); and the largest
    difference between f and the sum of its Gaussian bumps Σ a_j k(x_j, z)
    rebuilt from the bump table (``<= 1e-9``).
    """
    rows = []
    data = f"interval (1-D), {len(bumps)} points, σ = {bumps['sigma'].iloc[0]:g}"
    common = dict(
        id="K9",
        source="Shewchuk, Lecture 14, 'Kernel Logistic Regression', "
        "'The Gaussian Kernel'",
        dataset=data,
        figure="gaussian_hypothesis",
    )
    for method, part in history.groupby("method", sort=True):
        j = part["objective"].to_numpy()
        drop = (
            float(np.max(j[:-1] - j[1:]) / max(1.0, np.abs(j).max()))
            if len(j) > 1
            else 0.0
        )
        rows.append(
            ClaimRow(
                title=f"{method} gradient ascent never decreases J = ℓ − λ/2‖w‖²",
                quantity=f"largest relative drop of J over {len(j)} epochs",
                measured=drop,
                bound=1e-12,
                relation="<=",
                # A small enough full step provably ascends; a stochastic
                # epoch of single-point steps need not.
                kind="theorem" if method == "batch" else "empirical",
                **common,
            )
        )
    gap = float(np.abs(curve["h_batch"] - curve["h_stochastic"]).max())
    rows.append(
        ClaimRow(
            title="batch and stochastic ascent converge to the same h",
            quantity="max over the grid of |h_batch(z) - h_stochastic(z)|",
            measured=gap,
            bound=1e-3,
            relation="<=",
            kind="empirical",
            **common,
        )
    )
    z = curve["z"].to_numpy()[:, None]
    sigma = float(bumps["sigma"].iloc[0])
    rebuilt = (
        np.exp(-((z - bumps["x"].to_numpy()) ** 2) / (2 * sigma**2))
        @ bumps["a"].to_numpy()
    )
    rows.append(
        ClaimRow(
            title="h(z) = s(Σ a_j k(x_j, z)): a sum of Gaussians at the samples",
            quantity="max |f(z) - Σ a_j exp(-(z - x_j)²/2σ²)|",
            measured=float(np.abs(curve["f_batch"].to_numpy() - rebuilt).max()),
            bound=1e-9,
            relation="<=",
            kind="identity",
            **common,
        )
    )
    return rows


def k11_svm_sigma_C_grid(summary: pd.DataFrame) -> list[ClaimRow]:
    """K11: the SMO pictures of Huang 2017.

    Rows: for every σ with several C, the smallest relative change of the
    margin 1/‖w‖ from one C to the next smaller one (``>= -1e-3``: the margin
    does not shrink as C decreases, up to the solver tolerance); for every
    hard-margin panel (C = ∞), its training error (``<= 0``).
    """
    rows = []
    common = dict(
        id="K11",
        source="Huang 2017, 'Gaussian RBF kernel (default in sklearn)'",
        kind="theorem",
        figure="svm_sigma_C_grid",
    )
    for sigma, part in summary.groupby("sigma", sort=True):
        part = part.sort_values("C", ascending=False)
        if len(part) < 2:
            continue
        margins = part["margin"].to_numpy()
        change = float(np.min(np.diff(margins) / margins[:-1]))
        cs = " > ".join("∞" if np.isinf(c) else f"{c:g}" for c in part["C"])
        rows.append(
            ClaimRow(
                title=f"margin does not shrink as C decreases (σ = {sigma:g})",
                dataset=f"C = {cs}",
                quantity="min relative change of 1/‖w‖ to the next smaller C",
                measured=change,
                bound=-1e-3,
                relation=">=",
                **common,
            )
        )
    for r in summary[np.isinf(summary["C"])].itertuples(index=False):
        rows.append(
            ClaimRow(
                title=f"hard margin (C = ∞) separates the data (σ = {r.sigma:g})",
                dataset=f"σ = {r.sigma:g}, C = ∞, {r.n_sv} SV",
                quantity="training error",
                measured=float(r.train_error),
                bound=0.0,
                relation="<=",
                **common,
            )
        )
    return rows


def k4_feature_lift(summary: pd.DataFrame, points: pd.DataFrame) -> list[ClaimRow]:
    """K4: not linearly separable in R², separable after φ: R² → R³.

    Rows: the separation LP's optimum t* in R² (``<= 0``: no separating line),
    the linear SVM's training error in R² (``> 0``), t* in R³ (``> 0``) and the
    hard-margin SVM's training error in R³ (``<= 0``).
    """
    r2 = summary[summary["space"] == "R2"].iloc[0]
    r3 = summary[summary["space"] == "R3"].iloc[0]
    common = dict(
        id="K4",
        source="Mądry 2012, §2 and Fig. 1",
        dataset=f"circles, {len(points)} points",
        kind="theorem",
        figure="feature_lift",
    )
    lp = "t* = max t s.t. y(w·x + b) ≥ t, |w|∞ ≤ 1"
    return [
        ClaimRow(
            title="no line separates the data in R²",
            quantity=f"{lp}, in R²",
            measured=float(r2["lp_t"]),
            bound=0.0,
            relation="<=",
            **common,
        ),
        ClaimRow(
            title="a linear classifier in R² errs",
            quantity="training error of the soft-margin linear SVM in R²",
            measured=float(r2["train_error"]),
            bound=0.0,
            relation=">",
            **common,
        ),
        ClaimRow(
            title="a plane separates φ(data) in R³",
            quantity=f"{lp}, in R³ (z = φ(x))",
            measured=float(r3["lp_t"]),
            bound=0.0,
            relation=">",
            **common,
        ),
        ClaimRow(
            title="the hard-margin SVM on φ(x) makes no error (the ellipse)",
            quantity="training error in R³",
            measured=float(r3["train_error"]),
            bound=0.0,
            relation="<=",
            **common,
        ),
    ]


def k13_pegasos_convergence(checkpoints: pd.DataFrame) -> list[ClaimRow]:
    """K13: kernelized Pegasos approaches the SVM optimum.

    Rows: the slope of log(relative gap) against log(t) over the checkpoints
    (``< 0``: the gap decreases; the theory gives O(log T/(λT)), slope ≈ −1),
    and the relative gap at the last step T (``<= 1e-2``).
    """
    gap = checkpoints["rel_gap"].to_numpy()
    t = checkpoints["t"].to_numpy()
    positive = gap > 0
    slope = (
        float(np.polyfit(np.log(t[positive]), np.log(gap[positive]), 1)[0])
        if positive.sum() >= 2
        else float("nan")
    )
    common = dict(
        id="K13",
        source="Huang 2017, 'Kernelized Pegasos for SVM'",
        dataset=f"T = {t[-1]:,}",
        figure="pegasos_convergence",
    )
    return [
        ClaimRow(
            title="Pegasos' primal gap to the SVM optimum decreases with T",
            quantity="slope of log((P(w_t) - P*)/P*) vs log t",
            measured=slope,
            bound=0.0,
            relation="<",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title="Pegasos reaches the SVM optimum within 1 %",
            quantity="(P(w_T) - P*)/P* at the last step",
            measured=float(gap[-1]),
            bound=1e-2,
            relation="<=",
            # The guarantee is in expectation, O(log T/(λT)), with constants;
            # 1 % at this T on this data is a tendency, not a theorem.
            kind="empirical",
            **common,
        ),
    ]


def k12_poly_degree(degrees: pd.DataFrame) -> list[ClaimRow]:
    """K12: the degree of the polynomial kernel, separability, margin, overfitting.

    The table has two datasets (:func:`~kernelboost.studies.svm.poly_degree_table`):
    role ``"data"`` for separability and margin, role ``"noisy"`` (flipped
    labels, overlapping classes) for overfitting. Rows:

    1. some degree makes the training data separable: the smallest training
       error over the degrees on ``data``, ``<= 0``. Empirical: for m distinct
       points some degree ≤ m − 1 always separates them (a polynomial can
       interpolate any labels), but the row asks it of the degrees listed,
       which is a property of these data.
    2. a higher degree enlarges the margin, on one scale: with γ(d) = 1/‖w‖
       and R(d) = max_i √k(x_i, x_i) the radius of the training data in the
       degree-d feature space, max over separable d of (γ/R)(d) divided by
       (γ/R) at the first separable degree, ``> 1`` (empirical). γ/R does not
       change when φ is rescaled, and (R/γ)² is what bounds the perceptron's
       mistakes and the VC dimension of margin-γ hyperplanes; γ alone grows
       with the scale of the feature space (the raw ratio of γ is given in the
       quantity for comparison).
    3. the largest degree overfits: on ``noisy``, the test error at the
       largest degree minus the smallest test error over the lower degrees,
       ``> 0`` (empirical), with the 95 % interval of a difference of two
       proportions of the n_test points
       (:func:`~kernelboost.intervals.difference_interval`). The two
       errors are measured on the same test points, which the interval
       ignores (conservative); the minimum is picked on those points too,
       which biases the measured difference upward. A difference of a few
       test points reads *not resolved*.
    """
    t = degrees.sort_values(["role", "degree"], kind="stable")
    base, noisy = t[t["role"] == "data"], t[t["role"] == "noisy"]

    def described(part: pd.DataFrame) -> str:
        listed = ", ".join(map(str, part["degree"]))
        return (
            f"{part['dataset'].iloc[0]}, degrees {listed}; "
            f"{int(part['n_train'].iloc[0])} train / {int(part['n_test'].iloc[0])} "
            f"test, split seed {int(part['split_seed'].iloc[0])}"
        )

    common = dict(
        id="K12",
        source="Huang 2017, 'Polynomial Kernels'; Mądry 2012, §2",
        figure="poly_degree",
    )
    sep = base[base["separable"].astype(str) == "True"]
    if len(sep):
        first = sep.iloc[0]
        growth = float(sep["margin_over_radius"].max() / first["margin_over_radius"])
        raw = float(sep["margin"].max() / first["margin"])
        at = f"degree {int(first['degree'])}"
    else:
        growth, raw, at = float("nan"), float("nan"), "no separable degree"
    last = noisy.iloc[-1]
    lower = noisy.iloc[:-1]
    n = int(last["n_test"])
    if len(lower):
        best = lower.loc[lower["test_error"].idxmin()]
        d = rate_difference(last["test_error"], n, best["test_error"])
        overfit = d.fields()
        versus = (
            f"the best lower degree {int(best['degree'])} ({d.k1} vs {d.k2} "
            f"errors of {n})"
        )
    else:
        overfit, versus = dict(measured=float("nan")), "no lower degree"
    return [
        ClaimRow(
            title="some degree makes the training data separable",
            quantity="min training error over degrees",
            measured=float(base["train_error"].min()),
            bound=0.0,
            relation="<=",
            kind="empirical",
            dataset=described(base),
            **common,
        ),
        ClaimRow(
            title="a higher degree enlarges the margin relative to the data radius",
            quantity=f"max margin/R over separable degrees / margin/R at {at} "
            f"(R = max_i sqrt k(x_i, x_i); the margin alone grows {raw:.3g}x)",
            measured=growth,
            bound=1.0,
            relation=">",
            kind="empirical",
            dataset=described(base),
            **common,
        ),
        ClaimRow(
            title="the largest degree overfits (test error above a lower degree's)",
            quantity=f"test error at degree {int(last['degree'])} minus at {versus}",
            bound=0.0,
            relation=">",
            kind="empirical",
            dataset=described(noisy),
            **overfit,
            **common,
        ),
    ]


def k14_knn(
    errors: pd.DataFrame, regions: pd.DataFrame, points: pd.DataFrame
) -> list[ClaimRow]:
    """K14: k-NN from k = 1 to k = N.

    Rows: training error at k = 1 (``<= 0``); |test error at k = N − error of
    always predicting the training majority| (``<= 0``); test error at k = 1
    and at k = N minus the test error at k*, the k of smallest leave-one-out
    error on the training set (each ``> 0``: the extremes overfit and
    underfit, empirical). k* is chosen without the test points, so either
    row can fail; each carries Newcombe's 95 % interval of a difference of
    two error rates on the n_test test points (conservative for the same
    points), so that a difference of a few test points reads not resolved.
    """
    e = errors.sort_values("k")
    first, last = e.iloc[0], e.iloc[-1]
    chosen = e.loc[e["loo_error"].idxmin()]  # the first k of smallest LOO
    n_test = int(last["n_test"])

    def versus_chosen(error: float) -> dict[str, float]:
        return rate_difference(error, n_test, chosen["test_error"]).fields()

    common = dict(
        id="K14",
        source="Huang 2017, 'From SVM to Nearest Neighbor'",
        dataset=f"{int(last['n_train'])} training points, split seed "
        f"{int(last['split_seed'])}",
        figure="knn_k",
    )
    return [
        ClaimRow(
            title="1-NN makes no training error",
            quantity="training error, k = 1",
            measured=float(first["train_error"]),
            bound=0.0,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            title="k = N predicts the majority class",
            quantity=f"|test error at k = {int(last['k'])} - majority-class error|",
            measured=abs(float(last["test_error"] - last["majority_test_error"])),
            bound=0.0,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            title="small k overfits: 1-NN's test error is above the LOO-chosen k's",
            quantity=f"test error at k = 1 minus at k* = {int(chosen['k'])} "
            f"(smallest LOO error), on {n_test} test points (95 % interval)",
            **versus_chosen(float(first["test_error"])),
            bound=0.0,
            relation=">",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title="large k underfits: k = N's test error is above the LOO-chosen k's",
            quantity=f"test error at k = {int(last['k'])} minus at k* = "
            f"{int(chosen['k'])}, on {n_test} test points (95 % interval)",
            **versus_chosen(float(last["test_error"])),
            bound=0.0,
            relation=">",
            kind="empirical",
            **common,
        ),
    ]


def k10_sigma_bias_variance(
    errors: pd.DataFrame, regions: pd.DataFrame, points: pd.DataFrame
) -> list[ClaimRow]:
    """K10: σ trades bias for variance; small σ behaves like 1-NN.

    With f(x) = s(x) + b, s(x) = Σ_i α_i y_i exp(−‖x − x_i‖²/2σ²), a test
    point is *decided by the intercept* when |s(x)| < τ·|b| (τ = 10⁻³, column
    ``negligible``; :func:`~kernelboost.studies.sigma.sigma_tables`): no training
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
        id="K10",
        source="Shewchuk, Lecture 14, 'The Gaussian Kernel'; "
        "Huang 2017, 'Gaussian RBF kernel (default in sklearn)'",
        dataset=f"{int(smallest['n_train'])} training points, split seed "
        f"{int(smallest['split_seed'])}, C = {float(smallest['C']):g}",
        figure="sigma_bias_variance",
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


#: Claim id → function from its metric tables (in the order the workflow passes
#: them) to its rows.
def k2_kernel_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> list[ClaimRow]:
    """K2: explicit φ(x)·φ(x') costs O(n^d) per pair, the kernel ⟨x, x'⟩^d O(n).

    Parameters
    ----------
    timings, fits : DataFrame
        From :func:`kernelboost.studies.cost.kernel_cost_table` and
        :func:`~kernelboost.studies.cost.exponent_table`.

    Returns
    -------
    list of ClaimRow
        Per degree d: the explicit route's fitted exponent within
        0.3 of d, and the kernel's at most 1 + tol (O(n) is an
        upper bound: a constant cost per pair flattens the measured growth).
    """
    rows = []
    pairs = fits[fits["experiment"] == "feature_vs_kernel"]
    for degree in sorted(pairs["degree"].unique()):
        d = int(degree)
        rows.append(
            exponent_row(
                "K2",
                f"explicit phi(x).phi(x') grows like n^{d}",
                fitted(fits, "feature_vs_kernel", "explicit", d),
                d,
                upper=False,
            )
        )
        rows.append(
            exponent_row(
                "K2",
                f"kernel <x,x'>^{d} grows at most linearly in n",
                fitted(fits, "feature_vs_kernel", "kernel", d),
                1,
                upper=True,
            )
        )
    return rows


#: K8's curves: (experiment, form) → (stated exponent, title).
K8_STATED = {
    ("gram_vs_m", "kernel"): (2, "Gram matrix time grows like n^2"),
    ("gram_vs_d", "kernel"): (1, "Gram matrix time grows like d"),
    ("predict_vs_m", "dual"): (1, "dual prediction per point grows like n"),
    ("predict_vs_m", "explicit"): (0, "explicit-w prediction per point is flat in n"),
}


def k8_dual_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> list[ClaimRow]:
    """K8: the Gram matrix costs O(n²d); a dual prediction O(nd), explicit O(d').

    The notation of Shewchuk, Lecture 14: n samples, d features, d' = dim φ
    (here the degree-2 kernel ⟨x, x'⟩², d' = d²).

    Returns
    -------
    list of ClaimRow
        Fitted exponents within 0.3 of 2 (Gram vs n), 1 (Gram
        vs d), 1 (dual prediction per point vs n) and 0 (explicit prediction
        per point vs n).
    """
    return [
        exponent_row(
            "K8", title, fitted(fits, experiment, form, 2), stated, upper=False
        )
        for (experiment, form), (stated, title) in K8_STATED.items()
    ]
