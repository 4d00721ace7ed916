"""Figures of the stepwise_direction experiment, drawn from its tables.

Figure stepwise_direction; its caption is ``stepwise_direction.rst`` beside
this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .._shared.figures import STYLE, new_figure
from .claims import forward_minus_backward

_COLORS = {"forward": "C0", "backward": "C1"}


def _jitter(n: int, width: float = 0.12) -> np.ndarray:
    """Fixed horizontal offsets for n points of a strip (no randomness)."""
    return np.linspace(-width, width, n) if n > 1 else np.zeros(1)


#: What each difference panel draws: the column of ``replicates`` (forward's
#: minus backward's), its y label and its title.
_DIFFERENCES = (
    ("test_mse", "test MSE: forward - backward", "test error"),
    ("models", "models trained: forward - backward", "models trained until the stop"),
)


def _draw_difference(
    ax: Axes, replicates: pd.DataFrame, regimes: list[str], column: str
) -> list[str]:
    """Per regime, forward's ``column`` minus backward's on every replicate
    (dots) and their mean with the t interval over the replicates that S7's
    row of that column reads (:func:`.claims.forward_minus_backward`); returns
    each regime's mean and interval as text."""
    read = []
    for i, regime in enumerate(regimes):
        reps = replicates[replicates["regime"] == regime]
        diff = (reps[f"forward_{column}"] - reps[f"backward_{column}"]).to_numpy()
        ax.plot(i + _jitter(diff.size), diff, "o", color="0.55", ms=3.5, alpha=0.8)
        r = forward_minus_backward(reps, column)
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
        read.append(f"{regime} {r.mean:.3g} [{r.low:.3g}, {r.high:.3g}]")
    ax.axhline(0.0, color="k", lw=0.8)
    return read


def plot_stepwise_direction(replicates: pd.DataFrame, losses: pd.DataFrame) -> Figure:
    """Figure ``stepwise_direction`` (S7). Above, per regime, the difference
    forward − backward of every replicate in test error and in models trained,
    and their mean with the t interval over the replicates that S7's
    test-error and models rows read (:func:`.claims.forward_minus_backward`),
    each titled with them; below, the models each stopped search trained and
    the features each kept.

    ``losses`` (the per-point squared errors) is not drawn: the paired interval
    over the pooled test points, conditional on the training sets drawn, is not
    the verdict's and is given only in the row's quantity.
    """
    regimes = list(dict.fromkeys(replicates["regime"]))
    labels = [_regime_label(replicates, r) for r in regimes]
    fig, axes = new_figure(2, 2, width=12.0, height=8.8)
    with plt.rc_context(STYLE):
        for ax, (column, ylabel, title) in zip(axes[0], _DIFFERENCES, strict=True):
            read = _draw_difference(ax, replicates, regimes, column)
            ax.set_xticks(range(len(regimes)), labels, fontsize=8)
            ax.set_ylabel(ylabel)
            ax.set_title(
                f"{title}, forward - backward (dots: replicates)\n"
                f"mean [95 % t interval]: {'; '.join(read)}",
                fontsize=9,
            )
            ax.legend(fontsize=8, loc="upper left")
        axes[0, 1].yaxis.set_major_locator(MaxNLocator(integer=True))

        for ax, column, ylabel, title in (
            (axes[1, 0], "models", "models trained", "models trained until the stop"),
            (axes[1, 1], "size", "features kept", "features in the kept model"),
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
            ax.set_xticks(range(len(regimes)), labels, fontsize=8)
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_ylabel(ylabel)
            ax.set_title(title, fontsize=10)
            ax.legend(fontsize=8)
        first = replicates.iloc[0]
        fig.suptitle(
            "S7 — forward and backward stepwise with a few or most features "
            f"informative (Shewchuk, Lecture 14, §14.2)\nd = {int(first['d'])}, "
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
