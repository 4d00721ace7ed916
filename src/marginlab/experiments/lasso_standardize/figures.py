"""Figures of the lasso_standardize experiment, drawn from its tables.

Figure lasso_standardize; its caption is ``lasso_standardize.rst`` beside
this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure

_COLORS = {"raw": "C1", "standardized": "C0"}


def _selection_matrix(part: pd.DataFrame, features: list[str]) -> np.ndarray:
    """1 where a row's selected set contains the feature, else 0."""
    return np.array(
        [[f in str(sel).split("+") for f in features] for sel in part["selected"]],
        dtype=float,
    )


def plot_lasso_standardize(
    summary: pd.DataFrame,
    path: pd.DataFrame,
    losses: pd.DataFrame,
    grid_losses: pd.DataFrame,
    units: pd.DataFrame,
) -> Figure:
    """Figure ``lasso_standardize`` (S8), per dataset: CV and test error of the
    raw and the standardized Lasso along λ/α_max with each λ_CV; the features
    each selects after every single-feature change of unit."""
    del losses, grid_losses
    names = list(dict.fromkeys(summary["dataset"]))
    fig, axes = new_figure(
        len(names), 3, width=15.0, height=4.8 * len(names), squeeze=False
    )
    with plt.rc_context(STYLE):
        for row, name in zip(axes, names, strict=True):
            s = summary[summary["dataset"] == name].iloc[0]
            features = str(s["features"]).split("+")
            ax = row[0]
            for variant, color in _COLORS.items():
                p = path[(path["dataset"] == name) & (path["variant"] == variant)]
                p = p.sort_values("step")
                ax.plot(
                    p["alpha_ratio"],
                    p["cv_mse"],
                    "--",
                    color=color,
                    lw=1.2,
                    label=f"{variant}: CV on the training part",
                )
                ax.plot(
                    p["alpha_ratio"],
                    p["test_mse"],
                    "-",
                    color=color,
                    lw=1.6,
                    label=f"{variant}: test",
                )
                c = p[p["chosen"].astype(bool)].iloc[0]
                ax.plot(
                    [c["alpha_ratio"]],
                    [c["test_mse"]],
                    "o",
                    color=color,
                    mec="k",
                    ms=7,
                    label=f"{variant}: lambda_CV, {int(c['n_nonzero'])} features",
                )
            ax.set_xscale("log")
            ax.set_xlabel("lambda / alpha_max")
            ax.set_ylabel("mean squared error")
            ax.set_title(
                f"{name}: {int(s['n_train'])} training, {int(s['n_test'])} test points",
                fontsize=10,
            )
            ax.legend(fontsize=8)
            for ax, variant in zip(row[1:], _COLORS, strict=True):
                part = units[(units["dataset"] == name) & (units["variant"] == variant)]
                matrix = _selection_matrix(part, features)
                ax.imshow(
                    matrix,
                    aspect="auto",
                    cmap="Greys",
                    vmin=0,
                    vmax=1.6,
                    interpolation="nearest",
                )
                base = matrix[0]
                for i, j in zip(*np.nonzero(matrix != base), strict=True):
                    ax.plot(j, i, "x", color="C3", ms=6, mew=1.5)
                ax.set_xticks(range(len(features)))
                ax.set_xticklabels(features, fontsize=8, rotation=90)
                ax.set_yticks(range(len(part)))
                ax.set_yticklabels(
                    [
                        "as given" if f == "(none)" else f"{f} x {g:g}"
                        for f, g in zip(part["feature"], part["factor"], strict=True)
                    ],
                    fontsize=8,
                )
                ax.grid(False)
                moved = int((matrix != base).any(axis=1).sum())
                ax.set_title(
                    f"{variant} Lasso: features selected at lambda_CV (dark)\n"
                    f"{moved} of {len(part) - 1} unit changes move it (x)",
                    fontsize=9,
                )
        fig.suptitle(
            "S8 — the raw and the standardized Lasso, each with lambda chosen by "
            "cross-validation (Shewchuk, Lecture 14, §14.3)",
            fontsize=11,
        )
        fig.tight_layout()
    return fig
