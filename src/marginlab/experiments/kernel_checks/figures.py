"""Figures of the kernel_checks experiment, drawn from its tables.

Figures feature_count and gaussian_peak; each caption is ``<figure>.rst``
beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure
from .claims import IDENTITY_TOL, ROUNDING

_LABELS = {
    "monomials": "monomials(x, 2): x ⊗ x, n²",
    "distinct monomials": "its distinct x_i x_j (i ≤ j): n(n+1)/2",
    "symmetric_quadratic": "(x_i², √2 x_i x_j): n(n+1)/2",
    "tensor_power": "tensor_power, (√c, x)⊗²: (n+1)²",
    "distinct tensor_power": "its distinct, degree ≤ 2: C(n+2, 2)",
    "slide": "the slide: 5·10⁵",
}


def plot_feature_count(counts: pd.DataFrame, products: pd.DataFrame) -> Figure:
    """Figure ``feature_count`` (K22): the coordinates of the second-order maps
    in n = 1 000 dimensions, and the kernel against the explicit inner
    products."""
    fig, (ax, bx) = new_figure(1, 2, width=12.0, height=4.4)
    with plt.rc_context(STYLE):
        n = int(counts["n_features"].iloc[0])
        names = counts["map"].tolist()
        colors = ["C0" if m != "slide" else "C3" for m in names]
        where = np.arange(len(names))[::-1]
        ax.barh(where, counts["counted"], color=colors)
        for y, value in zip(where, counts["counted"], strict=True):
            ax.text(value * 1.01, y, f"{int(value):,}", va="center", fontsize=8)
        ax.set_yticks(where, [_LABELS.get(m, m) for m in names])
        ax.tick_params(axis="y", labelsize=8)
        ax.set_xlim(0, 1.25 * float(counts["counted"].max()))
        ax.set_xlabel("number of coordinates")
        ax.set_title(f"Second-order features in n = {n} dimensions", fontsize=9)
        scale = float(products["kernel"].abs().max())
        for column, marker in (("monomials", "o"), ("symmetric", "x")):
            rel = (products[column] - products["kernel"]).abs() / scale
            bx.plot(
                products["kernel"].abs(),
                np.maximum(rel, 1e-18),
                marker,
                ms=4,
                ls="none",
                label=f"Φ = {column}",
            )
        bx.axhline(
            IDENTITY_TOL, color="grey", ls=":", label=f"tolerance {IDENTITY_TOL:g}"
        )
        bx.set_xscale("log")
        bx.set_yscale("log")
        bx.set_xlabel("kernel (x·x')² (pairs x ≠ x' left, x = x' right)")
        bx.set_ylabel("|K − ΦΦᵀ| / max |K| (zeros shown at 1e-18)")
        bx.set_title("Kernel against explicit inner products", fontsize=9)
        bx.legend(fontsize=8)
        fig.suptitle(
            "Second-order features and the quadratic kernel (K22)", fontsize=11
        )
    return fig


def plot_gaussian_peak(pairs: pd.DataFrame) -> Figure:
    """Figure ``gaussian_peak`` (K23): k(x, z) of random pairs against the
    distance, for each σ, and its difference from the direct formula."""
    fig, (ax, bx) = new_figure(1, 2, width=11.0, height=4.2)
    with plt.rc_context(STYLE):
        for i, (sigma, part) in enumerate(pairs.groupby("sigma", sort=True)):
            p = part.sort_values("distance")
            ax.plot(p["distance"], p["k"], ".", ms=2, color=f"C{i}")
            ax.plot(
                p["distance"],
                p["k_direct"],
                "-",
                lw=0.8,
                color=f"C{i}",
                label=f"σ = {sigma:g}",
            )
            diff = (p["k"] - p["k_direct"]).abs()
            bx.plot(p["distance"], np.maximum(diff, 1e-18), ".", ms=2, color=f"C{i}")
        ax.axhline(1.0, color="grey", ls=":", lw=0.8)
        ax.set_xlabel("distance ‖x − z‖")
        ax.set_ylabel("k(x, z)")
        ax.set_title(
            "k(x, z) against the distance (dots: library; lines: direct formula)",
            fontsize=9,
        )
        ax.legend(fontsize=8)
        bx.axhline(ROUNDING, color="grey", ls=":", label=f"tolerance {ROUNDING:g}")
        bx.set_yscale("log")
        bx.set_xlabel("distance ‖x − z‖")
        bx.set_ylabel("|k − exp(−‖x − z‖²/2σ²)| (zeros shown at 1e-18)")
        bx.set_title("Library against the direct formula", fontsize=9)
        bx.legend(fontsize=8)
        fig.suptitle(
            "The Gaussian kernel k(x, z) against the distance ‖x − z‖ (K23)",
            fontsize=11,
        )
    return fig
