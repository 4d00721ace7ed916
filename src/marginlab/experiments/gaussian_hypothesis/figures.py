"""Figures of the gaussian_hypothesis experiment, drawn from its tables.

Figure gaussian_hypothesis; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure


def plot_gaussian_hypothesis(
    history: pd.DataFrame, curve: pd.DataFrame, bumps: pd.DataFrame
) -> Figure:
    """Figure ``gaussian_hypothesis`` (K9): h(z), its Gaussian bumps, ℓ per epoch.

    Each panel's legend is below it (:func:`_legend_below`), off the curves."""
    fig, (hx, ax, bx) = new_figure(1, 3, width=14.0, height=5.0, layout="constrained")
    with plt.rc_context(STYLE):
        z = curve["z"].to_numpy()
        sigma = float(bumps["sigma"].iloc[0])
        hx.plot(z, curve["h_batch"], color="C0", lw=2.2, label="batch ascent")
        hx.plot(
            z,
            curve["h_stochastic"],
            color="C1",
            lw=1.2,
            ls="--",
            label="stochastic ascent",
        )
        for label, color in ((1, "C2"), (-1, "C3")):
            part = bumps[bumps["label"] == label]
            hx.scatter(
                part["x"],
                np.full(len(part), 1.0 if label > 0 else 0.0),
                color=color,
                s=18,
                zorder=3,
                label=f"samples, label {label:+d}",
            )
        hx.set_xlabel("z")
        hx.set_ylabel("h(z) = s(f(z))")
        hx.set_title("Hypothesis h(z)")
        for r in bumps.itertuples(index=False):
            bump = r.a * np.exp(-((z - r.x) ** 2) / (2 * sigma**2))
            ax.plot(z, bump, color="C2" if r.a > 0 else "C3", lw=0.7, alpha=0.6)
        ax.plot(
            z, curve["f_batch"], color="black", lw=1.8, label="f(z) = Σ aⱼ k(xⱼ, z)"
        )
        ax.set_xlabel("z")
        ax.set_title(
            f"f as a sum of Gaussian bumps, σ = {sigma:g}\n(green aⱼ > 0, red aⱼ < 0)",
            fontsize=9,
        )
        for method, part in history.groupby("method", sort=True):
            bx.plot(part["epoch"], part["log_likelihood"], label=method)
        bx.set_xscale("log")
        bx.set_xlabel("epoch")
        bx.set_ylabel("log-likelihood ℓ")
        bx.set_title("Gradient ascent, per epoch")
        for panel in (hx, ax, bx):
            _legend_below(panel)
    return fig


def _legend_below(ax) -> None:
    """The panel's legend, 8 pt in two columns, below its x label (inside,
    the hypothesis panel's legend lay across h(z) and the bumps panel's on
    the bumps)."""
    ax.legend(fontsize=8, ncols=2, loc="upper center", bbox_to_anchor=(0.5, -0.14))
