"""Figures of the kernel_identity experiment, drawn from its tables.

Figure kernel_identity; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import NullFormatter

from .._shared.figures import STYLE, new_figure
from .claims import IDENTITY_TOL

_IDENTITY_STYLE = {
    "quadratic": ("(x·x')², φ ∈ R³", "o", "C0"),
    "sequence": ("(1 + x·x')ᵏ, (n+1)ᵏ coordinates", "s", "C1"),
    "sqrt_c": ("(x·x' + c)ᵈ, x₀ = √c", "^", "C2"),
    "subset_product": ("Π(1 + xᵢx'ᵢ), 2ⁿ coordinates", "D", "C3"),
}


_FLOOR = 1e-18


def plot_kernel_identity(identities: pd.DataFrame, tol: float = IDENTITY_TOL) -> Figure:
    """Figure ``kernel_identity`` (K1, K15): kernel vs explicit feature map.

    Each point is one (identity, n, degree) against the size of the explicit
    feature map. Left (K1): the relative difference max|K − ΦΦᵀ| / max|K|.
    Right (K15): the relative difference of the squared distances in feature
    space, from the kernel (k(x,x) + k(x',x') − 2k(x,x')) and summed over the
    explicit coordinates. Differences of exactly 0 are drawn at 1e-18. Each
    title gives the largest difference drawn, the number rows K1 and K15
    read, rather than stating the identity.
    """
    fig, axes = new_figure(ncols=2, width=10.0, sharey=True)
    panels = (
        ("max_rel_diff", "max |K − ΦΦᵀ| / max |K|", "k(x, x') against ⟨φ(x), φ(x')⟩"),
        (
            "max_rel_diff_distance",
            "max |D_k − D_φ| / max |D_φ|",
            "‖φ(x) − φ(x')‖² from k against from φ",
        ),
    )
    with plt.rc_context(STYLE):
        for ax, (column, ylabel, title) in zip(axes, panels, strict=True):
            for identity, (label, marker, color) in _IDENTITY_STYLE.items():
                part = identities[identities["identity"] == identity]
                if part.empty:
                    continue
                ax.scatter(
                    part["dimension"],
                    np.maximum(part[column], _FLOOR),
                    marker=marker,
                    color=color,
                    label=label,
                    s=36,
                    zorder=3,
                )
            ax.axhline(
                tol, color="black", ls="--", lw=1.2, label=f"claim holds below {tol:g}"
            )
            ax.set_xscale("log")
            # Labels at the powers of 10 only: over less than a decade (a
            # small run) the minor ticks' labels run into each other.
            ax.xaxis.set_minor_formatter(NullFormatter())
            ax.set_yscale("log")
            ax.set_ylim(_FLOOR / 2, 1e-6)
            ax.set_xlabel("dimension of the explicit feature map φ(x)")
            ax.set_ylabel(ylabel)
            claim = "K1" if column == "max_rel_diff" else "K15"
            largest = float(identities[column].max())
            ax.set_title(f"{title} ({claim}):\nlargest {largest:.2g}", fontsize=10)
        axes[0].legend(loc="upper left", fontsize=8)
    return fig
