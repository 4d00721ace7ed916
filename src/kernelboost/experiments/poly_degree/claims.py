"""Claim rows of K12, from the poly_degree experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import rate_difference
from .._shared.rows import ClaimRow


def k12_poly_degree(degrees: pd.DataFrame) -> list[ClaimRow]:
    """K12: the degree of the polynomial kernel, separability, margin, overfitting.

    The table has two datasets (:func:`.study.poly_degree_table`):
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
        source="Huang 2017, 'Polynomial Kernels'; Mądry 2012, §2",
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
