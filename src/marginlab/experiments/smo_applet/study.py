"""The tables of the atlas's SMO applet: the Gaussian SVM for every (σ, C) of a
grid (Huang 2017, 'Gaussian Kernels', the σ and C pictures; K11). The page only
draws what these tables hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from ...core.datasets import Dataset
from .._shared.grid import check_plane
from ..svm_sigma_C_grid.study import svm_panel


def smo_grid_tables(
    data: Dataset,
    sigmas: Sequence[float],
    Cs: Sequence[float],
    tol: float,
    grid_points: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """The Gaussian SVM (SMO) for every σ of ``sigmas`` and C of ``Cs``.

    Each setting is K11's panel (:func:`..svm_sigma_C_grid.study.svm_panel`):
    the decision function f(x) = Σ_i α_i y_i k(x_i, x) + b on a
    ``grid_points``² grid, the support vectors (α_i > 0), the margin 1/‖w‖,
    the number of kernel evaluations and the training error. C = inf is the
    hard margin, which fails on data that no Gaussian SVM separates.

    Returns
    -------
    summary : DataFrame
        One row per (σ, C): ``panel, sigma, C, n_kernel_evals, n_sv, margin,
        train_error, n_iter, dual_objective``.
    surface : DataFrame
        ``panel, x1, x2, f`` (the same grid for every setting).
    points : DataFrame
        ``panel, x1, x2, label, alpha, support``.
    """
    check_plane(data, "the SMO applet")
    summaries, surfaces, points = [], [], []
    for sigma in sigmas:
        for C in Cs:
            summary, surface, pts = svm_panel(data, sigma, C, tol, grid_points)
            panel = summary["panel"].iloc[0]
            summaries.append(summary)
            surfaces.append(surface.assign(panel=panel))
            points.append(pts.assign(panel=panel))

    def first(frames: list[pd.DataFrame]) -> pd.DataFrame:
        table = pd.concat(frames, ignore_index=True)
        return table[["panel", *[c for c in table.columns if c != "panel"]]]

    return first(summaries), first(surfaces), first(points)
