"""Claim rows about the Gaussian kernel: K17 (its feature series), K19 (its
hypotheses oscillate less than polynomials)."""

from __future__ import annotations

import pandas as pd

from ._row import ClaimRow

#: K17's allowance for rounding: the inner product sums up to C(N + n, n)
#: products (2·10⁴ at N = 200, n = 2) whose absolute values add up to at most 1,
#: each formed from logarithms of size up to |s|/2 (50 at σ = 0.25 on the
#: configured data), so each carries a relative error of up to about |s|·ε.
SERIES_TOL = 1e-12

_K17_SOURCE = "Shewchuk, Lecture 14, 'The Gaussian Kernel'"


def k17_gaussian_series(series: pd.DataFrame) -> list[ClaimRow]:
    """K17: the Gaussian kernel's explicit feature series converges to the kernel.

    Parameters
    ----------
    series : DataFrame
        From :func:`kernelboost.studies.series.gaussian_series_table`.

    Returns
    -------
    list of ClaimRow
        1. (theorem) the truncation error never exceeds the Taylor-remainder
           bound P Σ_{k>N} |s|^k/k!: max over σ, N and pairs of error − bound,
           ``<=`` :data:`SERIES_TOL` (rounding);
        2. (theorem) on pairs with x·z ≥ 0 the error never grows with N (every
           term of the remainder is non-negative): the largest rise from N − 1
           to N, ``<=`` :data:`SERIES_TOL`;
        3. (illustration) the largest rise on pairs with x·z < 0, where the
           remainder alternates and the error may rise before it falls;
        4. (check) the map returns C(N + n, n) coordinates at every N;
        5. (empirical) per σ, the largest error at the largest N, ``<=``
           :data:`SERIES_TOL`: the series has reached rounding level, with the
           first N where it did, its number of coordinates, and the first N
           where the bound alone guarantees it.
    """
    t = series.sort_values(["sigma", "degree"], kind="stable")
    n_max = int(t["degree"].max())
    sigmas = sorted(t["sigma"].unique())
    points = int(t["n_points"].iloc[0])
    pairs = int(t["n_pairs"].iloc[0])
    data = (
        f"{t['dataset'].iloc[0]}, first {points} points ({pairs} pairs), σ ∈ "
        f"{{{', '.join(f'{s:g}' for s in sigmas)}}}, N = 0..{n_max}"
    )
    common = dict(id="K17", source=_K17_SOURCE, dataset=data, figure="gaussian_series")
    rows = [
        ClaimRow(
            title="|k(x,z) - φ_N(x)·φ_N(z)| ≤ P Σ_{k>N} |s|^k/k!, s = x·z/σ², "
            "P = exp(-(‖x‖²+‖z‖²)/2σ²)",
            quantity="max over σ, N and pairs of (error - Taylor tail bound)",
            measured=float(t["max_excess"].max()),
            bound=SERIES_TOL,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            title="the truncation error never grows with N where x·z ≥ 0",
            quantity="largest rise of a pair's error from N - 1 to N, pairs with "
            "x·z ≥ 0",
            measured=float(t["max_rise_nonneg"].max()),
            bound=SERIES_TOL,
            relation="<=",
            kind="theorem",
            **common,
        ),
        ClaimRow(
            title="where x·z < 0 the remainder alternates: the error may rise first",
            quantity="largest rise of a pair's error from N - 1 to N, pairs with "
            f"x·z < 0 ({int(t['n_pairs_neg'].iloc[0])} pairs)",
            measured=float(t["max_rise_neg"].max()),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
        ClaimRow(
            title="φ_N has C(N + n, n) coordinates",
            quantity="max over N of |coordinates returned - C(N + n, n)|",
            measured=float((t["n_coordinates"] - t["dimension_formula"]).abs().max()),
            bound=0.0,
            relation="==",
            kind="check",
            **common,
        ),
    ]
    for sigma in sigmas:
        part = t[t["sigma"] == sigma]
        reached = part[part["max_error"] <= SERIES_TOL]
        guaranteed = part[part["max_bound"] <= SERIES_TOL]
        if len(reached):
            first = reached.iloc[0]
            at = (
                f"first ≤ {SERIES_TOL:g} at N = {int(first['degree'])} "
                f"({int(first['dimension_formula'])} coordinates)"
            )
        else:
            at = f"not ≤ {SERIES_TOL:g} at any N ≤ {n_max}"
        by_bound = (
            f"N = {int(guaranteed['degree'].iloc[0])}"
            if len(guaranteed)
            else f"no N ≤ {n_max}"
        )
        rows.append(
            ClaimRow(
                title=f"φ_N(x)·φ_N(z) converges to k(x, z) (σ = {sigma:g})",
                quantity=f"max error over pairs at N = {n_max}; {at}; the tail "
                f"bound guarantees it from {by_bound}; max |s| = "
                f"{float(part['max_abs_s'].iloc[0]):.3g}, lowest error "
                f"{float(part['max_error'].min()):.2g}",
                measured=float(part["max_error"].iloc[-1]),
                bound=SERIES_TOL,
                relation="<=",
                kind="empirical",
                **common,
            )
        )
    return rows


_K19_SOURCE = "Shewchuk, Lecture 14, 'The Gaussian Kernel'"


def matched_pair(summary: pd.DataFrame) -> tuple[pd.Series, pd.Series | None]:
    """K19's pair: the Gaussian row chosen by cross-validation and the polynomial
    row of its ``matched_degree`` (None when no degree fits as well)."""
    chosen = summary[summary["cv_choice"].astype(str) == "True"].iloc[0]
    if pd.isna(chosen["matched_degree"]):
        return chosen, None
    poly = summary[
        (summary["kernel"] == "polynomial")
        & (summary["param"] == chosen["matched_degree"])
    ]
    return chosen, poly.iloc[0]


def k19_oscillation(summary: pd.DataFrame) -> list[ClaimRow]:
    """K19: the Gaussian hypothesis oscillates less than polynomials.

    Both are kernel ridge regression with the same λ on the same 1-D data
    (:func:`kernelboost.studies.oscillation.oscillation_tables`). The claim is
    comparative and depends on σ; it is tested where the lecture's own advice
    puts σ ("Choose by (cross-)validation"), against a polynomial that fits the
    training data as well:

    * the Gaussian at σ*, the σ of smallest cross-validated squared error;
    * the polynomial of smallest degree p whose training squared error is at
      most the Gaussian's at σ* (the least oscillating polynomial that fits as
      well; a polynomial fitted worse could be flatter for that reason alone).

    Both choices are the study's columns ``cv_choice`` and ``matched_degree``,
    made from the fits, never from the extrema.

    Rows (empirical unless said):

    1. extrema of the polynomial minus extrema of the Gaussian over the data
       range, ``> 0`` (strictly fewer); not resolved when no degree of the grid
       fits as well;
    2. extrapolation, the Gaussian: the largest |f| beyond the data range over
       the largest |f| on it, ``<= 1`` (its bumps decay to the bias, 0);
    3. extrapolation, the polynomial: the same ratio, ``> 1`` (it grows);
    4. (illustration) the dependence on σ: for how many σ of the grid the
       Gaussian has fewer extrema than the polynomial matched to it the same
       way.
    """
    t = summary
    data = (
        f"{t['dataset'].iloc[0]} (1-D), {int(t['n_points'].iloc[0])} points, "
        f"kernel ridge regression on ±1 labels, λ = {float(t['lam'].iloc[0]):g}"
    )
    common = dict(
        id="K19", source=_K19_SOURCE, dataset=data, figure="gaussian_oscillation"
    )
    chosen, poly = matched_pair(t)
    sigma = float(chosen["param"])
    g_ext = int(chosen["n_extrema"])
    beyond = f"up to {float(t['extend'].iloc[0]):g} of the data range beyond each end"
    if poly is None:
        worst = float(t[t["kernel"] == "polynomial"]["train_mse"].min())
        matched = dict(
            measured=float("nan"),
            unresolved="no degree of the grid fits the training data as well",
        )
        versus = f"no degree reaches its training MSE (best {worst:.3g})"
        p_ratio = dict(measured=float("nan"), unresolved=matched["unresolved"])
        p_title = "outside the data the matched polynomial grows"
    else:
        p = int(poly["param"])
        matched = dict(measured=float(int(poly["n_extrema"]) - g_ext))
        versus = (
            f"degree {p}: {int(poly['n_extrema'])} extrema, training MSE "
            f"{float(poly['train_mse']):.3g}"
        )
        p_ratio = dict(measured=float(poly["max_abs_outside"] / poly["max_abs_inside"]))
        p_title = f"outside the data the polynomial (degree {p}) grows"
    rows = [
        ClaimRow(
            title="the Gaussian hypothesis at the CV-chosen σ has fewer extrema "
            "than a polynomial that fits as well",
            quantity=f"extrema of the polynomial minus of the Gaussian over the "
            f"data range; Gaussian σ* = {sigma:g}: {g_ext} extrema, training MSE "
            f"{float(chosen['train_mse']):.3g}; {versus}",
            bound=0.0,
            relation=">",
            kind="empirical",
            **matched,
            **common,
        ),
        ClaimRow(
            title=f"outside the data the Gaussian hypothesis (σ* = {sigma:g}) "
            "decays to the bias",
            quantity=f"max |f| beyond the data range ({beyond}) / max |f| on it; "
            f"|f| at the far ends {float(chosen['far_abs']):.3g}",
            measured=float(chosen["max_abs_outside"] / chosen["max_abs_inside"]),
            bound=1.0,
            relation="<=",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title=p_title,
            quantity=f"max |f| beyond the data range ({beyond}) / max |f| on it",
            bound=1.0,
            relation=">",
            kind="empirical",
            **p_ratio,
            **common,
        ),
    ]
    polys = t[t["kernel"] == "polynomial"].set_index("param")["n_extrema"]
    per_sigma = [
        (
            float(g["param"]),
            int(g["n_extrema"]),
            None if pd.isna(g["matched_degree"]) else int(polys[g["matched_degree"]]),
        )
        for _, g in t[t["kernel"] == "gaussian"].sort_values("param").iterrows()
    ]
    fewer = sum(1 for _, ge, pe in per_sigma if pe is not None and ge < pe)
    listing = "; ".join(
        f"σ = {s:g}: {ge} vs {pe if pe is not None else 'none'}"
        for s, ge, pe in per_sigma
    )
    rows.append(
        ClaimRow(
            title="the comparison depends on σ",
            quantity=f"σ of the grid where the Gaussian has fewer extrema than the "
            f"matched polynomial (extrema, Gaussian vs polynomial: {listing})",
            measured=float(fewer),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        )
    )
    return rows
