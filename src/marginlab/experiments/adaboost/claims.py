"""Claim rows of the adaboost experiment, from its tables.

Claims B1, B2, B3, B4, B6, B14 and B17: one function per claim id.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ...theory.bounds import uniform_margin_bound
from .._shared.rows import ClaimRow

#: Relative slack for comparisons of quantities computed along different
#: floating-point paths that are equal in exact arithmetic (e.g. at t = 1,
#: exp(−2γ_1²) appears on both sides of B1's last inequality).
ROUNDING = 1e-12

#: B4's tolerance on |α_t − the numerical line search| (the search's own
#: accuracy); the figure draws it.
LINE_SEARCH_TOL = 1e-6


def _per_dataset(history: pd.DataFrame):
    for name, part in history.groupby("dataset", sort=False):
        yield str(name), part.sort_values("t")


def _where(part: pd.DataFrame) -> str:
    first = part.iloc[0]
    return (
        f"{first['dataset']} ({int(first['n_train'])} training points, split seed "
        f"{int(first['split_seed'])}), T = {int(part['t'].max())}"
    )


def b1_adaboost_bound(history: pd.DataFrame) -> list[ClaimRow]:
    """B1: training error ≤ Π Z_t ≤ exp(−2Σγ_t²) ≤ exp(−2γ²T), at every round.

    Three rows per dataset, each the largest relative violation over all
    rounds, (lhs − rhs)/rhs, checked ``<=`` 1e-12:

    - theorem: training error ≤ Π_{s≤t} Z_s with Z_s the normalizer the
      algorithm actually divides D_s by, Σ_i D_s(i) exp(−α_s y_i h_s(x_i))
      (``Z_norm``): the running code's own numbers;
    - identity: that normalizer equals 2√(ε_t(1 − ε_t)) (``Z``), as
      |Z_norm/Z − 1| (the final round of a run that found a perfect
      hypothesis is left out: its update is not applied, see AdaBoost);
    - check: Π Z_t ≤ exp(−2Σγ_t²) ≤ exp(−2γ²T) with Z_t = 2√(ε_t(1 − ε_t))
      and γ the smallest edge: 1 − 4γ² ≤ exp(−4γ²) and the definition of
      γ make these two links algebra, whatever the data.
    """
    rows = []
    for name, part in _per_dataset(history):
        product = np.exp(np.log(part["Z_norm"].to_numpy()).cumsum())
        theorem = float(((part["train_error"] - product) / product).max())
        applied = part["b2_max_rel_diff"].notna()  # not the perfect last round
        ratio = part["Z_norm"][applied] / part["Z"][applied]
        identity = float((ratio - 1.0).abs().max()) if applied.any() else 0.0
        algebra = max(
            float(((part[lo] - part[hi]) / part[hi]).max())
            for lo, hi in (
                ("bound_Z", "bound_gamma"),
                ("bound_gamma", "bound_gamma_min"),
            )
        )
        common = dict(
            source="UML notes, Boosting §VI; "
            "Mohri, Boosting, 'Bound on Empirical Error'",
            dataset=_where(part),
            bound=ROUNDING,
            relation="<=",
        )
        rows += [
            ClaimRow(
                name=f"bound/{name}",
                title="training error <= prod Z_t, Z_t the normalizer the "
                "algorithm divides by",
                quantity="largest relative violation over all rounds of "
                "train error <= prod_s sum_i D_s(i) exp(-alpha_s y_i h_s(x_i))",
                measured=theorem,
                kind="theorem",
                **common,
            ),
            ClaimRow(
                name=f"normalizer/{name}",
                title="the normalizer Z_t equals 2 sqrt(eps_t (1 - eps_t))",
                quantity="largest |Z_t (normalizer) / 2 sqrt(eps_t (1 - eps_t)) - 1| "
                "over the rounds whose update is applied",
                measured=identity,
                kind="identity",
                **common,
            ),
            ClaimRow(
                name=f"chain/{name}",
                title="prod Z_t <= exp(-2 sum gamma_t^2) <= exp(-2 gamma^2 T)",
                quantity="largest relative violation over all rounds (algebra: "
                "1 - 4 gamma^2 <= exp(-4 gamma^2), gamma = min gamma_t)",
                measured=algebra,
                kind="check",
                **common,
            ),
        ]
    return rows


def b2_distribution_closed_form(history: pd.DataFrame) -> list[ClaimRow]:
    """B2: D_{t+1}(i) = exp(−y_i f_t(x_i)) / (m Π_{s≤t} Z_s); ≤ 1e-10 relative."""
    return [
        ClaimRow(
            name=f"closed_form/{name}",
            title="D_{t+1}(i) = exp(-y_i f_t(x_i)) / (m prod_s Z_s)",
            source="Mohri, Boosting, 'Notes' after 'AdaBoost'",
            dataset=_where(part),
            quantity="max over rounds and points of |D_{t+1} / closed form - 1|",
            measured=float(part["b2_max_rel_diff"].max()),
            bound=1e-10,
            relation="<=",
            kind="identity",
        )
        for name, part in _per_dataset(history)
    ]


def b3_half_on_mistakes(history: pd.DataFrame) -> list[ClaimRow]:
    """B3: D_{t+1} puts mass exactly ½ on the points h_t got wrong; ≤ 1e-12."""
    return [
        ClaimRow(
            name=f"half/{name}",
            title="D_{t+1} puts mass 1/2 on the mistakes of h_t",
            source="Mohri, Boosting, 'Bound on Empirical Error' (notes)",
            dataset=_where(part),
            quantity="max over rounds of |eps of h_t under D_{t+1} - 1/2|",
            measured=float((part["b3_eps_next"] - 0.5).abs().max()),
            bound=1e-12,
            relation="<=",
            kind="identity",
        )
        for name, part in _per_dataset(history)
    ]


def b4_exp_loss_descent(history: pd.DataFrame) -> list[ClaimRow]:
    """B4: coordinate descent on the exponential loss, α_t the exact line search.

    Per dataset:

    * ``direction``: the chosen direction is the coordinate of steepest
      descent, the stump of smallest weighted error under D_t: max over
      rounds of ε_t − ε*_t, ε*_t the least weighted error of every distinct
      stump found by exhaustive search, ``<=`` the study's tie tolerance
      (theorem; the rounds with more than one stump at the least are counted);
    * ``descent``: the largest relative increase of the exponential loss from
      one round to the next (``<= 0``), a ``check``: the loss of the history
      is the running product of the normalizers Z_t = 2√(ε_t(1 − ε_t)) ≤ 1,
      so it cannot rise while ε_t < ½;
    * ``line_search``: max_t |α_t − α_line| (``<= 1e-6``).
    """
    rows = []
    for name, part in _per_dataset(history):
        loss = part["exp_loss"].to_numpy()
        rise = float(np.max(loss[1:] / loss[:-1] - 1.0)) if len(loss) > 1 else 0.0
        common = dict(
            source="Mohri, Boosting, 'AdaBoost Coordinate Descent'",
            dataset=_where(part),
        )
        gap = (part["eps"] - part["eps_exhaustive"]).to_numpy(dtype=float)
        tol = float(part["tie_tol"].iloc[0])
        ties = int((part["n_tied"] > 1).sum())
        rows.append(
            ClaimRow(
                name=f"direction/{name}",
                title="the direction is the stump of smallest weighted error under D_t",
                quantity=f"max over rounds of eps_t - min over every distinct stump "
                f"of its weighted error under D_t, by exhaustive search "
                f"({ties} of {len(part)} rounds with ties within {tol:g})",
                measured=float(np.max(gap)),
                bound=tol,
                relation="<=",
                kind="theorem",
                **common,
            )
        )
        rows.append(
            ClaimRow(
                name=f"descent/{name}",
                title="the exponential loss never increases",
                quantity="largest relative increase of (1/m) sum exp(-y f_t) per "
                "round; a check: the loss is the running product of the "
                "normalizers Z_t <= 1",
                measured=rise,
                bound=0.0,
                relation="<=",
                kind="check",
                **common,
            )
        )
        rows.append(
            ClaimRow(
                name=f"line_search/{name}",
                title="alpha_t = 1/2 ln((1-eps_t)/eps_t) is the exact line search",
                quantity="max over rounds of |alpha_t - numerical line search|",
                measured=float((part["alpha"] - part["alpha_line"]).abs().max()),
                bound=LINE_SEARCH_TOL,
                relation="<=",
                kind="identity",
                **common,
            )
        )
    return rows


def _largest_ratio(fraction: pd.Series, bound: pd.Series) -> float:
    """max fraction / bound; a bound of 0 (an underflow) gives 0 when the
    fraction is 0 too, and inf otherwise."""
    f, b = fraction.to_numpy(dtype=float), bound.to_numpy(dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(b > 0, f / np.where(b > 0, b, 1.0), np.where(f > 0, np.inf, 0))
    return float(np.max(ratio))


def b6_margin_bound(margin_bound: pd.DataFrame) -> list[ClaimRow]:
    """B6: Pr_S[y f(x) ≤ ρ‖α‖₁] ≤ 2^T Π_t √(ε_t^{1−ρ}(1−ε_t)^{1+ρ}).

    One row per dataset, reading what B6 adds to B1 (whose row is ρ = 0): the
    largest fraction / bound over the (t, ρ > 0) grid points where the bound
    is below 1 (``<= 1``); where it is 1 or more no fraction can exceed it.
    With no such point, an ``n/a`` illustration.
    """
    rows = []
    for name, part in margin_bound.groupby("dataset", sort=False):
        rhos = ", ".join(f"{r:g}" for r in sorted(part["rho"].unique()))
        ts = ", ".join(str(int(t)) for t in sorted(part["t"].unique()))
        informative = part[(part["rho"] > 0) & (part["bound"] < 1)]
        common = dict(
            name=f"bound/{name}",
            title="margin distribution bound",
            source="Mohri, Boosting, 'Margin Distribution'",
            dataset=f"{name}, T in {{{ts}}}, rho in {{{rhos}}}",
        )
        if informative.empty:
            rows.append(
                ClaimRow(
                    quantity="no grid point with rho > 0 where the bound is below "
                    "1: vacuous",
                    measured=math.nan,
                    bound=math.nan,
                    relation="n/a",
                    kind="illustration",
                    **common,
                )
            )
            continue
        rows.append(
            ClaimRow(
                quantity="max over T and rho > 0 where the bound is below 1 "
                f"({len(informative)} of {len(part)} grid points) of "
                "fraction(margin <= rho) / bound",
                measured=_largest_ratio(informative["fraction"], informative["bound"]),
                bound=1.0,
                relation="<=",
                kind="theorem",
                **common,
            )
        )
    return rows


#: Relative slack of B17's product ≤ uniform check: the two sides are equal in
#: exact arithmetic when every ε_t = ½ − γ, and the product bound sums up to T
#: logarithms.
B17_ROUNDING = 1e-9


def b17_uniform_margin_bound(uniform_margin: pd.DataFrame) -> list[ClaimRow]:
    """B17: Pr_S[y f(x) ≤ ρ‖α‖₁] ≤ [(1 − 2γ)^{1−ρ}(1 + 2γ)^{1+ρ}]^{T/2}.

    γ is the smallest edge ½ − ε_t over the whole run, measured. Per dataset:

    * theorem: the largest fraction / uniform bound over the (t, ρ) grid
      points where the uniform bound is below 1 (``<= 1``; an ``n/a``
      illustration when there is none), what B17 adds to B6's product bound;
    * check: the largest (product − uniform)/uniform over the grid points with
      ρ ≤ 2γ (``<=`` :data:`B17_ROUNDING`). With every ε_t ≤ ½ − γ this is algebra:
      ε ↦ ε^{1−ρ}(1 − ε)^{1+ρ} increases on [0, (1 − ρ)/2], which contains
      [0, ½ − γ] exactly when ρ ≤ 2γ. For ρ > 2γ the product can exceed the
      uniform bound, which is then ≥ 1 (the quantity reports how far);
    * check: the base (1 − 2γ)^{1−ρ}(1 + 2γ)^{1+ρ} is < 1 for every grid ρ
      < γ (algebra: the bound decreases exponentially in T there).
    """
    rows = []
    for name, part in uniform_margin.groupby("dataset", sort=False):
        gamma = float(part["gamma"].iloc[0])
        m = int(part["n_train"].iloc[0])
        ts = part["t"].unique()
        rhos = np.sort(part["rho"].unique())
        where = (
            f"{name} (m = {m}), T = {int(ts.max())}, {len(ts)} rounds t on an even "
            f"grid, rho in {{{', '.join(f'{r:g}' for r in rhos)}}}, "
            f"gamma = min_t edge = {gamma:.4g}"
        )
        common = dict(
            source="Mohri, Boosting, 'Margin Distribution', 'Notes'",
            dataset=where,
        )
        informative = part[part["uniform_bound"] < 1]
        within = part[part["rho"] <= 2 * gamma]
        beyond = part[part["rho"] > 2 * gamma]
        ratio = (within["product_bound"] - within["uniform_bound"]) / within[
            "uniform_bound"
        ]
        note = ""
        if len(beyond):
            over = beyond["product_bound"] / beyond["uniform_bound"]
            note = (
                f"; for rho > 2 gamma, outside the step, product/uniform reaches "
                f"{float(over.max()):.3g} (uniform bound >= 1 there)"
            )
        below = rhos[rhos < gamma]
        # The base is the uniform bound at T = 2.
        base = np.atleast_1d(uniform_margin_bound(gamma, below, 2))
        reach = ""
        if len(below):
            top = part[part["rho"] == below.max()]
            zero = top[top["fraction"] == 0]
            if len(zero):
                reach = (
                    f"; at rho = {below.max():g} the fraction first reaches 0 at "
                    f"t = {int(zero['t'].min())} of the grid"
                )
        rows += [
            ClaimRow(
                name=f"bound/{name}",
                title="uniform margin bound [(1-2g)^(1-rho)(1+2g)^(1+rho)]^(T/2)",
                quantity="max over t and rho where the uniform bound is below 1 "
                f"({len(informative)} of {len(part)} grid points) of "
                "fraction(margin <= rho) / uniform bound",
                measured=_largest_ratio(
                    informative["fraction"], informative["uniform_bound"]
                )
                if len(informative)
                else math.nan,
                bound=1.0 if len(informative) else math.nan,
                relation="<=" if len(informative) else "n/a",
                kind="theorem" if len(informative) else "illustration",
                **common,
            ),
            ClaimRow(
                name=f"product/{name}",
                title="B6's product bound <= the uniform bound when rho <= 2 gamma",
                quantity="max over t and rho <= 2 gamma of (product - uniform) / "
                f"uniform ({len(within['rho'].unique())} rho){note}",
                measured=float(ratio.max()) if len(ratio) else float("nan"),
                bound=B17_ROUNDING,
                relation="<=",
                kind="check",
                **common,
            ),
            ClaimRow(
                name=f"base/{name}",
                title="for rho < gamma the base is < 1: exponential decrease in T",
                quantity="max over grid rho < gamma of (1-2 gamma)^(1-rho) "
                f"(1+2 gamma)^(1+rho) ({len(below)} rho){reach}",
                measured=float(base.max()) if len(base) else float("nan"),
                bound=1.0,
                relation="<",
                kind="check",
                **common,
            ),
        ]
    return rows


def b14_vc_bound(history: pd.DataFrame) -> list[ClaimRow]:
    """B14: the VC-dimension bound 2(d+1)(T+1) log₂((T+1)e) of F_T (illustration)."""
    rows = []
    for name, part in _per_dataset(history):
        last = part.iloc[-1]
        rows.append(
            ClaimRow(
                name=f"vc/{name}",
                title="VC dimension bound of F_T grows like T log T",
                source="Mohri, Boosting, 'Overfitting?'",
                dataset=_where(part),
                quantity=f"2(d+1)(T+1) log2((T+1)e) at T = {int(last['t'])} "
                f"(test error there {float(last['test_error']):.4g})",
                measured=float(last["vc_bound"]),
                bound=float("nan"),
                relation="n/a",
                kind="illustration",
                figure="adaboost_train_test",
            )
        )
    return rows
