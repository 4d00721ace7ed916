"""Claim rows of K9, from the gaussian_hypothesis experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow


def k9_gaussian_hypothesis(
    history: pd.DataFrame, curve: pd.DataFrame, bumps: pd.DataFrame
) -> list[ClaimRow]:
    """K9: gradient ascent on kernel logistic regression, batch and stochastic.

    Parameters
    ----------
    history, curve, bumps : DataFrame
        From :func:`.study.gaussian_hypothesis_tables`.

    Returns
    -------
    list of ClaimRow
        Per method, ``drop/<method>`` (``drop/batch``, ``drop/stochastic``):
        the largest decrease of J between epochs relative to max(1, |J|)
        (``<= 1e-12``: non-decreasing up to rounding; a theorem for batch
        ascent with a step below 1/L, empirical for stochastic); ``h_gap``,
        the largest |h_batch − h_stochastic| on the grid (``<= 1e-3``,
        empirical); and ``bumps``, the largest difference between f and the
        sum of its Gaussian bumps Σ a_j k(x_j, z) rebuilt from the bump table
        (``<= 1e-9``), a ``check``: the model's decision function is that
        very sum, so the row tests the bookkeeping of the tables, not the
        lecture.
    """
    rows = []
    data = f"interval (1-D), {len(bumps)} points, σ = {bumps['sigma'].iloc[0]:g}"
    common = dict(
        source="Shewchuk, Lecture 14, 'Kernel Logistic Regression', "
        "'The Gaussian Kernel'",
        dataset=data,
    )
    for method, part in history.groupby("method", sort=True):
        j = part["objective"].to_numpy()
        drop = (
            float(np.max(j[:-1] - j[1:]) / max(1.0, np.abs(j).max()))
            if len(j) > 1
            else 0.0
        )
        rows.append(
            ClaimRow(
                title=f"{method} gradient ascent never decreases J = ℓ − λ/2‖w‖²",
                quantity=f"largest relative drop of J over {len(j)} {method} epochs",
                measured=drop,
                bound=1e-12,
                relation="<=",
                # A small enough full step provably ascends; a stochastic
                # epoch of single-point steps need not.
                kind="theorem" if method == "batch" else "empirical",
                name=f"drop/{method}",
                **common,
            )
        )
    gap = float(np.abs(curve["h_batch"] - curve["h_stochastic"]).max())
    rows.append(
        ClaimRow(
            title="batch and stochastic ascent converge to the same h",
            quantity="max over the grid of |h_batch(z) - h_stochastic(z)|",
            measured=gap,
            bound=1e-3,
            relation="<=",
            kind="empirical",
            name="h_gap",
            **common,
        )
    )
    z = curve["z"].to_numpy()[:, None]
    sigma = float(bumps["sigma"].iloc[0])
    rebuilt = (
        np.exp(-((z - bumps["x"].to_numpy()) ** 2) / (2 * sigma**2))
        @ bumps["a"].to_numpy()
    )
    rows.append(
        ClaimRow(
            title="h(z) = s(Σ a_j k(x_j, z)): a sum of Gaussians at the samples",
            quantity="max |f(z) - Σ a_j exp(-(z - x_j)²/2σ²)|",
            measured=float(np.abs(curve["f_batch"].to_numpy() - rebuilt).max()),
            bound=1e-9,
            relation="<=",
            # f is computed as Σ a_j k(x_j, z) and the bumps are its own a_j:
            # equal by construction (a check of the tables, not evidence).
            kind="check",
            name="bumps",
            **common,
        )
    )
    return rows
