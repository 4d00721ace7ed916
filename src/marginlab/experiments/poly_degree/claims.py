"""Claim rows of K12, from the poly_degree experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import PairedDifference, paired_difference
from .._shared.rows import ClaimRow


def degree_difference(mistakes: pd.DataFrame, d1: int, d2: int) -> PairedDifference:
    """Test error at degree d1 minus at d2 on the noisy dataset's test points,
    with the paired interval (both read on the same points): what K12's
    overfitting row reads, and what the figure's title gives."""
    part = mistakes[mistakes["role"] == "noisy"]
    wrong = {
        d: part[part["degree"] == d].sort_values("point")["wrong"].to_numpy()
        for d in (d1, d2)
    }
    if any(w.size == 0 for w in wrong.values()):
        raise ValueError(f"no test mistakes of degree {d1} or {d2}")
    return paired_difference(wrong[d1], wrong[d2])


def k12_poly_degree(degrees: pd.DataFrame, mistakes: pd.DataFrame) -> list[ClaimRow]:
    """K12: the degree of the polynomial kernel, separability, margin, overfitting.

    The table has two datasets (:func:`.study.poly_degree_table`):
    role ``"data"`` for separability and margin, role ``"noisy"`` (flipped
    labels, overlapping classes) for overfitting. Rows:

    1. some degree makes the training data separable: the smallest training
       error over the degrees on ``data``, ``<= 0``. Empirical: for m distinct
       points some degree ≤ m − 1 always separates them (a polynomial can
       interpolate any labels), but the row asks it of the degrees listed,
       which is a property of these data.
    2. illustration: a higher degree enlarges the margin, on one scale:
       with γ(d) = 1/‖w‖ and R(d) = max_i √k(x_i, x_i) the radius of the
       training data in the degree-d feature space, max over separable d of
       (γ/R)(d) divided by (γ/R) at the first separable degree. γ/R does not
       change when φ is rescaled, and (R/γ)² is what bounds the perceptron's
       mistakes and the VC dimension of margin-γ hyperplanes; γ alone grows
       with the scale of the feature space (the raw ratio of γ is given in
       the quantity). Not evidence: the first separable degree has a barely
       positive margin, so some later degree is almost sure to exceed it.
    3. the largest degree overfits: on ``noisy``, the test error at the
       largest degree d_max minus the test error at d*, the lower degree of
       smallest K-fold cross-validation error on the training part (column
       ``cv_choice``, :func:`.study.cv_choice`), ``> 0`` (empirical). d* is
       chosen without the test points, so the comparison is not biased by
       the choice; both errors are read on the same n_test test points, so
       the 95 % interval is the paired one
       (:func:`~marginlab.theory.intervals.paired_difference`, from the
       per-point ``mistakes`` table). The training errors at d* and d_max
       are in the quantity (overfitting is the regime where d_max fits the
       training labels better). A difference of a few test points reads
       *not resolved*; no lower degree chosen (no CV error) reads NaN,
       false.

    Parameters
    ----------
    degrees, mistakes : DataFrame
        The tables of :func:`.study.poly_degree_table`.

    Returns
    -------
    list of ClaimRow
        The three rows above, in that order, named ``separable``, ``margin``
        and ``overfit``.
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
    picked = noisy[noisy["cv_choice"].astype(str) == "True"]
    if len(picked) > 1 or (len(picked) and picked.index[0] == last.name):
        raise ValueError(
            f"K12: cv_choice must mark one degree below {int(last['degree'])}; "
            f"it marks {picked['degree'].tolist()}"
        )
    n = int(last["n_test"])
    if len(picked):
        chosen = picked.iloc[0]
        d = degree_difference(mistakes, int(last["degree"]), int(chosen["degree"]))
        overfit = d.fields()
        versus = (
            f"degree {int(chosen['degree'])}, the lower degree of smallest "
            f"{int(chosen['cv_folds'])}-fold cross-validation error on the "
            f"training part ({float(chosen['cv_error']):.3g}, fold seed "
            f"{int(chosen['cv_seed'])}), on the same {n} test points: {d}; "
            f"training error {float(last['train_error']):.3g} at degree "
            f"{int(last['degree'])}, {float(chosen['train_error']):.3g} at "
            f"degree {int(chosen['degree'])}"
        )
    else:  # no lower degree with a CV error: nothing to compare with
        overfit, versus = dict(measured=float("nan")), "no lower degree chosen"
    return [
        ClaimRow(
            title="some degree makes the training data separable",
            quantity="min training error over degrees",
            measured=float(base["train_error"].min()),
            bound=0.0,
            relation="<=",
            kind="empirical",
            name="separable",
            dataset=described(base),
            **common,
        ),
        ClaimRow(
            title="the margin relative to the data radius, largest separable "
            "degree against the first (not counted: the first is barely positive)",
            quantity=f"max margin/R over separable degrees / margin/R at {at} "
            f"(R = max_i sqrt k(x_i, x_i); the margin alone grows {raw:.3g}x)",
            measured=growth,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="margin",
            dataset=described(base),
            **common,
        ),
        ClaimRow(
            title="the largest degree overfits (test error above the CV-chosen "
            "lower degree's)",
            quantity=f"test error at degree {int(last['degree'])} minus at {versus}",
            bound=0.0,
            relation=">",
            kind="empirical",
            name="overfit",
            dataset=described(noisy),
            **overfit,
            **common,
        ),
    ]
