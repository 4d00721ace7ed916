"""Figures of the stepwise_direction experiment, drawn from its tables.

Figure stepwise_direction; its caption is ``stepwise_direction.rst`` beside
this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure
from .claims import forward_minus_backward

_COLORS = {"forward": "C0", "backward": "C1"}


def _jitter(n: int, width: float = 0.12) -> np.ndarray:
    """Fixed horizontal offsets for n points of a strip (no randomness)."""
    return np.linspace(-width, width, n) if n > 1 else np.zeros(1)


def plot_stepwise_direction(replicates: pd.DataFrame, losses: pd.DataFrame) -> Figure:
    """Figure ``stepwise_direction`` (S7): per regime, the test-error
    difference forward − backward of every replicate, and their mean with the
    t interval over the replicates that S7's test-error row reads
    (:func:`.claims.forward_minus_backward`); the models each stopped search
    trained; the features each kept.

    ``losses`` (the per-point squared errors) is not drawn: the paired interval
    over the pooled test points, conditional on the training sets drawn, is not
    the verdict's and is given only in the row's quantity.
    """
    regimes = list(dict.fromkeys(replicates["regime"]))
    fig, axes = new_figure(1, 3, width=15.0, height=4.6)
    with plt.rc_context(STYLE):
        ax = axes[0]
        for i, regime in enumerate(regimes):
            reps = replicates[replicates["regime"] == regime]
            diff = (reps["forward_test_mse"] - reps["backward_test_mse"]).to_numpy()
            ax.plot(i + _jitter(diff.size), diff, "o", color="0.55", ms=3.5, alpha=0.8)
            r = forward_minus_backward(reps)
            ax.errorbar(
                [i + 0.3],
                [r.mean],
                yerr=[[r.mean - r.low], [r.high - r.mean]],
                fmt="D",
                color="C3",
                capsize=4,
                label=(
                    "mean over replicates, 95 % t interval\nover the "
                    f"{diff.size} replicates (what the rows read)"
                    if i == 0
                    else None
                ),
            )
        ax.axhline(0.0, color="k", lw=0.8)
        ax.set_xticks(range(len(regimes)))
        ax.set_xticklabels([_regime_label(replicates, r) for r in regimes], fontsize=8)
        ax.set_ylabel("test MSE: forward - backward")
        ax.set_title("test error (dots: replicates)", fontsize=10)
        ax.legend(fontsize=8, loc="upper left")

        for ax, column, ylabel, title in (
            (axes[1], "models", "models trained", "models trained until the stop"),
            (axes[2], "size", "features kept", "features in the kept model"),
        ):
            for i, regime in enumerate(regimes):
                reps = replicates[replicates["regime"] == regime]
                for offset, name in ((-0.18, "forward"), (0.18, "backward")):
                    values = reps[f"{name}_{column}"].to_numpy()
                    ax.plot(
                        i + offset + _jitter(values.size, 0.08),
                        values,
                        "o",
                        color=_COLORS[name],
                        ms=3.5,
                        alpha=0.8,
                        label=f"{name} stepwise" if i == 0 else None,
                    )
                first = reps.iloc[0]
                if column == "models":
                    level, text = int(first["full_models"]), "full path d(d+1)/2"
                else:
                    level, text = int(first["n_informative"]), "informative"
                ax.hlines(
                    level,
                    i - 0.35,
                    i + 0.35,
                    color="k",
                    lw=1.2,
                    linestyles="--",
                    label=text if i == 0 else None,
                )
            ax.set_xticks(range(len(regimes)))
            ax.set_xticklabels(
                [_regime_label(replicates, r) for r in regimes], fontsize=8
            )
            ax.set_ylabel(ylabel)
            ax.set_title(title, fontsize=10)
            ax.legend(fontsize=8)
        first = replicates.iloc[0]
        fig.suptitle(
            "S7 — forward stepwise for a few good predictors, backward for many "
            f"(Shewchuk, Lecture 14, §14.2); d = {int(first['d'])}, "
            f"{int(first['n_train'])} training points, "
            f"{len(replicates) // len(regimes)} replicates per regime",
            fontsize=11,
        )
        fig.tight_layout()
    return fig


def _regime_label(replicates: pd.DataFrame, regime: str) -> str:
    reps = replicates[replicates["regime"] == regime].iloc[0]
    return (
        f"{regime}: {int(reps['n_informative'])} of {int(reps['d'])} informative\n"
        f"(lecture: {reps['favoured']} better)"
    )
