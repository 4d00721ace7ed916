"""Claim rows of K19, from the gaussian_oscillation experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow

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
    (:func:`.study.oscillation_tables`). The claim is
    comparative and depends on σ; it is tested where the lecture's own advice
    puts σ ("Choose by (cross-)validation"), against a polynomial that fits the
    training data as well:

    * the Gaussian at σ*, the σ of smallest cross-validated squared error;
    * the polynomial of smallest degree p whose training squared error is at
      most the Gaussian's at σ* (the least oscillating polynomial that fits as
      well; a polynomial fitted worse could be flatter for that reason alone).

    Both choices are the study's columns ``cv_choice`` and ``matched_degree``,
    made from the fits, never from the extrema.

    Rows (empirical unless said), by name:

    1. ``extrema``: extrema of the polynomial minus extrema of the Gaussian
       over the data range, ``> 0`` (strictly fewer); not resolved when no
       degree of the grid fits as well;
    2. ``extrapolation/gaussian``: the largest |f| beyond the data range over
       the largest |f| on it, ``<= 1`` (its bumps decay to the bias, 0);
    3. ``extrapolation/polynomial``: the same ratio, ``> 1`` (it grows);
    4. ``per_sigma`` (illustration), the dependence on σ: for how many σ of
       the grid the Gaussian has fewer extrema than the polynomial matched to
       it the same way.
    """
    t = summary
    data = (
        f"{t['dataset'].iloc[0]} (1-D), {int(t['n_points'].iloc[0])} points, "
        f"kernel ridge regression on ±1 labels, λ = {float(t['lam'].iloc[0]):g}"
    )
    common = dict(source=_K19_SOURCE, dataset=data)
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
            name="extrema",
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
            name="extrapolation/gaussian",
            **common,
        ),
        ClaimRow(
            title=p_title,
            quantity=f"max |f| beyond the data range ({beyond}) / max |f| on it",
            bound=1.0,
            relation=">",
            kind="empirical",
            name="extrapolation/polynomial",
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
            name="per_sigma",
            **common,
        )
    )
    return rows
