"""Claim rows of K4, from the feature_lift experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow


def k4_feature_lift(summary: pd.DataFrame, points: pd.DataFrame) -> list[ClaimRow]:
    """K4: not linearly separable in R², separable after φ: R² → R³.

    Parameters
    ----------
    summary, points : DataFrame
        From :func:`.study.feature_lift_tables`.

    Returns
    -------
    list of ClaimRow
        The separation LP's optimum t* in R² (``lp/R2``, ``<= 0``: no
        separating line), the linear SVM's training error in R² (``error/R2``,
        ``> 0``), t* in R³ (``lp/R3``, ``> 0``) and the hard-margin SVM's
        training error in R³ (``error/R3``, ``<= 0``). All four
        are ``check`` rows, not evidence: on the configured circles they are
        properties of the generator (:func:`~marginlab.core.datasets.make_circles`
        puts the −1 points in a ring all around the +1 points, so no line
        separates them; their radii, in the ellipse's own coordinates, lie in
        [0, 0.8] and [1.2, 2.0], a gap many times the jitter, so the centred
        ellipse between them is a plane in R³), and the two training errors
        follow from the two optima (data that no line separates make every
        linear classifier err; a converged hard-margin solve on separable data
        errs nowhere).
    """
    r2 = summary[summary["space"] == "R2"].iloc[0]
    r3 = summary[summary["space"] == "R3"].iloc[0]
    common = dict(
        source="Mądry 2012, §2 and Fig. 1",
        dataset=f"circles, {len(points)} points",
        # True by construction of the circles generator and of the solvers:
        # checks of the tool, shown but not counted as evidence.
        kind="check",
    )
    lp = "t* = max t s.t. y(w·x + b) ≥ t, |w|∞ ≤ 1"
    return [
        ClaimRow(
            title="no line separates the data in R²",
            quantity=f"{lp}, in R²",
            measured=float(r2["lp_t"]),
            bound=0.0,
            relation="<=",
            name="lp/R2",
            **common,
        ),
        ClaimRow(
            title="a linear classifier in R² errs",
            quantity="training error of the soft-margin linear SVM in R²",
            measured=float(r2["train_error"]),
            bound=0.0,
            relation=">",
            name="error/R2",
            **common,
        ),
        ClaimRow(
            title="a plane separates φ(data) in R³",
            quantity=f"{lp}, in R³ (z = φ(x))",
            measured=float(r3["lp_t"]),
            bound=0.0,
            relation=">",
            name="lp/R3",
            **common,
        ),
        ClaimRow(
            title="the hard-margin SVM on φ(x) makes no error (the ellipse)",
            quantity="training error in R³",
            measured=float(r3["train_error"]),
            bound=0.0,
            relation="<=",
            name="error/R3",
            **common,
        ),
    ]
