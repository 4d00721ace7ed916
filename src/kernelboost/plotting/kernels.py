"""Figures of the kernel family K1–K14."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..intervals import clopper_pearson, count
from ._base import STYLE, draw_regions, draw_timings, new_figure

_IDENTITY_STYLE = {
    "quadratic": ("(x·x')², φ ∈ R³", "o", "C0"),
    "sequence": ("(1 + x·x')^k, (n+1)^k coordinates", "s", "C1"),
    "sqrt_c": ("(x·x' + c)^d, x0 = √c", "^", "C2"),
    "subset_product": ("Π(1 + x_i x'_i), 2^n coordinates", "D", "C3"),
}


_FLOOR = 1e-18


def plot_kernel_identity(identities: pd.DataFrame, tol: float = 1e-10) -> Figure:
    """Figure ``kernel_identity`` (K1, K15): kernel vs explicit feature map.

    Each point is one (identity, n, degree) against the size of the explicit
    feature map. Left (K1): the relative difference max|K − ΦΦᵀ| / max|K|.
    Right (K15): the relative difference of the squared distances in feature
    space, from the kernel (k(x,x) + k(x',x') − 2k(x,x')) and summed over the
    explicit coordinates. Differences of exactly 0 are drawn at 1e-18.
    """
    fig, axes = new_figure(ncols=2, width=10.0, sharey=True)
    panels = (
        ("max_rel_diff", "max |K − ΦΦᵀ| / max |K|", "k(x, x') = ⟨φ(x), φ(x')⟩ (K1)"),
        (
            "max_rel_diff_distance",
            "max |D_k − D_φ| / max |D_φ|",
            "‖φ(x) − φ(x')‖² from k alone (K15)",
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
            ax.set_yscale("log")
            ax.set_ylim(_FLOOR / 2, 1e-6)
            ax.set_xlabel("dimension of the explicit feature map φ(x)")
            ax.set_ylabel(ylabel)
            ax.set_title(title)
        axes[0].legend(loc="upper left", fontsize=8)
    return fig


def plot_gram_spectra(spectra: pd.DataFrame, tol: float = 1e-10) -> Figure:
    """Figure ``gram_spectra`` (K3): λ_min / Σ|λ| of Gram matrices per function.

    One dot per random sample; valid kernels in blue, non-kernels in red, on a
    symmetric-log axis around the −tol line.
    """
    fig, ax = new_figure(width=7.2)
    with plt.rc_context(STYLE):
        names = list(dict.fromkeys(spectra["function"]))
        for i, name in enumerate(names):
            part = spectra[spectra["function"] == name]
            valid = bool(part["valid_kernel"].iloc[0])
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
        ax.set_title("Mercer: kernels give PSD Gram matrices, non-kernels do not (K3)")
        ax.scatter([], [], color="C0", label="valid kernel (holds if ≥ −1e-10)")
        ax.scatter([], [], color="C3", label="not a kernel (holds if < −1e-10)")
        ax.legend(loc="lower left", fontsize=8)
    return fig


def plot_perceptron_dual(worked: pd.DataFrame, compare: pd.DataFrame) -> Figure:
    """Figure ``perceptron_dual`` (K6): Huang 2017's primal/dual table, reproduced.

    Left: the three points and w after each update. Right: the table (primal w,
    dual α, implicit Σ α_i x_i) and the primal-vs-dual checks on data.
    """
    fig, (ax, tx) = new_figure(
        1, 2, width=10.5, height=4.4, gridspec_kw={"width_ratios": [1, 1.35]}
    )
    with plt.rc_context(STYLE):
        for r in worked.drop_duplicates("index").itertuples(index=False):
            ax.scatter(
                r.x1,
                r.x2,
                s=120,
                marker="o" if r.label > 0 else "s",
                color="C2" if r.label > 0 else "C3",
                zorder=3,
            )
            ax.annotate(
                f"x{r.index} ({r.label:+d})",
                (r.x1, r.x2),
                xytext=(8, 6),
                textcoords="offset points",
            )
        for step, r in enumerate(worked.itertuples(index=False)):
            ax.annotate(
                "",
                (r.w1, r.w2),
                (0, 0),
                arrowprops={"arrowstyle": "->", "color": f"C{step}", "lw": 1.8},
            )
            ax.text(
                r.w1,
                r.w2,
                f"  w after update {r.step}",
                color=f"C{step}",
                fontsize=8,
                va="center",
            )
        ax.set_xlim(-1, 3.2)
        ax.set_ylim(-1.6, 1.6)
        ax.set_aspect("equal")
        ax.set_xlabel("x₁")
        ax.set_ylabel("x₂")
        ax.set_title("Perceptron without bias, cyclic order")
        tx.axis("off")
        cells = [
            [
                f"x{r.index}: {r.label:+d}",
                f"({r.w1:g}, {r.w2:g})",
                f"({r.alpha1:g}, {r.alpha2:g}, {r.alpha3:g})",
                f"({r.wd1:g}, {r.wd2:g})",
            ]
            for r in worked.itertuples(index=False)
        ]
        grid = tx.table(
            cellText=cells,
            colLabels=["update on", "primal w", "dual α", "Σ αᵢ xᵢ"],
            loc="upper center",
            cellLoc="center",
        )
        grid.scale(1.0, 1.6)
        lines = [
            f"{r.dataset} ({r.kernel}): {r.n_mistakes_primal} mistakes each, "
            f"{'same' if r.same_sequence else 'DIFFERENT'} sequence, "
            f"‖w − Σαφ‖ = {r.w_rel_diff:.1e}"
            for r in compare.itertuples(index=False)
        ]
        tx.text(
            0.0,
            0.28,
            "Primal on φ(x) vs dual with k on data:\n" + "\n".join(lines),
            fontsize=8,
            va="top",
            transform=tx.transAxes,
        )
        tx.set_title("Huang 2017's table, recomputed (K6)")
    return fig


def plot_perceptron_xor(epochs: pd.DataFrame, points: pd.DataFrame) -> Figure:
    """Figure ``perceptron_xor`` (K7): XOR with a linear and a quadratic perceptron."""
    fig, (ax, bx) = new_figure(1, 2, width=10.0, height=4.2)
    with plt.rc_context(STYLE):
        for k, (model, part) in enumerate(epochs.groupby("model", sort=False)):
            ax.plot(
                part["epoch"],
                part["train_error"],
                marker="o" if k else None,
                ms=4,
                label=model,
                color=f"C{k}",
            )
        ax.set_xscale("log")
        ax.set_xlabel("epoch")
        ax.set_ylabel("training error at the end of the epoch")
        ax.set_ylim(-0.05, 1.05)
        ax.set_title("Training error on XOR")
        ax.legend()
        lim = 1.1 * float(np.abs(points[["x1", "x2"]]).to_numpy().max()) + 0.2
        g = np.linspace(-lim, lim, 201)
        g1, g2 = np.meshgrid(g, g)
        bx.contourf(
            g1,
            g2,
            np.sign(g1 * g2),
            levels=[-2, 0, 2],
            colors=["#f4cccc", "#d9ead3"],
            alpha=0.8,
        )
        for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
            part = points[points["label"] == label]
            bx.scatter(
                part["x1"],
                part["x2"],
                color=color,
                marker=marker,
                s=18,
                label=f"label {label:+d}",
            )
        w = points["alpha"].to_numpy() @ points[["phi1", "phi2", "phi3"]].to_numpy()
        bx.set_title(
            f"Kernel perceptron: w = ({w[0]:.3g}, {w[1]:.3g}, {w[2]:.3g})"
            "\nin φ = (x₁², √2x₁x₂, x₂²): rule x₁x₂ > 0",
            fontsize=9,
        )
        bx.set_xlabel("x₁")
        bx.set_ylabel("x₂")
        bx.set_aspect("equal")
        bx.legend(loc="upper left", fontsize=8)
    return fig


def plot_gaussian_hypothesis(
    history: pd.DataFrame, curve: pd.DataFrame, bumps: pd.DataFrame
) -> Figure:
    """Figure ``gaussian_hypothesis`` (K9): h(z), its Gaussian bumps, ℓ per epoch."""
    fig, (hx, ax, bx) = new_figure(1, 3, width=14.0, height=4.2)
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
        hx.legend(fontsize=7, loc="center right")
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
        ax.legend(fontsize=8, loc="lower left")
        for method, part in history.groupby("method", sort=True):
            bx.plot(part["epoch"], part["log_likelihood"], label=method)
        bx.set_xscale("log")
        bx.set_xlabel("epoch")
        bx.set_ylabel("log-likelihood ℓ")
        bx.set_title("Gradient ascent, per epoch")
        bx.legend(fontsize=8)
    return fig


def plot_svm_sigma_C_grid(
    summary: pd.DataFrame,
    surface: Sequence[pd.DataFrame],
    points: Sequence[pd.DataFrame],
) -> Figure:
    """Figure ``svm_sigma_C_grid`` (K11): one SMO picture per (σ, C).

    ``surface`` (x1, x2, f) and ``points`` hold one table per panel, in the
    order of ``summary``'s rows. Regions are sign(f); the lines are
    f = −1, 0, +1; support vectors are circled.
    """
    n = len(summary)
    cols = min(n, 3)
    rows = -(-n // cols)
    fig, axes = new_figure(
        rows, cols, width=4.2 * cols, height=4.0 * rows, squeeze=False
    )
    with plt.rc_context(STYLE):
        for k, r in enumerate(summary.itertuples(index=False)):
            ax = axes[k // cols][k % cols]
            grid, train = surface[k], points[k]
            side = int(round(np.sqrt(len(grid))))
            g1 = grid["x1"].to_numpy().reshape(side, side)
            g2 = grid["x2"].to_numpy().reshape(side, side)
            f = grid["f"].to_numpy().reshape(side, side)
            ax.contourf(
                g1,
                g2,
                np.sign(f),
                levels=[-2, 0, 2],
                colors=["#f4cccc", "#d9ead3"],
                alpha=0.8,
            )
            ax.contour(
                g1,
                g2,
                f,
                levels=[-1, 0, 1],
                colors="black",
                linestyles=["--", "-", "--"],
                linewidths=[0.8, 1.4, 0.8],
            )
            for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
                part = train[train["label"] == label]
                ax.scatter(
                    part["x1"], part["x2"], color=color, marker=marker, s=14, zorder=3
                )
            sv = train[train["support"]]
            ax.scatter(
                sv["x1"],
                sv["x2"],
                s=70,
                facecolors="none",
                edgecolors="black",
                linewidths=1.0,
                zorder=4,
            )
            c = "∞" if np.isinf(r.C) else f"{r.C:g}"
            ax.set_title(
                f"σ = {r.sigma:g}, C = {c}\n{r.n_kernel_evals:,} kernel evals"
                f" · {r.n_sv} SV\nmargin {r.margin:.4f} · training error "
                f"{r.train_error:.3f}",
                fontsize=9,
            )
            ax.set_xticks([])
            ax.set_yticks([])
            ax.grid(False)
        for k in range(n, rows * cols):
            axes[k // cols][k % cols].axis("off")
        fig.suptitle(
            "SMO: Gaussian-kernel SVM for σ and C (K11); "
            "circled points are support vectors",
            fontsize=11,
        )
    return fig


def plot_feature_lift(summary: pd.DataFrame, points: pd.DataFrame) -> Figure:
    """Figure ``feature_lift`` (K4), after Mądry 2012, Fig. 1.

    Left: the data in R² with the best linear boundary. Middle: φ(x) in R³ and
    the separating plane. Right: the plane mapped back, an ellipse in R².
    """
    with plt.rc_context(STYLE):
        fig = plt.figure(figsize=(14.0, 4.6))
        ax = fig.add_subplot(1, 3, 1)
        zx = fig.add_subplot(1, 3, 2, projection="3d")
        ex = fig.add_subplot(1, 3, 3)
        r2 = summary[summary["space"] == "R2"].iloc[0]
        r3 = summary[summary["space"] == "R3"].iloc[0]
        lo = points[["x1", "x2"]].to_numpy().min() - 0.3
        hi = points[["x1", "x2"]].to_numpy().max() + 0.3
        g = np.linspace(lo, hi, 300)
        g1, g2 = np.meshgrid(g, g)
        for axis in (ax, ex):
            for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
                part = points[points["label"] == label]
                axis.scatter(part["x1"], part["x2"], color=color, marker=marker, s=12)
            axis.set_aspect("equal")
            axis.set_xlabel("x₁")
            axis.set_ylabel("x₂")
        ax.contour(
            g1, g2, r2["w1"] * g1 + r2["w2"] * g2 + r2["b"], levels=[0], colors="black"
        )
        ax.set_title(
            f"R²: no line separates them\n(LP t* = {r2['lp_t']:.3g}; linear "
            f"SVM training error {r2['train_error']:.3f})",
            fontsize=9,
        )
        for label, color, marker in ((1, "C2", "o"), (-1, "C3", "s")):
            part = points[points["label"] == label]
            zx.scatter(
                part["z1"],
                part["z2"],
                part["z3"],
                color=color,
                marker=marker,
                s=8,
                depthshade=False,
            )
        z1 = np.linspace(points["z1"].min(), points["z1"].max(), 12)
        z3 = np.linspace(points["z3"].min(), points["z3"].max(), 12)
        p1, p3 = np.meshgrid(z1, z3)
        p2 = -(r3["w1"] * p1 + r3["w3"] * p3 + r3["b"]) / r3["w2"]
        inside = (p2 >= points["z2"].min() - 1) & (p2 <= points["z2"].max() + 1)
        zx.plot_surface(p1, np.where(inside, p2, np.nan), p3, alpha=0.3, color="C0")
        zx.set_xlabel("z₁ = x₁²")
        zx.set_ylabel("z₂ = √2·x₁x₂")
        zx.set_zlabel("z₃ = x₂²")
        zx.view_init(elev=18, azim=-60)
        zx.set_box_aspect(None, zoom=0.8)
        zx.set_title(
            f"R³: φ(x) and a separating plane\n(LP t* = {r3['lp_t']:.3g}; "
            f"training error {r3['train_error']:.3f})",
            fontsize=9,
        )
        quad = (
            r3["w1"] * g1**2
            + r3["w2"] * np.sqrt(2.0) * g1 * g2
            + r3["w3"] * g2**2
            + r3["b"]
        )
        ex.contour(g1, g2, quad, levels=[0], colors="C0", linewidths=2)
        ex.set_title(
            "The plane back in R²: the ellipse\nw₁x₁² + √2w₂x₁x₂ + w₃x₂² + b = 0",
            fontsize=9,
        )
        fig.suptitle("Lifting makes the data linearly separable (K4)", fontsize=11)
        fig.subplots_adjust(wspace=0.35)
    return fig


def plot_pegasos_convergence(checkpoints: pd.DataFrame) -> Figure:
    """Figure ``pegasos_convergence`` (K13): relative primal gap against T."""
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.0)
    with plt.rc_context(STYLE):
        t = checkpoints["t"].to_numpy()
        ax.plot(t, checkpoints["objective"], marker="o", ms=3, label="Pegasos P(w_t)")
        ax.axhline(
            float(checkpoints["optimum"].iloc[0]),
            color="black",
            ls="--",
            label="SVM optimum P* (SMO, no bias)",
        )
        ax.set_xscale("log")
        ax.set_xlabel("step t")
        ax.set_ylabel("P(w) = λ/2‖w‖² + mean hinge")
        ax.set_title("Primal objective")
        ax.legend(fontsize=8)
        gap = checkpoints["rel_gap"].to_numpy()
        bx.loglog(
            t,
            np.where(gap > 0, gap, np.nan),
            marker="o",
            ms=3,
            label="(P(w_t) − P*)/P*",
        )
        ref = np.log(t) / t
        bx.loglog(
            t,
            ref * gap[-1] / ref[-1],
            color="grey",
            ls=":",
            label="∝ log t / t (theory)",
        )
        bx.axhline(1e-2, color="black", ls="--", lw=1, label="1 % (claim)")
        bx.set_xlabel("step t")
        bx.set_ylabel("relative gap")
        bx.set_title("Kernelized Pegasos converges to the SVM optimum (K13)")
        bx.legend(fontsize=8)
    return fig


def _proportion_bars(rates: pd.Series, n: pd.Series) -> np.ndarray:
    """Distances from each rate k/n to the ends of its 95 % Clopper–Pearson
    interval (:func:`kernelboost.intervals.clopper_pearson`, as the claims)."""
    values = rates.to_numpy(dtype=float)
    ends = np.array(
        [
            clopper_pearson(count(rate, int(m)), int(m))
            for rate, m in zip(values, n.to_numpy(), strict=True)
        ]
    ).reshape(-1, 2)
    return np.vstack([values - ends[:, 0], ends[:, 1] - values])


def plot_poly_degree(degrees: pd.DataFrame) -> Figure:
    """Figure ``poly_degree`` (K12): errors, margin/R and overfitting vs the degree.

    Left: training and test error on the separable-ish dataset (role
    ``"data"``), hard-margin degrees shaded. Middle: the margin γ = 1/‖w‖
    divided by the data radius R = max_i √k(x_i, x_i), with γ alone for
    comparison. Right: training and test error on the noisy dataset, the test
    error with its 95 % Clopper–Pearson interval.
    """
    fig, (ax, bx, cx) = new_figure(1, 3, width=14.5, height=4.2)
    with plt.rc_context(STYLE):
        t = degrees.sort_values(["role", "degree"], kind="stable")
        base, noisy = t[t["role"] == "data"], t[t["role"] == "noisy"]
        ax.plot(base["degree"], base["train_error"], marker="o", label="training")
        ax.plot(base["degree"], base["test_error"], marker="s", label="test")
        separable = base["separable"].astype(str) == "True"
        sep = base[separable]
        if len(sep):
            ax.axvspan(
                sep["degree"].min() - 0.5,
                base["degree"].max() + 0.5,
                color="C2",
                alpha=0.08,
                label="separable (hard margin)",
            )
        ax.set_xlabel("degree d of (1 + x·x')^d")
        ax.set_ylabel("error")
        ax.set_title(f"{base['dataset'].iloc[0]}: errors", fontsize=10)
        ax.legend(fontsize=8)
        bx.semilogy(
            base["degree"],
            base["margin_over_radius"],
            marker="o",
            color="C4",
            label="γ/R (one scale for all d)",
        )
        bx.semilogy(
            base["degree"],
            base["margin"],
            marker=".",
            ls="--",
            color="grey",
            label="γ alone (each feature space's scale)",
        )
        for r in base[~separable].itertuples(index=False):
            bx.annotate(
                f"soft, C={r.C:g}",
                (r.degree, r.margin_over_radius),
                fontsize=7,
                xytext=(4, 4),
                textcoords="offset points",
            )
        bx.set_xlabel("degree d")
        bx.set_ylabel("γ/R, R = max_i √k(x_i, x_i)")
        bx.set_title(f"{base['dataset'].iloc[0]}: margin / radius", fontsize=10)
        bx.legend(fontsize=8, loc="best")
        if len(noisy):
            cx.plot(noisy["degree"], noisy["train_error"], marker="o", label="training")
            cx.errorbar(
                noisy["degree"],
                noisy["test_error"],
                yerr=_proportion_bars(noisy["test_error"], noisy["n_test"]),
                marker="s",
                capsize=2,
                label=f"test (95 % interval, {int(noisy['n_test'].iloc[0])} points)",
            )
            cx.set_title(
                f"{noisy['dataset'].iloc[0]}: does the largest degree overfit?",
                fontsize=10,
            )
        cx.set_xlabel("degree d")
        cx.set_ylabel("error")
        cx.legend(fontsize=8, loc="best")
        for axis in (ax, bx, cx):
            axis.xaxis.set_major_locator(MaxNLocator(integer=True))
        fig.suptitle(
            "Polynomial degree: separability, margin, overfitting (K12)", fontsize=11
        )
    return fig


def plot_representer(iterates: pd.DataFrame, tol: float = 1e-6) -> Figure:
    """Figure ``representer`` (K5): the part of w outside span ψ(x_i) vanishes."""
    fig, (ax, bx) = new_figure(1, 2, width=10.5, height=4.0)
    with plt.rc_context(STYLE):
        last = iterates.iloc[-1]
        ax.semilogy(iterates["iteration"], iterates["orth_ratio"], color="C3")
        ax.axhline(tol, color="black", ls="--", lw=1, label=f"claim: ≤ {tol:g}")
        ax.set_xlabel("L-BFGS iteration")
        ax.set_ylabel("‖w − Πw‖ / ‖w‖")
        ax.set_title(
            f"Component of w outside span ψ(xᵢ) (m = {int(last['n_samples'])},"
            f" D = {int(last['dimension'])})",
            fontsize=10,
        )
        ax.legend(fontsize=8)
        bx.semilogy(
            iterates["iteration"],
            iterates["objective"] - last["objective"] + 1e-16,
            color="C0",
        )
        bx.set_xlabel("L-BFGS iteration")
        bx.set_ylabel("J(w) − J(w*)")
        bx.set_title("Primal objective ½‖w‖² + C Σ squared hinge", fontsize=10)
        fig.suptitle(
            "Representer theorem: the optimum lies in the span of the "
            "mapped samples (K5)",
            fontsize=11,
        )
    return fig


def plot_sigma_bias_variance(
    errors: pd.DataFrame, regions: pd.DataFrame, points: pd.DataFrame
) -> Figure:
    """Figure ``sigma_bias_variance`` (K10): regions, errors and boundary vs σ.

    The middle bottom panel shows, against σ, the agreement of the SVM with
    1-NN on the test points the kernel decides (|s(x)| ≥ τ|b|, with its 95 %
    Clopper–Pearson interval), on all test points, and the fraction of test
    points decided by the intercept b.
    """
    shown = list(dict.fromkeys(regions["sigma"]))
    fig = plt.figure(figsize=(3.6 * len(shown), 7.6), layout="constrained")
    with plt.rc_context(STYLE):
        n = len(shown)
        grid = fig.add_gridspec(2, 3 * n)
        train = points[points["train"]]
        e = errors.sort_values("sigma")
        chosen = e[e["chosen"].astype(str) == "True"].iloc[0]
        for i, sigma in enumerate(shown):
            ax = fig.add_subplot(grid[0, 3 * i : 3 * i + 3])
            draw_regions(ax, regions[regions["sigma"] == sigma], train)
            if sigma == 0:
                ax.set_title("1-NN (the σ → 0 limit)", fontsize=9)
                continue
            row = e[e["sigma"] == sigma].iloc[0]
            tag = " (CV choice)" if sigma == chosen["sigma"] else ""
            ax.set_title(
                f"σ = {sigma:g}{tag}: train {row['train_error']:.3f}, "
                f"test {row['test_error']:.3f}\nagreement with 1-NN "
                f"{row['knn1_agreement']:.3f}; b decides "
                f"{row['intercept_decided']:.2f}",
                fontsize=9,
            )
        ex, ax, bx = (fig.add_subplot(grid[1, j * n : (j + 1) * n]) for j in range(3))
        ex.plot(e["sigma"], e["train_error"], marker="o", ms=3, label="training")
        ex.plot(e["sigma"], e["test_error"], marker="s", ms=3, label="test")
        ex.errorbar(
            e["sigma"],
            e["cv_error"],
            yerr=e["cv_std"],
            marker="^",
            ms=3,
            capsize=2,
            label="cross-validation (± fold std)",
        )
        ex.axvline(chosen["sigma"], color="grey", ls=":", label="CV choice")
        ex.set_xscale("log")
        ex.set_xlabel("σ")
        ex.set_ylabel("error")
        ex.set_title(f"Errors against σ (C = {float(e['C'].iloc[0]):g})", fontsize=9)
        ex.legend(fontsize=7)
        kernel = e[e["n_kernel_decided"] > 0]
        ax.errorbar(
            kernel["sigma"],
            kernel["knn1_agreement_kernel"],
            yerr=_proportion_bars(
                kernel["knn1_agreement_kernel"], kernel["n_kernel_decided"]
            ),
            marker="o",
            ms=3,
            capsize=2,
            color="C5",
            label="agreement with 1-NN where the kernel decides (95 % interval)",
        )
        ax.plot(
            e["sigma"],
            e["knn1_agreement"],
            marker=".",
            ls="--",
            color="C5",
            alpha=0.6,
            label="agreement with 1-NN, all test points",
        )
        ax.plot(
            e["sigma"],
            e["intercept_decided"],
            marker="x",
            ms=4,
            color="grey",
            label=f"decided by b: |s(x)| < {float(e['negligible'].iloc[0]):g}|b|",
        )
        ax.set_xscale("log")
        ax.set_xlabel("σ")
        ax.set_ylabel("fraction of test points")
        ax.set_title("Agreement with 1-NN; points decided by b", fontsize=9)
        ax.legend(fontsize=7)
        bx.plot(e["sigma"], e["boundary_length"], marker="o", ms=3, color="C4")
        bx.set_xscale("log")
        bx.set_xlabel("σ")
        bx.set_ylabel("decision boundary length (data units)")
        bx.set_title("Small σ: wiggly boundary; large σ: smooth", fontsize=9)
        fig.suptitle("σ trades bias for variance (K10)", fontsize=11)
    return fig


def plot_knn_k(
    errors: pd.DataFrame, regions: pd.DataFrame, points: pd.DataFrame
) -> Figure:
    """Figure ``knn_k`` (K14): k-NN regions for a few k, and errors against k."""
    ks = list(dict.fromkeys(regions["k"]))
    fig, axes = new_figure(1, len(ks) + 1, width=3.9 * (len(ks) + 1), height=4.0)
    with plt.rc_context(STYLE):
        train = points[points["train"]]
        for ax, k in zip(axes[:-1], ks, strict=True):
            draw_regions(ax, regions[regions["k"] == k], train)
            row = errors[errors["k"] == k].iloc[0]
            ax.set_title(
                f"K = {k}: training error {row['train_error']:.3f},\n"
                f"test error {row['test_error']:.3f}",
                fontsize=9,
            )
        ex = axes[-1]
        e = errors.sort_values("k")
        ex.plot(e["k"], e["train_error"], marker="o", ms=3, label="training error")
        ex.plot(e["k"], e["test_error"], marker="s", ms=3, label="test error")
        if "loo_error" in e:
            ex.plot(
                e["k"], e["loo_error"], marker="^", ms=3, label="leave-one-out (E4)"
            )
        ex.axhline(
            float(e["majority_test_error"].iloc[-1]),
            color="grey",
            ls=":",
            label="majority class (test)",
        )
        ex.set_xscale("log")
        ex.set_xlabel("k")
        ex.set_ylabel("error")
        ex.set_title("Errors against k (k = N: majority)", fontsize=9)
        ex.legend(fontsize=7)
        fig.suptitle(
            "k-NN: small k overfits, large k underfits (K14)", fontsize=11, y=1.06
        )
    return fig


_COST_PANELS = (
    ("feature_vs_kernel", "K2: one kernel value, degree d", "n (input dimension)"),
    ("gram_vs_m", "K8: Gram matrix of ⟨x, x'⟩², d fixed", "n (samples)"),
    ("gram_vs_d", "K8: Gram matrix of ⟨x, x'⟩², n fixed", "d (features)"),
    ("predict_vs_m", "K8: prediction per test point", "n (training samples)"),
)


def plot_kernel_cost(timings: pd.DataFrame, fits: pd.DataFrame) -> Figure:
    """Figure ``kernel_cost`` (K2, K8): wall time against size, log-log.

    Every curve is labelled with its fitted exponent (the slope in log-log).
    """
    fig, axes = new_figure(2, 2, width=10.5, height=8.0, layout="constrained")
    with plt.rc_context(STYLE):
        draw_timings(axes.ravel(), timings, fits, _COST_PANELS)
        fig.suptitle(
            "Cost of kernels against explicit feature maps (K2, K8)", fontsize=11
        )
    return fig
