"""One figure style and deterministic saving (PNG + PDF without timestamps)."""

from __future__ import annotations

import os
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from .io import atomic_path  # noqa: E402

STYLE = {
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "font.family": "DejaVu Sans",
    "font.size": 10,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "legend.frameon": False,
    "svg.hashsalt": "kernelboost",
    "pdf.compression": 6,
}

#: Metadata that would otherwise embed software versions or the current time.
_METADATA = {
    ".png": {"Software": None},
    ".pdf": {"Creator": None, "Producer": None, "CreationDate": None},
}


def new_figure(
    nrows: int = 1,
    ncols: int = 1,
    *,
    width: float = 6.4,
    height: float = 4.2,
    **kwargs: object,
) -> tuple[Figure, object]:
    """A figure and its axes in the project style (see :data:`STYLE`)."""
    with plt.rc_context(STYLE):
        fig, axes = plt.subplots(nrows, ncols, figsize=(width, height), **kwargs)
    return fig, axes


def save_figure(fig: Figure, *paths: str | os.PathLike[str]) -> None:
    """Save ``fig`` to each path (format from the suffix), then close it.

    The files carry no timestamp or software metadata, so the same figure gives
    the same bytes on every run; each file is written to a temporary name and
    renamed, so a failure never leaves a partial figure behind.
    """
    try:
        with plt.rc_context(STYLE):
            for path in map(Path, paths):
                with atomic_path(path) as tmp:
                    fig.savefig(
                        tmp,
                        metadata=_METADATA.get(path.suffix.lower()),
                        bbox_inches="tight",
                    )
    finally:
        plt.close(fig)


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
