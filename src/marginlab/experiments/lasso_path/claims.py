"""Claim rows of S1, from the lasso_path experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow


def _dropouts(weights: pd.DataFrame) -> list[tuple[str, float, float]]:
    """Lasso weights that return to exactly zero as λ decreases.

    Returns ``(feature, λ_first, λ_last)`` per event: the weight is non-zero at
    the grid value just above λ_first and exactly zero on the grid values
    from λ_first down to λ_last.
    """
    lasso = weights[weights["method"] == "lasso"]
    events = []
    for feature, part in lasso.groupby("feature", sort=False):
        p = part.sort_values("alpha", ascending=False)
        w, a = p["weight"].to_numpy(), p["alpha"].to_numpy()
        k = 1
        while k < len(w):
            if w[k - 1] != 0.0 and w[k] == 0.0:
                last = k
                while last + 1 < len(w) and w[last + 1] == 0.0:
                    last += 1
                events.append((str(feature), float(a[k]), float(a[last])))
                k = last
            k += 1
    return events


def s1_lasso_zeros(weights: pd.DataFrame, zeros: pd.DataFrame) -> list[ClaimRow]:
    """S1: the Lasso sets weights exactly to zero, more as λ grows; ridge does not.

    Parameters
    ----------
    weights, zeros : DataFrame
        From :func:`.study.lasso_ridge_tables`.

    Returns
    -------
    list of ClaimRow
        - empirical: the largest decrease of the Lasso's exact-zero count
          n₀(λ) from one grid λ to the next larger one,
          max(0, max_k n₀(λ_k) − n₀(λ_{k+1})) for λ_k < λ_{k+1}, checked
          ``<= 0`` (the count never falls as λ grows);
        - check: the number of exactly-zero ridge weights over its whole
          λ grid, checked ``<= 0``. A check, not evidence: the closed form
          V diag(s/(s² + λ)) Uᵀy is exactly zero only by accident, so the row
          practically cannot fail;
        - illustration: the number of events where a Lasso weight returns to
          exactly zero as λ decreases (the cause when the first row fails),
          naming the features and λ intervals.
    """
    lasso = zeros[zeros["method"] == "lasso"].sort_values("alpha")
    ridge = zeros[zeros["method"] == "ridge"].sort_values("alpha")
    n0 = lasso["n_zero"].to_numpy()
    drop = float(max(0, int(np.max(n0[:-1] - n0[1:])))) if len(n0) > 1 else 0.0
    first = lasso.iloc[0]
    d, m = int(first["n_features"]), int(first["n_samples"])
    name = str(first["dataset"]) if "dataset" in lasso else "data"
    events = _dropouts(weights)
    where = "; ".join(
        f"{f} exactly 0 for lambda in [{lo:.4g}, {hi:.4g}]" for f, hi, lo in events
    )
    common = dict(source="Shewchuk, Lecture 14, §14.3 'Lasso'")
    lasso_data = (
        f"{name} ({m} × {d}, standardized), {len(lasso)} λ from "
        f"α_max = {float(first['alpha_max']):.4g} down to "
        f"{float(lasso['alpha'].min()):.4g}"
    )
    return [
        ClaimRow(
            name="monotone/lasso",
            title="Lasso zero count is non-decreasing in lambda",
            dataset=lasso_data,
            quantity="largest decrease of the number of exactly-zero Lasso "
            "weights from one lambda to the next larger one",
            measured=drop,
            bound=0.0,
            relation="<=",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            name="zeros/ridge",
            title="ridge sets no weight exactly to zero",
            dataset=f"{name} ({m} × {d}, standardized), {len(ridge)} λ from "
            f"{float(ridge['alpha'].min()):.4g} to {float(ridge['alpha'].max()):.4g}",
            quantity="exactly-zero ridge weights, summed over the lambda grid",
            measured=float(ridge["n_zero"].sum()),
            bound=0.0,
            relation="<=",
            kind="check",
            **common,
        ),
        ClaimRow(
            name="dropouts/lasso",
            title="Lasso weights that leave the model as lambda decreases",
            dataset=lasso_data,
            quantity="events where a non-zero Lasso weight becomes exactly zero "
            f"at the next smaller lambda ({where or 'none'})",
            measured=float(len(events)),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
    ]
