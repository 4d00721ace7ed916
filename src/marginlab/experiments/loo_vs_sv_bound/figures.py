"""Figures of the loo_vs_sv_bound experiment, drawn from its tables.

Figure loo_vs_sv_bound; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from .._shared.figures import C_MARKERS, STYLE, c_label, new_figure
from .._shared.status import STATUS_OK
from .claims import E2_TOLERANCE

#: Decision changes of exactly 0 are drawn here on the log axis.
_FLOOR = 1e-18


def _true(series: pd.Series) -> np.ndarray:
    """Boolean cells as written by pandas or read back from CSV."""
    return series.astype(str).str.strip().str.lower().eq("true").to_numpy()


def e1_title(rows: pd.DataFrame) -> str:
    """E1's panel title: of the configurations measured, how many have a
    leave-one-out error at most #SV/l, as rows E1 read them (not that the
    bound holds)."""
    ok = rows[rows["status"] == STATUS_OK]
    within = int((ok["loo_error"].astype(float) <= ok["sv_bound"].astype(float)).sum())
    return (
        f"E1: LOO ≤ #SV/l in {within} of {len(ok)} configurations measured "
        f"(of {len(rows)})"
    )


def plot_loo_vs_sv_bound(rows: pd.DataFrame, e2: pd.DataFrame) -> Figure:
    """Figure ``loo_vs_sv_bound`` (E1, E2): LOO error against #SV/l.

    Left (E1): one point per measured configuration (dataset × kernel × C),
    the exact leave-one-out error against #SV/l; colour by dataset, marker by
    kernel. The bound holds for points on or under the diagonal. Configurations
    without a solved SVM (hard margin on non-separable data, or SMO at its step
    cap) are counted in the title, not drawn; so are the measured ones on or
    under the diagonal (:func:`e1_title`).

    Right (E2): per configuration, the largest change of the decision function
    max_z |f(z) − f_{−i}(z)| over the removed non-support vectors (log scale;
    exact zeros drawn at 1e-18), against E2's threshold 1e-3. A red cross marks
    a configuration in which a removed point was misclassified (or its retrain
    not solved; such a configuration is drawn at the top, 0.5). Each
    configuration's C labels its tick, on a panel wide enough that
    neighbours do not run into each other.

    Parameters
    ----------
    rows, e2 : DataFrame
        The stacked tables of :func:`.study.loo_configuration`.
    """
    datasets = list(dict.fromkeys(rows["dataset"]))
    kernels = list(dict.fromkeys(rows["kernel"]))
    color = {d: f"C{i % 10}" for i, d in enumerate(datasets)}
    marker = {k: C_MARKERS[i % len(C_MARKERS)] for i, k in enumerate(kernels)}
    fig, (ax, bx) = new_figure(
        1,
        2,
        width=16.0,
        height=5.6,
        layout="constrained",
        gridspec_kw={"width_ratios": [1.0, 1.8]},
    )
    with plt.rc_context(STYLE):
        ok = rows[rows["status"] == STATUS_OK]
        lim = 1.03 * max(
            1e-3,
            float(
                np.nanmax(
                    ok[["sv_bound", "loo_error"]].to_numpy(dtype=float), initial=0.0
                )
            ),
        )
        ax.fill_between(
            [0, lim], [0, lim], [lim, lim], color="#f4cccc", alpha=0.5, lw=0
        )
        ax.plot([0, lim], [0, lim], color="black", lw=1, ls="--")
        for _, r in ok.iterrows():
            ax.scatter(
                r["sv_bound"],
                r["loo_error"],
                color=color[r["dataset"]],
                marker=marker[r["kernel"]],
                s=42,
                edgecolors="black" if np.isinf(float(r["C"])) else "none",
                linewidths=0.8,
                zorder=3,
            )
        ax.set_xlim(0, lim)
        ax.set_ylim(0, lim)
        ax.set_aspect("equal")
        ax.set_xlabel("#SV / l  (support vectors of the SVM on all l points)")
        ax.set_ylabel("exact leave-one-out error")
        skipped = (
            rows[rows["status"] != STATUS_OK]["status"].value_counts().sort_index()
        )
        note = "; ".join(f"{n} {s}" for s, n in skipped.items()) or "none"
        ax.set_title(
            f"{e1_title(rows)}\n(not measured: {note}; red region: LOO > #SV/l)",
            fontsize=9,
        )
        handles = [
            Line2D([], [], ls="", marker="o", color=color[d], label=d) for d in datasets
        ]
        handles += [
            Line2D([], [], ls="", marker=marker[k], color="grey", label=k)
            for k in kernels
        ]
        handles += [
            Line2D([], [], ls="", marker="o", mfc="white", mec="black", label="C = ∞"),
            Line2D([], [], color="black", ls="--", label="LOO = #SV/l"),
        ]
        ax.legend(handles=handles, fontsize=8, loc="upper left")

        change = pd.to_numeric(e2["max_change"], errors="coerce")
        wrong = ~_true(e2["correct"])
        for x, (_, r) in enumerate(rows.iterrows()):
            sel = (
                (e2["dataset"] == r["dataset"])
                & (e2["kernel"] == r["kernel"])
                & (pd.to_numeric(e2["C"]) == float(r["C"]))
            ).to_numpy()
            if not sel.any():
                continue
            worst = change[sel]
            # A retrain that was not solved has no change (NaN): drawn at the top.
            y = 0.5 if worst.isna().any() else max(float(worst.max()), _FLOOR)
            bx.scatter(
                x,
                y,
                color=color[r["dataset"]],
                marker=marker[r["kernel"]],
                s=36,
                zorder=3,
            )
            if wrong[sel].any():
                bx.scatter(x, y, color="red", marker="x", s=110, zorder=4)
        # Thin separators between the datasets' blocks of configurations.
        starts = np.flatnonzero(rows["dataset"].ne(rows["dataset"].shift()).to_numpy())
        for x in starts[1:]:
            bx.axvline(x - 0.5, color="grey", lw=0.8)
        bx.axhline(
            E2_TOLERANCE, color="black", ls=":", label=f"threshold {E2_TOLERANCE:g}"
        )
        bx.set_yscale("log")
        bx.set_ylim(_FLOOR / 10, 1.0)
        # One C per configuration, on a panel wide enough that neighbours
        # stand apart (at 6 pt on a narrower panel they ran into each other,
        # "10 ∞0.1 1"); upright, ∞ would read as 8.
        bx.set_xticks(
            range(len(rows)), [c_label(float(c)) for c in rows["C"]], fontsize=8
        )
        bx.set_xlim(-0.7, len(rows) - 0.3)
        bx.set_xlabel("configuration (C; colour: dataset, marker: kernel)")
        bx.set_ylabel("max over removed non-SVs of max_z |f(z) − f₋ᵢ(z)|")
        bx.set_title(
            f"E2: retrained from scratch without a non-support vector "
            f"({len(e2)} removals;\nexact 0 drawn at {_FLOOR:g}; red × = a "
            "removed point misclassified)",
            fontsize=9,
        )
        bx.legend(fontsize=8, loc="upper left")
        fig.suptitle(
            "Leave-one-out error and support vectors (Huang 2017, problem 5.2)",
            fontsize=11,
        )
    return fig
