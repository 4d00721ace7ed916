"""Claim rows of K19, from the gaussian_oscillation experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import mean_interval
from .._shared.rows import ClaimRow
from .._shared.samples import one_set_reason, sizes

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


def k19_oscillation(summary: pd.DataFrame, replicates: pd.DataFrame) -> list[ClaimRow]:
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

    Both choices are made from the fits, never from the extrema, on each of R
    training sets (table ``replicates``: the run's own, replicate 0, and sets
    drawn independently from the same generator, each with its own σ* and
    matched degree). A set on which no degree of the grid fits as well (or
    whose cross-validation could not run: ``sigma_star`` NaN) has no
    comparison: it is left out of rows 1 and 3 and counted in their quantity.

    Rows (empirical unless said), by name:

    1. ``extrema``: the mean over the sets with a matched degree of the
       polynomial's extrema minus the Gaussian's over the data range, with its
       Student t 95 % interval
       (:func:`~marginlab.theory.intervals.mean_interval`), ``> 0``; not
       resolved with fewer than two such sets (one training set: a dataset no
       seeded generator makes);
    2. ``extrapolation/gaussian``: the largest |f| beyond the data range over
       the largest |f| on it, on the worst set (the largest ratio), ``<= 1``
       (its bumps decay to the bias, 0);
    3. ``extrapolation/polynomial``: the same ratio of the matched polynomial
       on the worst set with one (the smallest ratio), ``> 1`` (it grows); not
       resolved when no set has a matched degree;
    4. ``per_sigma`` (illustration, the run's own set), the dependence on σ:
       for how many σ of the grid the Gaussian has fewer extrema than the
       polynomial matched to it the same way.
    """
    t = summary
    data = (
        f"{t['dataset'].iloc[0]} (1-D), {sizes(replicates, 'n_points')} points, "
        f"kernel ridge regression on ±1 labels, λ = {float(t['lam'].iloc[0]):g}"
    )
    common = dict(source=_K19_SOURCE, dataset=data)
    chosen, poly = matched_pair(t)
    sigma = float(chosen["param"])
    g_ext = int(chosen["n_extrema"])
    beyond = f"up to {float(t['extend'].iloc[0]):g} of the data range beyond each end"
    if poly is None:
        worst = float(t[t["kernel"] == "polynomial"]["train_mse"].min())
        versus = f"no degree reaches its training MSE (best {worst:.3g})"
    else:
        versus = (
            f"degree {int(poly['param'])}: {int(poly['n_extrema'])} extrema, "
            f"training MSE {float(poly['train_mse']):.3g}"
        )
    own = (
        f"the run's own set: Gaussian σ* = {sigma:g}: {g_ext} extrema, training "
        f"MSE {float(chosen['train_mse']):.3g}; {versus}"
    )
    r = replicates
    n_sets = len(r)
    folded = r[r["sigma_star"].notna()]
    matched = folded[folded["matched_degree"].notna()]
    left_out = _left_out(n_sets, len(folded), len(matched))
    alone = one_set_reason(r)
    diff = (matched["polynomial_extrema"] - matched["gaussian_extrema"]).to_numpy()
    over = f"{n_sets} training set{'s' if n_sets != 1 else ''}"
    if alone:
        extrema = dict(
            measured=float(diff[0]) if len(diff) else float("nan"), unresolved=alone
        )
        reading = f"on {over}; not resolved, {alone}"
    elif len(diff) < 2:
        extrema = dict(
            measured=float(diff[0]) if len(diff) else float("nan"),
            unresolved=f"fewer than two training sets with a matched degree "
            f"({len(diff)} of {n_sets})",
        )
        reading = f"over {over}, {left_out}; not resolved"
    else:
        m = mean_interval(diff)
        extrema = dict(m.fields())
        reading = (
            f"mean over the {m.n} of {over} (the run's own and {n_sets - 1} drawn "
            f"independently) that have a matched degree ({left_out}), 95 % t "
            f"interval over them; per set from {int(diff.min())} to "
            f"{int(diff.max())}, {int(np.sum(diff > 0))} above 0"
        )
    g_ratio = folded["gaussian_ratio"]
    g_own = float(chosen["max_abs_outside"] / chosen["max_abs_inside"])
    gauss = dict(measured=float(g_ratio.max()) if len(g_ratio) else float("nan"))
    if not len(g_ratio):
        gauss["unresolved"] = "no training set could be cross-validated"
    p_ratio = matched["polynomial_ratio"]
    if len(p_ratio):
        polynomial = dict(measured=float(p_ratio.min()))
        p_own = (
            f"{float(poly['max_abs_outside'] / poly['max_abs_inside']):.3g} "
            f"(degree {int(poly['param'])})"
            if poly is not None
            else "none (no matched degree)"
        )
    else:
        polynomial = dict(
            measured=float("nan"),
            unresolved="no degree of the grid fits any training set as well",
        )
        p_own = "none (no matched degree)"
    rows = [
        ClaimRow(
            title="the Gaussian hypothesis at the CV-chosen σ has fewer extrema "
            "than a polynomial that fits as well",
            quantity=f"extrema of the polynomial minus of the Gaussian over the "
            f"data range, {reading}; {own}",
            bound=0.0,
            relation=">",
            kind="empirical",
            name="extrema",
            **extrema,
            **common,
        ),
        ClaimRow(
            title="outside the data the Gaussian hypothesis at the CV-chosen σ "
            "decays to the bias",
            quantity=f"max |f| beyond the data range ({beyond}) / max |f| on it, "
            f"the largest over {len(g_ratio)} of {over} (σ* of each; "
            f"{int(np.sum(g_ratio > 1))} above 1); the run's "
            f"own {g_own:.3g} (σ* = {sigma:g}, |f| at the far ends "
            f"{float(chosen['far_abs']):.3g})",
            bound=1.0,
            relation="<=",
            kind="empirical",
            name="extrapolation/gaussian",
            **gauss,
            **common,
        ),
        ClaimRow(
            title="outside the data the matched polynomial grows",
            quantity=f"max |f| beyond the data range ({beyond}) / max |f| on it, "
            f"the smallest over the {len(p_ratio)} of {over} with a matched "
            f"degree ({int(np.sum(p_ratio <= 1))} at most 1); the run's own {p_own}",
            bound=1.0,
            relation=">",
            kind="empirical",
            name="extrapolation/polynomial",
            **polynomial,
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
            f"matched polynomial, on the run's own set (extrema, Gaussian vs "
            f"polynomial: {listing})",
            measured=float(fewer),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="per_sigma",
            **common,
        )
    )
    return rows


def _left_out(n_sets: int, folded: int, matched: int) -> str:
    """How many training sets the comparison leaves out, and why, in words."""
    parts = [f"{folded - matched} without a matched degree left out"]
    if folded < n_sets:
        parts.append(
            f"{n_sets - folded} whose smallest class is smaller than the folds left out"
        )
    return ", ".join(parts)
