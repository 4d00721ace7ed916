"""Figures of the losses experiment, drawn from its tables.

Figure losses; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, new_figure

_LOSS_STYLE = {
    "exponential": ("exp(−u)  (AdaBoost)", "C0"),
    "logistic": ("log₂(1 + exp(−u))  (logistic)", "C1"),
    "hinge": ("max(1 − u, 0)  (hinge, SVM)", "C2"),
    "square": ("(1 − u)²·1{u ≤ 1}  (square)", "C3"),
}


def losses_title(curves: pd.DataFrame) -> str:
    """The title: how many of the drawn surrogates stay ≥ 1{u < 0} on every
    point of the margin grid, as rows B13 read them (not that they do)."""
    wide = curves.pivot(index="margin", columns="loss", values="value")
    drawn = [loss for loss in _LOSS_STYLE if loss in wide]
    above = sum(bool((wide[loss] >= wide["zero_one"]).all()) for loss in drawn)
    return (
        f"Surrogate losses against the zero-one loss (B13): {above} of "
        f"{len(drawn)} ≥ 1{{u < 0}} on the grid"
    )


def plot_losses(curves: pd.DataFrame, ymax: float = 4.0) -> Figure:
    """Figure ``losses`` (B13): each surrogate loss against the zero-one loss.

    Parameters
    ----------
    curves : DataFrame
        Columns ``margin, loss, value`` (see
        :func:`marginlab.theory.losses.loss_curves`).
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
        ax.set_title(losses_title(curves), fontsize=10)
        ax.legend(loc="upper right")
    return fig
