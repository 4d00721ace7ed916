"""Claim rows of B22, B23 and B24, from the boosting_checks experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.rademacher import monte_carlo_deviation
from .._shared.rows import ClaimRow

#: Largest |Z(α_r) − Z(α*)| read as "α_r minimizes Z": Brent's method places
#: α* within about 1.5e-8·|α| of the minimizer, where Z is flat to second
#: order (Z'' = Σ D u² e^{−αu} ≤ e^{|α|}, under 10 for |α| ≤ 2.3), so Z(α*)
#: exceeds min Z by less than ½·10·(1.5e-8·2.3)² ≈ 6e-15; the rest is rounding
#: of sums of m terms of size at most e^{|α|}.
MINIMIZER_TOL = 1e-10

#: Rounding allowed in B22's inequalities between values of Z (in (0, 1]).
ROUNDING = 1e-12

#: Tolerance of the LP values of B23 and B24: ten times HiGHS's primal and
#: dual feasibility tolerances (1e-10); values and payoffs are at most 1.
LP_TOL = 1e-9


def _source_b22() -> str:
    return (
        "Mohri, Boosting, notes after 'Bound on Empirical Error' (alpha_t minimizes "
        "Z_t; for base classifiers x -> [-1, +1], alpha_t can be similarly chosen "
        "to minimize Z_t)"
    )


def b22_confidence_rated(rounds: pd.DataFrame) -> list[ClaimRow]:
    """B22: the weight α_t that minimizes Z_t, for ±1 and [−1, 1] base classifiers.

    With u_i = y_i h_t(x_i), r_t = Σ_i D_t(i) u_i and the slides' closed form
    α_r = ½ ln((1 + r_t)/(1 − r_t)) (= ½ ln((1 − ε_t)/ε_t) for ±1 values),
    α* the numerical minimizer of Z_t(α) = Σ_i D_t(i) exp(−α u_i). Rows:

    1. identity, h ∈ {−1, +1}: α_r minimizes Z_t:
       max_t |Z_t(α_r) − Z_t(α*)| ``<= 1e-10``.
    2. illustration, h ∈ [−1, 1]: how far the same closed form (the ±1
       formula with r_t for 1 − 2ε_t) is from minimizing Z_t for real-valued
       h: max_t |Z_t(α_r) − Z_t(α*)|, no verdict. The slides give no closed
       form for [−1, 1] (row 4 is what they claim: α_t = argmin Z_t); α_r
       minimizes the convexity bound of Z_t, and Z_t itself only when every
       |h(x_i)| = 1, which algebra settles before any data (CLAIMS.md,
       Erratum 14).
    3. theorem, h ∈ [−1, 1]: α_r minimizes the convexity bound of Z_t, whose
       value is √(1 − r_t²): max_t (Z_t(α_r) − √(1 − r_t²)) ``<= 1e-12``.
       Fails for base classifiers with values outside [−1, 1].
    4. theorem, h ∈ [−1, 1], α_t = α* (the lecture's choice, minimizing Z_t):
       the training error is at most Π_s Z_s after every round t, Z_s the
       normalizer the update divides by:
       max_t (training error_t − Π_{s ≤ t} Z_s) ``<= 0``.

    Parameters
    ----------
    rounds : DataFrame
        The table of :func:`.study.confidence_rated_rounds`.

    Returns
    -------
    list of ClaimRow
        The four rows above, in that order.
    """
    sign = rounds[rounds["variant"] == "sign"]
    real = rounds[rounds["variant"] == "real"]
    m = int(rounds["m"].iloc[0])
    T = int(rounds["t"].max())

    def gap(part: pd.DataFrame) -> tuple[float, str]:
        diff = (part["Z_slide"] - part["Z_star"]).abs()
        worst = part.loc[diff.idxmax()]
        return float(diff.max()), (
            f"round {int(worst['t'])}: Z(alpha_r) = {float(worst['Z_slide']):.6g} at "
            f"alpha_r = {float(worst['alpha_slide']):.4g}, Z(alpha*) = "
            f"{float(worst['Z_star']):.6g} at alpha* = {float(worst['alpha_star']):.4g}"
        )

    sign_gap, sign_worst = gap(sign)
    real_gap, real_worst = gap(real)
    interior = float(real["interior"].mean())
    slack = (real["Z_slide"] - real["Z_bound"]).to_numpy()
    bound_slack = (real["train_error"] - real["product_Z"]).to_numpy()
    last = real.sort_values("t").iloc[-1]
    common = dict(
        source=_source_b22(),
        dataset=f"{m} points, {T} rounds of regression stumps",
    )
    return [
        ClaimRow(
            name="minimizer/sign",
            title="for base classifiers with values in {-1, +1}, the slides' "
            "alpha_t minimizes Z_t",
            quantity=f"h in {{-1, +1}}: max over rounds of |Z(alpha_r) - Z(alpha*)|, "
            f"alpha_r = 1/2 ln((1 + r)/(1 - r)), alpha* minimizing Z numerically "
            f"({sign_worst})",
            measured=sign_gap,
            bound=MINIMIZER_TOL,
            relation="<=",
            kind="identity",
            **common,
        ),
        # The slides give no closed form for [-1, 1]: how far the ±1 formula
        # is from the minimizer follows from algebra (it minimizes the
        # convexity bound), so the row is shown without a verdict.
        ClaimRow(
            name="minimizer/real",
            title="for base classifiers with values in [-1, 1], the closed form "
            "for {-1, +1} values against the minimizer of Z_t",
            quantity=f"h in [-1, 1]: max over rounds of |Z(alpha_r) - Z(alpha*)| "
            f"= {real_gap:.3g}, alpha_r = 1/2 ln((1 + r)/(1 - r)) with r = sum D y h "
            f"({real_worst}; on average {interior:.0%} of the points have |h| < 1; "
            "alpha_r minimizes the convexity bound of Z, not Z)",
            measured=real_gap,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
        ClaimRow(
            name="convexity_bound/real",
            title="for values in [-1, 1], alpha_r minimizes an upper bound of Z_t, "
            "sqrt(1 - r^2)",
            quantity="h in [-1, 1]: max over rounds of Z(alpha_r) - sqrt(1 - r^2)",
            measured=float(slack.max()),
            bound=ROUNDING,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            name="error_bound/real",
            title="with alpha_t minimizing Z_t, the training error stays below the "
            "product of the Z_t",
            quantity=f"h in [-1, 1], alpha_t = alpha*: max over rounds t of training "
            f"error - prod_(s<=t) Z_s, Z_s the normalizer of the update (after "
            f"{T} rounds: {float(last['train_error']):.4g} <= "
            f"{float(last['product_Z']):.4g})",
            measured=float(bound_slack.max()),
            bound=0.0,
            relation="<=",
            kind="theorem",
            **common,
        ),
    ]


def b23_convex_hull(draws: pd.DataFrame) -> list[ClaimRow]:
    """B23: R̂_S(conv(H)) = R̂_S(H), on the same sign vectors σ.

    Each draw holds, for one σ, the supremum of (1/m) Σ_i σ_i f(x_i) over the
    stumps H (a maximum over the class), over conv(H) by linear programming,
    over all stumps by cumulative sums, and the same for a one-stump class H₁.
    Rows:

    1. identity: conv(H) with Σ μ = 1 (the convex hull): max over the draws
       of |sup over conv(H) − sup over H| ``<= 1e-9`` (ten times the LP's
       tolerance), and so the two Monte Carlo estimates agree.
    2. identity: the same with the slide's conv(H), Σ μ ≤ 1.
    3. check: the finite class is every stump on S: max over the draws of
       |sup over the columns of H − sup over all stumps by cumulative sums|
       ``<= 1e-12`` (two codes for one supremum: a test of the tool).
    4. illustration, H₁ = {h₁} one stump and the slide's conv (Σ μ ≤ 1):
       the theorem as printed, "for any H": R̂_S(conv(H₁)) − R̂_S(H₁), no
       verdict. conv(H₁) = {μ h₁, 0 ≤ μ ≤ 1} contains 0, so the sup over it is
       max(0, c), c = (1/m) Σ σ_i h₁(x_i), while R̂_S(H₁) = E c = 0: the
       difference is E max(0, −c) > 0, which algebra settles before any data.
       (With Σ μ = 1, conv(H₁) = H₁.)

    Parameters
    ----------
    draws : DataFrame
        The table of :func:`.study.convex_hull_draws`.

    Returns
    -------
    list of ClaimRow
        The four rows above, in that order.
    """
    first = draws.iloc[0]
    m, K, N = int(first["m"]), len(draws), int(first["n_stumps"])
    rad = float(draws["sup_class"].mean())
    mc = monte_carlo_deviation(m, K, 0.05)
    common = dict(
        source="Mohri, Boosting, 'Rademacher Complexity of Convex Hulls'",
        dataset=f"m = {m}, {K} sign vectors, H = the {N} distinct stumps on S",
    )

    def worst(a: str, b: str) -> float:
        return float((draws[a] - draws[b]).abs().max())

    single_diff = float(draws["single_hull_slide"].mean() - draws["single"].mean())
    return [
        ClaimRow(
            name="hull/simplex",
            title="R_S(conv H) = R_S(H), conv H the convex hull (sum of weights 1)",
            quantity=f"max over the sign vectors of |sup over conv(H) (LP, sum mu "
            f"= 1) - max over H| (R_S(H) estimated {rad:.5g}, R_S(conv H) "
            f"{float(draws['sup_hull'].mean()):.5g}; Monte Carlo error <= "
            f"{mc:.3g} at 95 %)",
            measured=worst("sup_hull", "sup_class"),
            bound=LP_TOL,
            relation="<=",
            kind="identity",
            **common,
        ),
        ClaimRow(
            name="hull/slide",
            title="R_S(conv H) = R_S(H), conv H as on the slide (sum of weights <= 1)",
            quantity=f"max over the sign vectors of |sup over conv(H) (LP, sum mu "
            f"<= 1) - max over H| (H holds both constants, so max over H >= 0; "
            f"R_S(conv H) estimated {float(draws['sup_hull_slide'].mean()):.5g})",
            measured=worst("sup_hull_slide", "sup_class"),
            bound=LP_TOL,
            relation="<=",
            kind="identity",
            **common,
        ),
        ClaimRow(
            name="class/stumps",
            title="the finite class H is every stump on the sample",
            quantity="max over the sign vectors of |max over the columns of H - "
            "sup over all stumps by cumulative sums|",
            measured=worst("sup_class", "sup_stumps"),
            bound=ROUNDING,
            relation="<=",
            kind="check",
            **common,
        ),
        ClaimRow(
            name="hull/one_stump",
            title="R_S(conv H) = R_S(H) for any H, conv as on the slide (sum of "
            "weights <= 1): a single stump",
            quantity=f"H = {{h}}, {first['single_stump']}: R_S(conv H) - R_S(H) "
            f"= {single_diff:.4g} over the same sign vectors, conv H = "
            f"{{mu h : 0 <= mu <= 1}} by LP "
            f"(mean sup over conv H {float(draws['single_hull_slide'].mean()):.4g}, "
            f"mean over H {float(draws['single'].mean()):.4g}; E max(0, -c) > 0 "
            "by algebra)",
            measured=single_diff,
            bound=float("nan"),
            relation="n/a",
            # The difference is E max(0, -c) > 0 by algebra: shown, no verdict.
            kind="illustration",
            **{**common, "dataset": f"m = {m}, {K} sign vectors, H = one stump"},
        ),
    ]


def b24_rock_paper_scissors(game: pd.DataFrame) -> list[ClaimRow]:
    """B24: rock-paper-scissors has value 0, the uniform strategy optimal.

    The game is solved by two linear programs, one per player
    (:func:`~marginlab.theory.games.solve_zero_sum`): ``lower`` is what the
    row player's p guarantees, min_j (pᵀM)_j, ``upper`` what the column
    player's q concedes, max_i (Mq)_i. Rows:

    1. identity: the value is 0: max(|lower|, |upper|) ``<= 1e-9``.
    2. identity: the optimal strategies are uniform:
       max_i max(|p_i − 1/3|, |q_i − 1/3|) ``<= 1e-9`` (the optimal strategy
       of rock-paper-scissors is unique, so an LP cannot return another).
    3. theorem (von Neumann): max_p min_q pᵀMq = min_q max_p pᵀMq:
       upper − lower ``<= 1e-9`` (weak duality makes it ≥ 0).

    Parameters
    ----------
    game : DataFrame
        The table of :func:`.study.game_tables`.

    Returns
    -------
    list of ClaimRow
        The three rows above, in that order.
    """
    lower, upper = float(game["lower"].iloc[0]), float(game["upper"].iloc[0])
    n = len(game)
    p, q = game["row"].to_numpy(), game["column"].to_numpy()
    off = float(np.max(np.abs(np.concatenate([p, q]) - 1.0 / n)))
    shown = ", ".join(f"{a} {x:.6g}" for a, x in zip(game["action"], p, strict=True))
    common = dict(
        source="Mohri, Boosting, 'Zero-Sum Games', 'Mixed Strategies' (von "
        "Neumann's minimax theorem)",
        dataset="rock-paper-scissors, the slide's payoff matrix",
    )
    return [
        ClaimRow(
            name="value",
            title="the value of rock-paper-scissors is 0",
            quantity=f"max(|max_p min_j (pM)_j|, |min_q max_i (Mq)_i|), each solved "
            f"by LP (lower {lower:.3g}, upper {upper:.3g})",
            measured=max(abs(lower), abs(upper)),
            bound=LP_TOL,
            relation="<=",
            kind="identity",
            **common,
        ),
        ClaimRow(
            name="uniform",
            title="the uniform strategy (1/3, 1/3, 1/3) is optimal for both players",
            quantity=f"largest |p_i - 1/{n}| and |q_i - 1/{n}| of the LP solutions "
            f"(p: {shown})",
            measured=off,
            bound=LP_TOL,
            relation="<=",
            kind="identity",
            **common,
        ),
        ClaimRow(
            name="minimax",
            title="von Neumann: max_p min_q pMq = min_q max_p pMq",
            quantity="min_q max_i (Mq)_i - max_p min_j (pM)_j of the two LP "
            "solutions (>= 0 by weak duality)",
            measured=upper - lower,
            bound=LP_TOL,
            relation="<=",
            kind="theorem",
            **common,
        ),
    ]
