"""Figures of the adaboost experiment, drawn from its tables.

Figures adaboost_bound, exp_loss_descent, adaboost_train_test, margin_bound and
uniform_margin_bound; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import (
    STYLE,
    count_steps,
    dataset_axes,
    legend_outside,
    never_or_count,
    new_figure,
)
from .claims import LINE_SEARCH_TOL

#: adaboost_bound's suptitle: what is drawn, not that the chain holds (rows
#: B1 say whether it does).
BOUND_SUPTITLE = (
    "AdaBoost's training error and its bounds Π Z_t, exp(−2Σγ_t²), exp(−2γ²T) (B1)"
)


#: The fraction of training margins at most ρ, in mathtext.
MARGIN_FRACTION = r"$\Pr_S[\,y f(x) \leq \rho\,\Vert\alpha\Vert_1]$"

#: B6's bound 2^T Π_t √(ε_t^(1−ρ) (1 − ε_t)^(1+ρ)), in mathtext (no brace or
#: caret is printed).
B6_BOUND = r"$2^T\, \Pi_t \sqrt{\varepsilon_t^{\,1-\rho}\,(1-\varepsilon_t)^{1+\rho}}$"


#: B17's uniform bound [(1 − 2γ)^(1−ρ) (1 + 2γ)^(1+ρ)]^(T/2), in mathtext.
UNIFORM_BOUND = r"$[(1-2\gamma)^{1-\rho}\,(1+2\gamma)^{1+\rho}]^{T/2}$"

#: uniform_margin_bound's y labels, top row then bottom: the quantity drawn,
#: and which ρ of the grid the row shows.
UNIFORM_ROWS = (
    "fraction of margins ≤ ρ, and bounds\n(largest grid ρ below γ)",
    "fraction of margins ≤ ρ, and bounds\n(smallest grid ρ above γ)",
)


def plot_adaboost_bound(history: pd.DataFrame) -> Figure:
    """Figure ``adaboost_bound`` (B1): training error and its three bounds vs t.

    Each panel's lower y limit is :func:`bound_floor`: where the bounds fall
    far below every training error (to 1e-109 on an easy dataset), the panel
    is cut :data:`BOUND_DECADES` decades below its smallest training error that
    is not 0, and its title says so and how low the bounds reach. The title
    gives the first round with training error 0 (the dotted line); one legend
    below the panels names the curves."""
    names = list(dict.fromkeys(history["dataset"]))
    fig, axes = dataset_axes(names, height=4.6)
    fig.set_layout_engine("constrained")
    with plt.rc_context(STYLE):
        for ax, name in zip(axes, names, strict=True):
            h = history[history["dataset"] == name].sort_values("t")
            t = h["t"]
            ax.semilogy(
                t, h["bound_gamma_min"], color="C3", label="exp(−2γ²t), γ = min γ_s"
            )
            ax.semilogy(t, h["bound_gamma"], color="C1", label="exp(−2 Σ γ_s²)")
            ax.semilogy(t, h["bound_Z"], color="C0", label="Π Z_s")
            err = h["train_error"].where(h["train_error"] > 0)
            ax.semilogy(t, err, color="black", lw=1.6, label="training error")
            title = [f"{name} (m = {int(h['n_train'].iloc[0])})"]
            zero = h[h["train_error"] == 0]
            if len(zero):
                t0 = int(zero["t"].iloc[0])
                ax.axvline(
                    t0, color="grey", ls=":", label="first round with training error 0"
                )
                title.append(f"training error first 0 at t = {t0}")
            floor = bound_floor(h)
            if floor is not None:
                top = float(h[[*_BOUNDS, "train_error"]].max().max())
                ax.set_ylim(floor, 2.0 * top)
                lowest = float(h[list(_BOUNDS)].min().min())
                title.append(f"below {floor:.2g} not drawn (bounds reach {lowest:.0e})")
            ax.set_xscale("log")
            ax.set_xlabel("round t")
            ax.set_title("\n".join(title), fontsize=9)
        axes[0].set_ylabel("training error and its bounds (log scale)")
        handles, labels = _labelled(axes)
        fig.legend(
            handles, labels, loc="outside lower center", ncols=len(labels), fontsize=8
        )
        fig.suptitle(BOUND_SUPTITLE, fontsize=11)
    return fig


#: The columns of B1's three bounds in ``history``.
_BOUNDS = ("bound_Z", "bound_gamma", "bound_gamma_min")

#: How many decades below its smallest training error that is not 0 a panel
#: of ``adaboost_bound`` reaches (:func:`bound_floor`).
BOUND_DECADES = 3


def bound_floor(h: pd.DataFrame) -> float | None:
    """The lower y limit of one dataset's ``adaboost_bound`` panel:
    :data:`BOUND_DECADES` decades below its smallest training error that is
    not 0 (1/m when every round's is 0), or None (the limit matplotlib picks)
    when no bound falls below that."""
    errors = h["train_error"][h["train_error"] > 0]
    least = float(errors.min()) if len(errors) else 1.0 / float(h["n_train"].iloc[0])
    floor = least * 10.0**-BOUND_DECADES
    return floor if float(h[list(_BOUNDS)].min().min()) < floor else None


def loss_title(history: pd.DataFrame) -> str:
    """Title of B4's loss panel: in how many rounds the exponential loss rose
    (over every dataset), as B4's first rows read it, not that it never does."""
    rises = steps = 0
    for _, h in history.groupby("dataset", sort=False):
        k, n = count_steps(h.sort_values("t")["exp_loss"], "up")
        rises, steps = rises + k, steps + n
    return "Exponential loss per round: " + never_or_count(
        "increases", rises, steps, "round"
    )


def step_title(history: pd.DataFrame) -> str:
    """Title of B4's step panel: the largest distance of α_t from the line
    search, against the rows' tolerance, not that it is the exact step."""
    worst = float((history["alpha"] - history["alpha_line"]).abs().max())
    return f"α_t = ½ ln((1 − ε_t)/ε_t) against a line search: largest gap {worst:.2g}"


def plot_exp_loss_descent(history: pd.DataFrame) -> Figure:
    """Figure ``exp_loss_descent`` (B4): the exponential loss per round, and α_t
    against a numerical line search. The panel titles count the rounds whose
    loss rose (:func:`loss_title`) and give the largest step gap
    (:func:`step_title`), from the table."""
    names = list(dict.fromkeys(history["dataset"]))
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.6, layout="constrained")
    with plt.rc_context(STYLE):
        for i, name in enumerate(names):
            h = history[history["dataset"] == name].sort_values("t")
            ax.loglog(h["t"], h["exp_loss"], color=f"C{i}", label=name)
            gap = (h["alpha"] - h["alpha_line"]).abs().clip(lower=1e-17)
            bx.loglog(h["t"], gap, color=f"C{i}", lw=0.8, label=name)
        ax.set_xlabel("round t")
        ax.set_ylabel("(1/m) Σ_i exp(−y_i f_t(x_i))")
        ax.set_title(loss_title(history), fontsize=10)
        ax.legend(fontsize=8)
        bx.axhline(
            LINE_SEARCH_TOL,
            color="grey",
            ls=":",
            label=f"tolerance {LINE_SEARCH_TOL:g}",
        )
        bx.set_xlabel("round t")
        bx.set_ylabel("|α_t − argmin_α Σ D_t(i) exp(−α y_i h_t(x_i))|")
        bx.set_title(step_title(history), fontsize=9)
        legend_outside(bx)
        fig.suptitle(
            "AdaBoost as coordinate descent on the exponential loss (B4)", fontsize=11
        )
    return fig


def plot_adaboost_train_test(history: pd.DataFrame) -> Figure:
    """Figure ``adaboost_train_test`` (B14): errors vs rounds; the VC bound.

    One legend below the panels names the error panels' curves and the VC
    panel's, so that no legend covers a curve."""
    names = list(dict.fromkeys(history["dataset"]))
    fig, axes = dataset_axes(names, height=4.4, extra=1)
    fig.set_layout_engine("constrained")
    with plt.rc_context(STYLE):
        for ax, name in zip(axes, names, strict=False):
            h = history[history["dataset"] == name].sort_values("t")
            ax.plot(h["t"], h["train_error"], label="training error")
            ax.plot(h["t"], h["test_error"], label="test error")
            zero = h[h["train_error"] == 0]
            if len(zero):
                ax.axvline(
                    int(zero["t"].iloc[0]),
                    color="grey",
                    ls=":",
                    label="training error 0",
                )
            ax.set_xscale("log")
            ax.set_xlabel("round T")
            ax.set_title(f"{name} (test m = {int(h['n_test'].iloc[0])})", fontsize=10)
        axes[0].set_ylabel("error")
        vx = axes[-1]
        groups = _by_vc_dimension(history, names)
        for i, (d, group) in enumerate(groups.items()):
            # The bound depends on d and T only: one curve per d, to the
            # longest run of the datasets that use it.
            longest = max(
                group, key=lambda n: history["t"][history["dataset"] == n].max()
            )
            h = history[history["dataset"] == longest].sort_values("t")
            which = "every dataset" if len(groups) == 1 else ", ".join(group)
            which = textwrap.fill(
                f"used for {which}", 34, break_long_words=False, break_on_hyphens=False
            )
            vx.loglog(
                h["t"], h["vc_bound"], color=f"C{4 + i}", label=_vc_label(d, which)
            )
        vx.set_xlabel("round T")
        vx.set_ylabel("2(d+1)(T+1) log₂((T+1)e)")
        handles, labels = _labelled(axes)
        fig.legend(
            handles, labels, loc="outside lower center", ncols=len(labels), fontsize=8
        )
        vx.set_title("VC-dimension bound of F_T (B14)", fontsize=10)
        fig.suptitle(
            "Training and test error against T; capacity of F_T (B14)", fontsize=11
        )
    return fig


def _by_vc_dimension(history: pd.DataFrame, names: list[str]) -> dict[int, list[str]]:
    """The datasets by the d their B14 bound (``vc_bound``) was computed with."""
    groups: dict[int, list[str]] = {}
    for name in names:
        d = history["vc_dimension"][history["dataset"] == name].unique()
        if len(d) != 1:
            raise ValueError(f"{name}: more than one vc_dimension {d.tolist()}.")
        groups.setdefault(int(d[0]), []).append(name)
    return groups


def _vc_label(d: int, which: str) -> str:
    """The legend entry of B14's bound: d, what it is, the datasets using it."""
    return (
        f"d = {d}, the bound on the VC dimension\n"
        f"of stumps on the data's features,\n{which}"
    )


def plot_margin_bound(margin_bound: pd.DataFrame) -> Figure:
    """Figure ``margin_bound`` (B6): fraction of margins ≤ ρ against the bound.

    The formulas are matplotlib mathtext (:data:`MARGIN_FRACTION`,
    :data:`B6_BOUND`), so no brace or caret is printed; one legend below the
    panels names the curves."""
    names = list(dict.fromkeys(margin_bound["dataset"]))
    fig, axes = dataset_axes(names, height=4.6)
    fig.set_layout_engine("constrained")
    with plt.rc_context(STYLE):
        for ax, name in zip(axes, names, strict=True):
            part = margin_bound[margin_bound["dataset"] == name]
            ts = sorted(part["t"].unique())
            for i, t in enumerate(ts):
                p = part[part["t"] == t].sort_values("rho")
                color = plt.cm.viridis(i / max(1, len(ts) - 1))
                ax.plot(
                    p["rho"],
                    p["fraction"],
                    color=color,
                    marker="o",
                    ms=3,
                    label=f"T = {t}: fraction",
                )
                ax.plot(
                    p["rho"],
                    p["bound"].clip(upper=10),
                    color=color,
                    ls="--",
                    label=f"T = {t}: bound",
                )
            ax.set_yscale("log")
            ax.set_ylim(1e-4, 2)
            ax.set_xlabel("ρ")
            ax.set_title(name, fontsize=10)
        axes[0].set_ylabel(f"{MARGIN_FRACTION} (solid), bound (dashed)")
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(
            handles,
            labels,
            loc="outside lower center",
            ncols=max(1, len(labels) // 2),
            fontsize=8,
        )
        fig.suptitle(f"Margin distribution bound {B6_BOUND} (B6)", fontsize=11)
    return fig


def plot_uniform_margin_bound(uniform_margin: pd.DataFrame) -> Figure:
    """Figure ``uniform_margin_bound`` (B17): the margin fraction against T.

    One column per dataset; top row the largest grid ρ below γ (the smallest
    edge of the run), bottom row the smallest grid ρ above it. Each panel:
    the fraction of training margins ≤ ρ, B6's product bound and the uniform
    bound [(1 − 2γ)^{1−ρ}(1 + 2γ)^{1+ρ}]^{T/2} on a log scale; a fraction of 0
    is drawn as a marker on the bottom edge; the dotted line is 1/m (below it
    the fraction must be 0). The formulas are mathtext (no brace or caret is
    printed), each row's y label names the quantity and the row's ρ
    (:data:`UNIFORM_ROWS`), and one legend below the panels names the curves.
    """
    names = list(dict.fromkeys(uniform_margin["dataset"]))
    n = len(names)
    fig, axes = new_figure(
        2, n, width=3.9 * n, height=8.0, squeeze=False, layout="constrained"
    )
    with plt.rc_context(STYLE):
        for col, name in enumerate(names):
            part = uniform_margin[uniform_margin["dataset"] == name]
            gamma = float(part["gamma"].iloc[0])
            m = int(part["n_train"].iloc[0])
            rhos = np.sort(part["rho"].unique())
            below, above = rhos[rhos < gamma], rhos[rhos > gamma]
            picks = (
                (below.max() if len(below) else None, "<"),
                (above.min() if len(above) else None, ">"),
            )
            floor = 0.1 / m
            for row, (rho, side) in enumerate(picks):
                ax = axes[row][col]
                if rho is None:
                    ax.set_axis_off()
                    continue
                p = part[part["rho"] == rho].sort_values("t")
                t = p["t"].to_numpy()
                frac = p["fraction"].to_numpy()
                ax.plot(
                    t,
                    np.where(frac > 0, frac, np.nan),
                    color="C0",
                    lw=1.6,
                    label="fraction of margins ≤ ρ",
                )
                zero = frac == 0
                ax.plot(
                    t[zero],
                    np.full(zero.sum(), floor),
                    "|",
                    color="C0",
                    ms=6,
                    label="fraction = 0 (drawn at the bottom)",
                )
                ax.plot(
                    t,
                    p["product_bound"].clip(lower=floor, upper=20),
                    color="C1",
                    ls="--",
                    label=f"B6: {B6_BOUND}",
                )
                ax.plot(
                    t,
                    p["uniform_bound"].clip(lower=floor, upper=20),
                    color="C3",
                    lw=1.4,
                    label=f"uniform: {UNIFORM_BOUND}",
                )
                ax.axhline(1.0 / m, color="grey", ls=":", lw=1, label="1/m")
                ax.set_yscale("log")
                ax.set_ylim(floor, 20)
                ax.set_xlabel("rounds T")
                ax.set_title(f"{name}: ρ = {rho:g} {side} γ = {gamma:.3g}", fontsize=9)
        for row, text in enumerate(UNIFORM_ROWS):
            axes[row][0].set_ylabel(text)
        handles, labels = _labelled(axes.flat)
        fig.legend(handles, labels, loc="outside lower center", ncols=3, fontsize=8)
        fig.suptitle(
            "Uniform margin bound, γ = smallest edge of the run (B17; Mohri, "
            "Boosting, 'Margin Distribution', 'Notes')",
            fontsize=11,
        )
    return fig


def _labelled(axes) -> tuple[list, list[str]]:
    """The handles and labels of ``axes``, each label once, in order."""
    seen: dict[str, object] = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            seen.setdefault(label, handle)
    return list(seen.values()), list(seen)
