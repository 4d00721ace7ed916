"""Figures of the gram_spectra experiment, drawn from its tables.

Figure gram_spectra; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure
from .claims import PSD_TOL


def spectra_title(spectra: pd.DataFrame, tol: float = PSD_TOL) -> str:
    """The title: how many valid kernels kept λ_min / Σ|λ| ≥ −tol on every
    sample, and how many non-kernels went below it on some sample, as rows K3
    read them (not that Mercer's theorem held)."""
    low = spectra.groupby("function", sort=False).agg(
        valid=("valid_kernel", "first"), low=("min_eig_ratio", "min")
    )
    valid = low["valid"].astype(str).str.lower().eq("true")
    psd = int((low.loc[valid, "low"] >= -tol).sum())
    negative = int((low.loc[~valid, "low"] < -tol).sum())
    return (
        f"Gram spectra (K3): {psd} of {int(valid.sum())} kernels ≥ −{tol:g} on "
        f"every sample; {negative} of {int((~valid).sum())} non-kernels below"
    )


def plot_gram_spectra(spectra: pd.DataFrame, tol: float = PSD_TOL) -> Figure:
    """Figure ``gram_spectra`` (K3): λ_min / Σ|λ| of Gram matrices per function.

    One dot per random sample; valid kernels in blue, non-kernels in red, on a
    symmetric-log axis around the −tol line. The title counts the functions
    on each side of the line (:func:`spectra_title`).
    """
    fig, ax = new_figure(width=7.2)
    with plt.rc_context(STYLE):
        names = list(dict.fromkeys(spectra["function"]))
        for i, name in enumerate(names):
            part = spectra[spectra["function"] == name]
            valid = str(part["valid_kernel"].iloc[0]).lower() == "true"
            jitter = np.linspace(-0.15, 0.15, len(part))
            ax.scatter(
                i + jitter,
                part["min_eig_ratio"],
                s=14,
                color="C0" if valid else "C3",
                alpha=0.8,
                label=None if i else None,
            )
        ax.axhline(-tol, color="black", ls="--", lw=1.0)
        ax.axhline(0.0, color="grey", lw=0.8)
        ax.set_yscale("symlog", linthresh=1e-12)
        ticks = [-1.0, -1e-3, -1e-6, -1e-9, 0.0, 1e-9, 1e-6, 1e-3]
        ax.set_yticks(ticks, [f"{t:g}" for t in ticks])
        ax.set_ylim(-3.0, 0.5)
        ax.minorticks_off()
        ax.set_xticks(range(len(names)), names, rotation=25, ha="right")
        ax.set_ylabel("λ_min / Σ|λ_i| of the Gram matrix")
        ax.set_title(spectra_title(spectra, tol), fontsize=10)
        ax.scatter([], [], color="C0", label=f"valid kernel (holds if ≥ −{tol:g})")
        ax.scatter([], [], color="C3", label=f"not a kernel (holds if < −{tol:g})")
        ax.legend(loc="lower left", fontsize=8)
    return fig
