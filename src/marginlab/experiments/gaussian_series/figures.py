"""Figures of the gaussian_series experiment, drawn from its tables.

Figure gaussian_series; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure
from .claims import SERIES_TOL

#: Errors are drawn on a log axis; an exact zero is drawn here.
_FLOOR = 1e-18


def plot_gaussian_series(series: pd.DataFrame, tol: float = SERIES_TOL) -> Figure:
    """Figure ``gaussian_series`` (K17): truncation error against N, per σ.

    Left: the largest |k(x, z) − φ_N(x)·φ_N(z)| over the pairs (solid) and the
    largest Taylor tail bound (dashed), log scale, with the rounding allowance
    ``tol``. Right: the number of coordinates C(N + n, n) of φ_N, with the N at
    which each σ's error first reached ``tol`` (K17's :data:`.claims.SERIES_TOL`).
    The titles say what is drawn: which σ converges later is read off the
    dots and the rows, not asserted. Both legends are below their panels,
    off the curves.
    """
    fig, (ax, bx) = new_figure(1, 2, width=12.0, height=5.2, layout="constrained")
    with plt.rc_context(STYLE):
        t = series.sort_values(["sigma", "degree"], kind="stable")
        for i, (sigma, part) in enumerate(t.groupby("sigma", sort=True)):
            color = f"C{i}"
            ax.semilogy(
                part["degree"],
                np.maximum(part["max_error"], _FLOOR),
                color=color,
                lw=1.8,
                label=f"σ = {sigma:g} (max |s| = {part['max_abs_s'].iloc[0]:.3g})",
            )
            ax.semilogy(
                part["degree"],
                np.maximum(part["max_bound"], _FLOOR),
                color=color,
                lw=1.0,
                ls="--",
            )
            reached = part[part["max_error"] <= tol]
            if len(reached):
                n_star = int(reached["degree"].iloc[0])
                dim = int(reached["dimension_formula"].iloc[0])
                bx.axvline(n_star, color=color, ls=":", lw=1.0)
                bx.plot(
                    n_star, dim, "o", color=color, label=f"σ = {sigma:g}: N = {n_star}"
                )
        # In the legend, not written on the panel, where the curves crossed it.
        ax.axhline(
            tol, color="grey", ls=":", lw=1.0, label=f"rounding allowance {tol:g}"
        )
        ax.plot([], [], color="black", lw=1.0, ls="--", label="Taylor tail bound")
        ax.set_ylim(_FLOOR / 2, 3.0)
        ax.set_xlabel("N (largest total degree kept)")
        ax.set_ylabel("max over pairs |k(x,z) − φ_N(x)·φ_N(z)|")
        ax.set_title("Truncation error against N, per σ", fontsize=9)
        ax.legend(fontsize=8, ncols=2, loc="upper center", bbox_to_anchor=(0.5, -0.14))
        first = t[t["sigma"] == t["sigma"].min()]
        bx.semilogy(first["degree"], first["dimension_formula"], color="black", lw=1.5)
        bx.set_xlabel("N")
        bx.set_ylabel("coordinates of φ_N: C(N + n, n)")
        bx.set_title(
            f"Size of the map, n = {_n_features(first)}; dots: first N "
            f"with error ≤ {tol:g}",
            fontsize=9,
        )
        bx.legend(fontsize=8, ncols=2, loc="upper center", bbox_to_anchor=(0.5, -0.14))
        fig.suptitle(
            "The Gaussian kernel against its feature series truncated at degree N "
            "(Shewchuk, Lecture 14, 'The Gaussian Kernel'; K17)",
            fontsize=11,
        )
    return fig


def _n_features(part: pd.DataFrame) -> int:
    """n from C(1 + n, n) = n + 1 coordinates at N = 1."""
    row = part[part["degree"] == 1]
    return int(row["dimension_formula"].iloc[0]) - 1 if len(row) else 0
