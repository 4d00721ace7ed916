"""Figures of the boosting family B1–B17."""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from ..intervals import clopper_pearson
from ._base import STYLE, draw_timings, new_figure

_LOSS_STYLE = {
    "exponential": ("exp(−u)  (AdaBoost)", "C0"),
    "logistic": ("log₂(1 + exp(−u))  (logistic)", "C1"),
    "hinge": ("max(1 − u, 0)  (hinge, SVM)", "C2"),
    "square": ("(1 − u)²·1{u ≤ 1}  (square)", "C3"),
}


def plot_losses(curves: pd.DataFrame, ymax: float = 4.0) -> Figure:
    """Figure ``losses`` (B13): each surrogate loss against the zero-one loss.

    Parameters
    ----------
    curves : DataFrame
        Columns ``margin, loss, value`` (see :func:`kernelboost.losses.loss_curves`).
    ymax : float
        Upper limit of the loss axis.
    """
    fig, ax = new_figure()
    with plt.rc_context(STYLE):
        for loss, (label, color) in _LOSS_STYLE.items():
            part = curves[curves["loss"] == loss]
            ax.plot(part["margin"], part["value"], color=color, label=label, lw=1.8)
        zo = curves[curves["loss"] == "zero_one"]
        u = zo["margin"].to_numpy()
        ax.plot(
            np.r_[u[u < 0], 0.0, 0.0, u[u >= 0]],
            np.r_[np.ones((u < 0).sum()), 1.0, 0.0, np.zeros((u >= 0).sum())],
            color="black",
            lw=2.2,
            label="1{u < 0}  (zero-one)",
        )
        ax.set_ylim(-0.1, ymax)
        ax.set_xlim(u.min(), u.max())
        ax.set_xlabel("margin u = y·f(x)")
        ax.set_ylabel("loss")
        ax.set_title("Convex surrogates upper-bound the zero-one loss (B13)")
        ax.legend(loc="upper right")
    return fig


def _dataset_axes(names: list[str], height: float = 3.8, extra: int = 0):
    """One panel per dataset (plus ``extra``), in a row; returns (fig, axes)."""
    n = len(names) + extra
    fig, axes = new_figure(1, n, width=3.9 * n, height=height, squeeze=False)
    return fig, list(axes[0])


def plot_adaboost_bound(history: pd.DataFrame) -> Figure:
    """Figure ``adaboost_bound`` (B1): training error and its three bounds vs t."""
    names = list(dict.fromkeys(history["dataset"]))
    fig, axes = _dataset_axes(names)
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
            zero = h[h["train_error"] == 0]
            if len(zero):
                t0 = int(zero["t"].iloc[0])
                ax.axvline(
                    t0, color="grey", ls=":", label=f"training error 0 (t = {t0})"
                )
            ax.set_xscale("log")
            ax.set_xlabel("round t")
            ax.set_title(f"{name} (m = {int(h['n_train'].iloc[0])})", fontsize=10)
        axes[0].set_ylabel("training error and its bounds (log scale)")
        axes[0].legend(fontsize=7, loc="lower left")
        fig.suptitle(
            "AdaBoost: training error ≤ Π Z_t ≤ exp(−2Σγ_t²) ≤ exp(−2γ²T) (B1)",
            fontsize=11,
            y=1.02,
        )
    return fig


def plot_exp_loss_descent(history: pd.DataFrame) -> Figure:
    """Figure ``exp_loss_descent`` (B4): the exponential loss per round, and α_t
    against a numerical line search."""
    names = list(dict.fromkeys(history["dataset"]))
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.0)
    with plt.rc_context(STYLE):
        for i, name in enumerate(names):
            h = history[history["dataset"] == name].sort_values("t")
            ax.loglog(h["t"], h["exp_loss"], color=f"C{i}", label=name)
            gap = (h["alpha"] - h["alpha_line"]).abs().clip(lower=1e-17)
            bx.loglog(h["t"], gap, color=f"C{i}", lw=0.8, label=name)
        ax.set_xlabel("round t")
        ax.set_ylabel("(1/m) Σ_i exp(−y_i f_t(x_i))")
        ax.set_title("Coordinate descent: the loss never increases", fontsize=10)
        ax.legend(fontsize=8)
        bx.axhline(1e-6, color="grey", ls=":", label="tolerance 1e-6")
        bx.set_xlabel("round t")
        bx.set_ylabel("|α_t − argmin_α Σ D_t(i) exp(−α y_i h_t(x_i))|")
        bx.set_title("α_t = ½ ln((1 − ε_t)/ε_t) is the exact step", fontsize=10)
        bx.legend(fontsize=8)
        fig.suptitle(
            "AdaBoost is coordinate descent on the exponential loss (B4)", fontsize=11
        )
    return fig


def plot_margin_distribution(margins: pd.DataFrame, history: pd.DataFrame) -> Figure:
    """Figure ``margin_distribution`` (B5): cumulative L1-margin distributions."""
    names = list(dict.fromkeys(margins["dataset"]))
    fig, axes = _dataset_axes(names)
    with plt.rc_context(STYLE):
        for ax, name in zip(axes, names, strict=True):
            part = margins[margins["dataset"] == name]
            ts = sorted(part["t"].unique())
            for i, t in enumerate(ts):
                mg = np.sort(part.loc[part["t"] == t, "margin"].to_numpy())
                cdf = np.arange(1, mg.size + 1) / mg.size
                ax.step(
                    mg,
                    cdf,
                    where="post",
                    color=plt.cm.viridis(i / max(1, len(ts) - 1)),
                    label=f"T = {t}",
                )
            ax.axvline(0, color="grey", lw=0.8)
            ax.set_xlim(-1, 1)
            ax.set_xlabel("margin y f(x) / ‖α‖₁")
            ax.set_title(name, fontsize=10)
            ax.legend(fontsize=8, loc="upper left")
        axes[0].set_ylabel("cumulative fraction of training points")
        fig.suptitle(
            "The margin distribution shifts right as T grows (B5)", fontsize=11, y=1.02
        )
    return fig


def plot_adaboost_train_test(history: pd.DataFrame) -> Figure:
    """Figure ``adaboost_train_test`` (B5, B14): errors vs rounds; the VC bound."""
    names = list(dict.fromkeys(history["dataset"]))
    fig, axes = _dataset_axes(names, extra=1)
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
            ax.legend(fontsize=7)
        axes[0].set_ylabel("error")
        vx = axes[-1]
        h = history[history["dataset"] == names[0]].sort_values("t")
        vx.loglog(h["t"], h["vc_bound"], color="C4")
        vx.set_xlabel("round T")
        vx.set_ylabel("2(d+1)(T+1) log₂((T+1)e), d = 2")
        vx.set_title("VC-dimension bound of F_T (B14)", fontsize=10)
        fig.suptitle(
            "Errors after the training error reaches 0 (B5); capacity of F_T (B14)",
            fontsize=11,
            y=1.02,
        )
    return fig


def plot_margin_bound(margin_bound: pd.DataFrame) -> Figure:
    """Figure ``margin_bound`` (B6): fraction of margins ≤ ρ against the bound."""
    names = list(dict.fromkeys(margin_bound["dataset"]))
    fig, axes = _dataset_axes(names)
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
        axes[0].set_ylabel("Pr_S[y f(x) ≤ ρ‖α‖₁] (solid), bound (dashed)")
        axes[0].legend(fontsize=6)
        fig.suptitle(
            "Margin distribution bound 2^T Π √(ε_t^{1−ρ}(1−ε_t)^{1+ρ}) (B6)",
            fontsize=11,
            y=1.02,
        )
    return fig


def plot_uniform_margin_bound(uniform_margin: pd.DataFrame) -> Figure:
    """Figure ``uniform_margin_bound`` (B17): the margin fraction against T.

    One column per dataset; top row the largest grid ρ below γ (the smallest
    edge of the run), bottom row the smallest grid ρ above it. Each panel:
    the fraction of training margins ≤ ρ, B6's product bound and the uniform
    bound [(1 − 2γ)^{1−ρ}(1 + 2γ)^{1+ρ}]^{T/2} on a log scale; a fraction of 0
    is drawn as a marker on the bottom edge; the dotted line is 1/m (below it
    the fraction must be 0).
    """
    names = list(dict.fromkeys(uniform_margin["dataset"]))
    n = len(names)
    fig, axes = new_figure(2, n, width=3.9 * n, height=7.4, squeeze=False)
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
                    label="B6: 2^T Π √(ε^{1−ρ}(1−ε)^{1+ρ})",
                )
                ax.plot(
                    t,
                    p["uniform_bound"].clip(lower=floor, upper=20),
                    color="C3",
                    lw=1.4,
                    label="[(1−2γ)^{1−ρ}(1+2γ)^{1+ρ}]^{T/2}",
                )
                ax.axhline(1.0 / m, color="grey", ls=":", lw=1, label="1/m")
                ax.set_yscale("log")
                ax.set_ylim(floor, 20)
                ax.set_xlabel("rounds T")
                ax.set_title(f"{name}: ρ = {rho:g} {side} γ = {gamma:.3g}", fontsize=9)
            axes[0][0].set_ylabel("ρ below γ")
            axes[1][0].set_ylabel("ρ above γ")
        axes[0][0].legend(fontsize=6, loc="upper right")
        fig.suptitle(
            "Uniform margin bound, γ = smallest edge of the run (B17; Mohri, "
            "Boosting, 'Margin Distribution', 'Notes')",
            fontsize=11,
            y=1.0,
        )
        fig.tight_layout()
    return fig


def plot_rademacher_margin_bound(bounds: pd.DataFrame) -> Figure:
    """Figure ``rademacher_margin_bound`` (B16): the margin bounds against ρ.

    One panel per dataset: the empirical margin loss R̂_ρ(h), the complexity
    term (2/ρ) R̂_S(H) and the confidence term of the Rademacher bound, their
    sum, the VC bound, and the test error of sign(f_T) with its 95 %
    Clopper–Pearson interval; above 1 a bound is vacuous.
    """
    names = list(dict.fromkeys(bounds["dataset"]))
    fig, axes = _dataset_axes(names, height=4.2)
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
            ax.axhline(1.0, color="grey", lw=0.8)
            ax.text(rho.min(), 1.02, "vacuous above 1", fontsize=7, color="grey")
            ax.set_xscale("log")
            ax.set_ylim(0, top)
            ax.set_xlabel("ρ")
            best = float(p["rad_bound"].min())
            ax.set_title(
                f"{name} (m = {int(first['n_train'])}): min bound {best:.3g}",
                fontsize=9,
            )
        axes[0].set_ylabel("error, bound and its terms (clipped at 2)")
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(
            handles,
            labels,
            fontsize=8,
            loc="upper center",
            ncol=len(labels),
            bbox_to_anchor=(0.5, 0.0),
        )
        fig.suptitle(
            "Margin bounds for conv(stumps) at AdaBoost's f/‖α‖₁ (B16; Mohri, "
            "Boosting, 'Margin Bound - Ensemble Methods')",
            fontsize=11,
            y=1.03,
        )
    return fig


def plot_margin_growth(margins: pd.DataFrame) -> Figure:
    """Figure ``margin_growth`` (B5, B7): AdaBoost's minimum margin against T,
    with the LP maximum ρ* and ρ*/2."""
    names = list(dict.fromkeys(margins["dataset"]))
    fig, axes = _dataset_axes(names)
    with plt.rc_context(STYLE):
        for ax, name in zip(axes, names, strict=True):
            part = margins[margins["dataset"] == name].sort_values("t")
            rho = float(part["rho_star"].iloc[0])
            ax.plot(
                part["t"], part["min_margin"], color="C0", label="AdaBoost min margin"
            )
            ax.axhline(rho, color="C3", label=f"LP maximum ρ* = {rho:.4f}")
            ax.axhline(rho / 2, color="C3", ls="--", label="ρ*/2")
            ax.axhline(0, color="grey", lw=0.8)
            ax.set_xscale("log")
            ax.set_xlabel("round T")
            ax.set_title(
                f"{name}: {int(part['n_hypotheses'].iloc[0])} distinct stumps",
                fontsize=10,
            )
            ax.legend(fontsize=7, loc="lower right")
        axes[0].set_ylabel("min_i y_i f_T(x_i) / ‖α‖₁")
        fig.suptitle(
            "AdaBoost's margin grows towards, but need not reach, the LP maximum (B7)",
            fontsize=11,
            y=1.02,
        )
    return fig


def plot_noise_robustness(rates: pd.DataFrame) -> Figure:
    """Figure ``noise_robustness`` (B12): test error against the noise rate, and
    how well AdaBoost's weights find the flipped labels."""
    t = rates.sort_values("rate")
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.0)
    with plt.rc_context(STYLE):
        ax.plot(
            t["rate"], t["adaboost_test_error"], marker="o", label="AdaBoost (stumps)"
        )
        ax.plot(t["rate"], t["svm_test_error"], marker="s", label="SVM (Gaussian)")
        ax.plot(
            t["rate"],
            t["adaboost_train_error"],
            marker=".",
            ls=":",
            color="C0",
            label="AdaBoost, training error (noisy labels)",
        )
        ax.set_xlabel("fraction of training labels flipped")
        ax.set_ylabel("error on clean test labels")
        ax.set_title(
            f"Test error against label noise (T = {int(t['rounds'].max())})",
            fontsize=10,
        )
        ax.legend(fontsize=8)
        p = t[t["rate"] > 0]
        bx.plot(
            p["rate"],
            p["precision"],
            marker="o",
            color="C2",
            label="precision of the top weights",
        )
        bx.plot(
            p["rate"], p["rate"], ls=":", color="grey", label="random pick (= rate)"
        )
        bx.plot(
            p["rate"],
            (2 * p["rate"]).clip(upper=1),
            ls="--",
            color="grey",
            label="twice the rate",
        )
        bx.set_ylim(0, 1.05)
        bx.set_xlabel("fraction of training labels flipped")
        bx.set_ylabel("flipped among the n_flipped heaviest points")
        bx.set_title("AdaBoost's weights point at the mislabelled points", fontsize=10)
        bx.legend(fontsize=8)
        fig.suptitle("Label noise damages AdaBoost (B12)", fontsize=11)
    return fig


_BOOSTING_COST_PANELS = (
    ("adaboost_vs_m", "against m (N, T fixed)", "m (training points)"),
    ("adaboost_vs_n", "against N (m, T fixed)", "N (features)"),
    ("adaboost_vs_t", "against T (m, N fixed)", "T (rounds)"),
)


def plot_boosting_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> Figure:
    """Figure ``boosting_cost`` (B11): AdaBoost-with-stumps fit time, log-log."""
    fig, axes = new_figure(1, 3, width=12.0, height=4.0, layout="constrained")
    with plt.rc_context(STYLE):
        draw_timings(axes, timings, fits, _BOOSTING_COST_PANELS)
        fig.suptitle("Stump boosting costs O(N m log m) + O(m N T) (B11)", fontsize=11)
    return fig


def _draw_cycle(ax, part: pd.DataFrame, title: str, vmax: float):
    """Heat map of D_t(i) (rows i, columns t), the chosen column j_t on top."""
    ts = sorted(part["t"].unique())
    examples = sorted(part["example"].unique())
    grid = part.pivot(index="example", columns="t", values="weight").loc[examples, ts]
    image = ax.imshow(
        grid.to_numpy(),
        aspect="auto",
        cmap="viridis",
        vmin=0.0,
        vmax=vmax,
        interpolation="none",
    )
    ax.set_xticks(range(len(ts)), [str(t) for t in ts], fontsize=7, rotation=90)
    ax.set_yticks(range(len(examples)), [str(i) for i in examples], fontsize=8)
    ax.grid(False)
    chosen = part.drop_duplicates("t").set_index("t").loc[ts, "column"]
    for k, j in enumerate(chosen):
        ax.text(k, -0.75, f"{int(j)}", ha="center", va="bottom", fontsize=8)
    ax.set_xlabel("round t  (number above: column j_t chosen)")
    ax.set_ylabel("example i")
    ax.set_title(title, fontsize=9, pad=24)
    return image


def plot_margin_cycle(
    lp: pd.DataFrame,
    runs: pd.DataFrame,
    history: pd.DataFrame,
    distributions: pd.DataFrame,
) -> Figure:
    """Figure ``margin_cycle`` (B15): AdaBoost on the 8 × 8 example of Rudin,
    Daubechies and Schapire (2004).

    Left: the L1 margin min_i (Mα)_i / ‖α‖₁ after each round t (log axis)
    from the paper's D_1, from uniform and from random D_1 (thin grey), with
    the LP maximum ρ* and the paper's 1/3. Middle: D_t over the first rounds
    from the paper's D_1, a cycle of period 3. Right: D_t over the last
    rounds from uniform.
    """
    rho = float(lp["rho_star"].iloc[0])
    T = int(runs["n_rounds"].iloc[0])
    fig, axes = new_figure(
        1, 3, width=15.5, height=4.6, gridspec_kw={"width_ratios": [1.6, 1, 1]}
    )
    with plt.rc_context(STYLE):
        ax = axes[0]
        random = [s for s in dict.fromkeys(history["start"]) if s.startswith("random")]
        for k, start in enumerate(random):
            part = history[history["start"] == start]
            ax.plot(
                part["t"],
                part["min_margin"],
                color="0.6",
                lw=0.7,
                label=f"{len(random)} random D_1" if k == 0 else None,
            )
        for start, color, label in (
            ("paper", "C0", "D_1 of Rudin et al."),
            ("uniform", "C1", "uniform D_1"),
        ):
            part = history[history["start"] == start]
            ax.plot(part["t"], part["min_margin"], color=color, lw=0.8, label=label)
        ax.axhline(rho, color="C3", label=f"LP maximum ρ* = {rho:.4g}")
        ax.axhline(1 / 3, color="black", ls="--", lw=1, label="1/3 (the paper's limit)")
        ax.set_xscale("log")
        ax.set_ylim(0.2, 0.39)
        ax.set_xlim(1, T)
        ax.set_xlabel("round t")
        ax.set_ylabel("L1 margin min_i (Mα)_i / ‖α‖₁")
        ax.set_title("AdaBoost's L1 margin (earlier rounds below the axis)", fontsize=9)
        ax.legend(fontsize=7, loc="lower right")
        by_start = runs.set_index("start")
        vmax = float(distributions["weight"].max())
        for axis, start, title in (
            (axes[1], "paper", "D_t from the D_1 of Rudin et al."),
            (axes[2], "uniform", "D_t from uniform D_1, last rounds"),
        ):
            run = by_start.loc[start]
            cycle = (
                f"period {int(run['period'])}, limit {float(run['limit_margin']):.4g}"
                if int(run["period"])
                else "no cycle found"
            )
            image = _draw_cycle(
                axis,
                distributions[distributions["start"] == start],
                f"{title}\n{cycle}",
                vmax,
            )
        fig.colorbar(image, ax=axes[2], fraction=0.05, pad=0.02, label="D_t(i)")
        fig.suptitle(
            "AdaBoost need not maximize the L1 margin: 1/3 instead of 3/8 "
            "(B15; Mohri, Boosting; Rudin, Daubechies and Schapire 2004)",
            fontsize=11,
            y=1.1,
        )
    return fig
