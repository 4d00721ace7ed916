"""Figures of the rademacher_margin_bound experiment, drawn from its tables.

Figure rademacher_margin_bound; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from ...theory.intervals import clopper_pearson
from .._shared.figures import STYLE, dataset_axes


def plot_rademacher_margin_bound(bounds: pd.DataFrame) -> Figure:
    """Figure ``rademacher_margin_bound`` (B16): the margin bounds against ρ.

    One panel per dataset: the empirical margin loss R̂_ρ(h), the complexity
    term (2/ρ) R̂_S(H) and the confidence term of the Rademacher bound, their
    sum, the VC bound, and the test error of sign(f_T) with its 95 %
    Clopper–Pearson interval; above 1 (grey line) a bound is vacuous. The
    panels hold no text: titles on two lines, so that neighbours' do not
    run into each other, and one legend below the panels.
    """
    names = list(dict.fromkeys(bounds["dataset"]))
    fig, axes = dataset_axes(names, height=4.2)
    top = 2.0
    with plt.rc_context(STYLE):
        for ax, name in zip(axes, names, strict=True):
            p = bounds[bounds["dataset"] == name].sort_values("rho")
            rho = p["rho"]
            ax.plot(
                rho,
                p["margin_loss"],
                color="C0",
                marker="o",
                ms=3,
                label="margin loss R̂_ρ(h)",
            )
            ax.plot(
                rho,
                p["rad_complexity"].clip(upper=top),
                color="C2",
                ls="--",
                label="(2/ρ) R̂_S(stumps)",
            )
            ax.plot(
                rho, p["rad_confidence"], color="C4", ls=":", label="3 √(log(2G/δ)/2m)"
            )
            ax.plot(
                rho,
                p["rad_bound"].clip(upper=top),
                color="C3",
                lw=2,
                label="bound (Rademacher)",
            )
            ax.plot(
                rho,
                p["vc_bound"].clip(upper=top),
                color="C1",
                lw=1.4,
                ls="-.",
                label="bound (VC)",
            )
            first = p.iloc[0]
            n_test, k = int(first["n_test"]), int(first["test_mistakes"])
            lo, hi = clopper_pearson(k, n_test)
            ax.axhline(
                k / n_test, color="black", lw=1.2, label="test error (band: 95 % CI)"
            )
            ax.axhspan(lo, hi, color="black", alpha=0.15, lw=0)
            ax.axhline(
                1.0, color="grey", lw=0.8, label="1: a bound above it is vacuous"
            )
            ax.set_xscale("log")
            ax.set_ylim(0, top)
            ax.set_xlabel("ρ")
            best = float(p["rad_bound"].min())
            ax.set_title(
                f"{name} (m = {int(first['n_train'])})\nmin bound {best:.3g}",
                fontsize=9,
            )
        axes[0].set_ylabel("error, bound and its terms (clipped at 2)")
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(
            handles,
            labels,
            fontsize=8,
            loc="upper center",
            ncols=(len(labels) + 1) // 2,
            bbox_to_anchor=(0.5, 0.0),
        )
        fig.suptitle(
            "Margin bounds for conv(stumps) at AdaBoost's f/‖α‖₁ (B16; Mohri, "
            "Boosting, 'Margin Bound - Ensemble Methods')",
            fontsize=11,
            y=1.03,
        )
    return fig
