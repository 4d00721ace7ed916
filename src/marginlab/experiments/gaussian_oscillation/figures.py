"""Figures of the gaussian_oscillation experiment, drawn from its tables.

Figure gaussian_oscillation; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from ...theory.intervals import mean_interval
from .._shared.figures import STYLE, draw_replicates, new_figure

#: The suptitle: what is drawn, no verdict (the caption and the rows give it).
SUPTITLE = (
    "Kernel ridge regression on a line: the Gaussian kernel for several σ "
    "and the polynomial kernel (K19)"
)


def curve_label(name: str, row: pd.Series) -> str:
    """Legend of one drawn curve: its extrema over the data range and its
    largest |f| beyond the data over its largest |f| on it (the table's row
    of that curve)."""
    ratio = float(row["max_abs_outside"]) / float(row["max_abs_inside"])
    return (
        f"{name}: {int(row['n_extrema'])} extrema; "
        f"max |f| beyond / on the data {ratio:.3g}"
    )


def draw_extrema_over_sets(ax, replicates: pd.DataFrame) -> None:
    """Row 1's reading: the polynomial's extrema minus the Gaussian's on each
    training set with a matched degree, their mean and its t interval (none
    with fewer than two sets)."""
    r = replicates.sort_values("replicate")
    matched = r[r["sigma_star"].notna() & r["matched_degree"].notna()]
    diff = (matched["polynomial_extrema"] - matched["gaussian_extrema"]).to_numpy()
    m = mean_interval(diff) if diff.size >= 2 else None
    draw_replicates(
        ax, diff, m, bound=0.0, what="sets", own=bool((matched["replicate"] == 0).any())
    )
    ax.set_ylabel("extrema: matched polynomial − Gaussian at σ*")
    ax.set_title(
        f"{len(diff)} of {len(r)} sets with a\nmatched degree"
        + (f": mean {m.mean:.2f}\n[{m.low:.2f}, {m.high:.2f}]" if m else ""),
        fontsize=9,
    )
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.02))


def draw_ratios_over_sets(ax, replicates: pd.DataFrame) -> None:
    """Row 2's reading: the Gaussian's largest |f| beyond the data over its
    largest on it, on each training set, against the bound 1; the row reads
    the largest."""
    r = replicates.sort_values("replicate")
    ratio = r.loc[r["sigma_star"].notna(), "gaussian_ratio"].to_numpy()
    draw_replicates(ax, ratio, None, bound=1.0, what="sets", own=bool(len(ratio)))
    ax.set_ylabel("Gaussian at σ*: max |f| beyond / on the data")
    above = int((ratio > 1).sum())
    ax.set_title(
        f"{above} of {len(ratio)} sets above 1;\nlargest {ratio.max():.2f}"
        if len(ratio)
        else "no set",
        fontsize=9,
    )
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.02))


def plot_gaussian_oscillation(
    summary: pd.DataFrame,
    curves: pd.DataFrame,
    points: pd.DataFrame,
    replicates: pd.DataFrame,
) -> Figure:
    """Figure ``gaussian_oscillation`` (K19): Gaussian against polynomial
    hypotheses on a line, and their numbers of extrema.

    Left: the Gaussian hypothesis at the cross-validated σ* and the polynomial
    matched to it (the smallest degree that fits the training data as well),
    over the data range and beyond it (shaded), with the data at ±1. Right: the
    number of extrema over the data range for every σ, beside the matched
    polynomial's. The titles say what is drawn; each curve's legend gives its
    extrema and its largest |f| beyond the data over that on it
    (:func:`curve_label`), whichever way they go. These two panels draw the
    run's own training set; the two narrow ones what rows 1 and 2 read over
    the training sets of ``replicates`` (:func:`draw_extrema_over_sets`,
    :func:`draw_ratios_over_sets`).
    """
    fig, (ax, bx, cx, dx) = new_figure(
        1,
        4,
        width=16.0,
        height=5.4,
        layout="constrained",
        gridspec_kw={"width_ratios": [1.0, 0.85, 0.36, 0.36]},
    )
    with plt.rc_context(STYLE):
        chosen = summary[summary["cv_choice"].astype(str) == "True"].iloc[0]
        sigma = float(chosen["param"])
        lo, hi = float(chosen["x_min"]), float(chosen["x_max"])
        ax.axvspan(curves["z"].min(), lo, color="grey", alpha=0.12, lw=0)
        ax.axvspan(hi, curves["z"].max(), color="grey", alpha=0.12, lw=0)
        gauss = curves[(curves["kernel"] == "gaussian") & (curves["param"] == sigma)]
        ax.plot(
            gauss["z"],
            gauss["f"],
            color="C0",
            lw=2.0,
            label=curve_label(f"Gaussian, σ* = {sigma:g} (CV)", chosen),
        )
        if not pd.isna(chosen["matched_degree"]):
            p = float(chosen["matched_degree"])
            row = summary[(summary["kernel"] == "polynomial") & (summary["param"] == p)]
            poly = curves[(curves["kernel"] == "polynomial") & (curves["param"] == p)]
            ax.plot(
                poly["z"],
                poly["f"],
                color="C3",
                lw=1.6,
                label=curve_label(
                    f"polynomial, degree {p:g} (fits as well)", row.iloc[0]
                ),
            )
        g = summary[summary["kernel"] == "gaussian"].sort_values("param")
        smallest = g.iloc[0]
        wiggly = curves[
            (curves["kernel"] == "gaussian") & (curves["param"] == smallest["param"])
        ]
        ax.plot(
            wiggly["z"],
            wiggly["f"],
            color="C0",
            lw=0.7,
            alpha=0.5,
            ls="--",
            label=curve_label(f"Gaussian, σ = {smallest['param']:g}", smallest),
        )
        for label, color in ((1, "C2"), (-1, "C1")):
            part = points[points["label"] == label]
            ax.scatter(
                part["x"], np.full(len(part), float(label)), color=color, s=14, zorder=3
            )
        ax.axhline(0.0, color="black", lw=0.6)
        drawn = summary[
            (summary["kernel"] == "gaussian")
            | (summary["param"] == chosen["matched_degree"])
        ]
        span = max(2.0, 1.3 * float(drawn["max_abs_inside"].max()))
        ax.set_ylim(-span, span)
        ax.set_xlabel("x (shaded: beyond the data)")
        ax.set_ylabel("f(x), kernel ridge on ±1 labels")
        ax.set_title(
            f"Same data, same λ = {float(chosen['lam']):g}; the hypotheses on "
            "and beyond the data range",
            fontsize=9,
        )
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14))
        polys = summary[summary["kernel"] == "polynomial"].set_index("param")
        bx.plot(g["param"], g["n_extrema"], marker="o", color="C0", label="Gaussian, σ")
        matched = g.dropna(subset=["matched_degree"])
        bx.plot(
            matched["param"],
            [polys.loc[d, "n_extrema"] for d in matched["matched_degree"]],
            marker="s",
            ls="none",
            color="C3",
            label="polynomial fitting as well as that σ",
        )
        for _, r in matched.iterrows():
            bx.annotate(
                f"p={r['matched_degree']:g}",
                (r["param"], polys.loc[r["matched_degree"], "n_extrema"]),
                textcoords="offset points",
                xytext=(4, 4),
                fontsize=8,
                color="C3",
            )
        bx.axvline(sigma, color="grey", ls=":", lw=1.0)
        bx.set_xscale("log")
        bx.set_xlabel("σ (dotted: chosen by cross-validation)")
        bx.set_ylabel("local extrema of f over the data range")
        bx.set_title("Local extrema over the data range against σ", fontsize=9)
        bx.legend(fontsize=8)
        draw_extrema_over_sets(cx, replicates)
        draw_ratios_over_sets(dx, replicates)
        fig.suptitle(SUPTITLE, fontsize=11)
    return fig
