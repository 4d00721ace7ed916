"""Claim rows of K17, from the gaussian_series experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow

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
        From :func:`.study.gaussian_series_table`.

    Returns
    -------
    list of ClaimRow
        1. ``tail_bound`` (theorem): the truncation error never exceeds the
           Taylor-remainder bound P Σ_{k>N} |s|^k/k!: max over σ, N and pairs
           of error − bound, ``<=`` :data:`SERIES_TOL` (rounding);
        2. ``rise/nonneg`` (theorem): on pairs with x·z ≥ 0 the error never
           grows with N (every term of the remainder is non-negative): the
           largest rise from N − 1 to N, ``<=`` :data:`SERIES_TOL`;
        3. ``rise/neg`` (illustration): the largest rise on pairs with
           x·z < 0, where the remainder alternates and the error may rise
           before it falls;
        4. ``coordinates`` (check): the map returns C(N + n, n) coordinates at
           every N;
        5. ``converged/sigma=<σ>`` (check): per σ, the largest error at the
           largest N, ``<=`` :data:`SERIES_TOL`: the series has reached
           rounding level, with the first N where it did, its number of
           coordinates, and the first N where the bound alone guarantees it.
           A check, not evidence: the
           configured N is chosen from the Taylor tail bound so that the bound
           is below :data:`SERIES_TOL` there, and row 1 already states that
           the error never exceeds the bound; these rows add only that the
           chosen N is large enough.
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
    common = dict(source=_K17_SOURCE, dataset=data)
    rows = [
        ClaimRow(
            title="|k(x,z) - φ_N(x)·φ_N(z)| ≤ P Σ_{k>N} |s|^k/k!, s = x·z/σ², "
            "P = exp(-(‖x‖²+‖z‖²)/2σ²)",
            quantity="max over σ, N and pairs of (error - Taylor tail bound)",
            measured=float(t["max_excess"].max()),
            bound=SERIES_TOL,
            relation="<=",
            kind="theorem",
            name="tail_bound",
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
            name="rise/nonneg",
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
            name="rise/neg",
            **common,
        ),
        ClaimRow(
            title="φ_N has C(N + n, n) coordinates",
            quantity="max over N of |coordinates returned - C(N + n, n)|",
            measured=float((t["n_coordinates"] - t["dimension_formula"]).abs().max()),
            bound=0.0,
            relation="==",
            kind="check",
            name="coordinates",
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
                # N_max is chosen from the tail bound row 1 tests: given that
                # row, this one holds by the choice of N_max (a check).
                kind="check",
                name=f"converged/sigma={sigma:g}",
                **common,
            )
        )
    return rows
