"""Claim rows of K4, from the feature_lift experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow


def k4_feature_lift(summary: pd.DataFrame, points: pd.DataFrame) -> list[ClaimRow]:
    """K4: not linearly separable in R², separable after φ: R² → R³.

    Rows: the separation LP's optimum t* in R² (``<= 0``: no separating line),
    the linear SVM's training error in R² (``> 0``), t* in R³ (``> 0``) and the
    hard-margin SVM's training error in R³ (``<= 0``).
    """
    r2 = summary[summary["space"] == "R2"].iloc[0]
    r3 = summary[summary["space"] == "R3"].iloc[0]
    common = dict(
        source="Mądry 2012, §2 and Fig. 1",
        dataset=f"circles, {len(points)} points",
        kind="theorem",
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
