"""Claim rows of K11, from the svm_sigma_C_grid experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow


def k11_svm_sigma_C_grid(summary: pd.DataFrame) -> list[ClaimRow]:
    """K11: the SMO pictures of Huang 2017.

    Parameters
    ----------
    summary : DataFrame
        One row per panel, from :func:`.study.svm_panel`.

    Returns
    -------
    list of ClaimRow
        For every σ with several C (theorem, ``margin/sigma=<σ>``), the
        smallest relative change of the margin 1/‖w‖ from one C to the next
        smaller one (``>= -1e-3``: the margin does not shrink as C decreases,
        up to the solver tolerance); for every hard-margin panel (C = ∞,
        ``hard_margin/sigma=<σ>``), its training error (``<= 0``), a
        ``check``: a converged hard-margin solve has
        y_i f(x_i) ≥ 1 − tol for every training point, so it cannot err
        (the Gaussian Gram matrix of distinct points is positive definite, so
        a solution exists), and the row tests the solver, not the lecture.
    """
    rows = []
    common = dict(source="Huang 2017, 'Gaussian RBF kernel (default in sklearn)'")
    for sigma, part in summary.groupby("sigma", sort=True):
        part = part.sort_values("C", ascending=False)
        if len(part) < 2:
            continue
        margins = part["margin"].to_numpy()
        change = float(np.min(np.diff(margins) / margins[:-1]))
        cs = " > ".join("∞" if np.isinf(c) else f"{c:g}" for c in part["C"])
        rows.append(
            ClaimRow(
                title=f"margin does not shrink as C decreases (σ = {sigma:g})",
                dataset=f"C = {cs}",
                quantity="min relative change of 1/‖w‖ to the next smaller C",
                measured=change,
                bound=-1e-3,
                relation=">=",
                kind="theorem",
                name=f"margin/sigma={sigma:g}",
                **common,
            )
        )
    for r in summary[np.isinf(summary["C"])].itertuples(index=False):
        rows.append(
            ClaimRow(
                title=f"hard margin (C = ∞) separates the data (σ = {r.sigma:g})",
                dataset=f"σ = {r.sigma:g}, C = ∞, {r.n_sv} SV",
                quantity="training error; a check: a converged hard-margin "
                "solve has y·f ≥ 1 − tol on every training point",
                measured=float(r.train_error),
                bound=0.0,
                relation="<=",
                kind="check",
                name=f"hard_margin/sigma={r.sigma:g}",
                **common,
            )
        )
    return rows
