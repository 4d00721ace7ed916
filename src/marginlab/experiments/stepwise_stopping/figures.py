"""Figures of the stepwise_stopping experiment, drawn from its tables.

Figure stepwise_stopping; each caption is ``<figure>.rst`` beside this file.
"""

from __future__ import annotations

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from .._shared.figures import STYLE, count_steps, never_or_count, new_figure


def past_the_kept(curve: pd.DataFrame, kept: int, best: int) -> str:
    """What the test curve does from the kept model on, counted from the
    table rather than asserted: at how many of the steps after ``kept``
    features its test MSE falls (:func:`~.._shared.figures.count_steps`), and
    at how many features the path's test minimum lies (``best``).

    Parameters
    ----------
    curve : DataFrame
        One dataset's rows of the ``curve`` table (``size``, ``test_mse``).
    kept : int
        The features of the kept model.
    best : int
        The features of the path's model of smallest test MSE.

    Examples
    --------
    >>> c = pd.DataFrame({"size": [0, 1, 2, 3], "test_mse": [5.0, 4.0, 4.5, 3.0]})
    >>> past_the_kept(c, 1, 3)
    'test MSE past the kept model falls at 1 of 2 steps; lowest at 3 features'
    """
    after = curve[curve["size"] >= kept].sort_values("size")["test_mse"]
    k, n = count_steps(after.to_numpy(), "down")
    trend = (
        f"test MSE past the kept model {never_or_count('falls', k, n)}"
        if n
        else "the kept model has every feature"
    )
    return f"{trend}; lowest at {best} features"


def plot_stepwise_stopping(
    curve: pd.DataFrame, summary: pd.DataFrame, losses: pd.DataFrame
) -> Figure:
    """Figure ``stepwise_stopping`` (S5): validation and test error of forward
    stepwise selection against the number of features, per dataset, with the
    step where the validation error first rose and the model kept; each title
    counts the steps at which the test error falls past the kept model
    (:func:`past_the_kept`)."""
    del losses
    names = list(dict.fromkeys(summary["dataset"]))
    fig, axes = new_figure(
        1, len(names), width=5.6 * len(names), height=4.4, squeeze=False
    )
    with plt.rc_context(STYLE):
        for ax, name in zip(axes[0], names, strict=True):
            c = curve[curve["dataset"] == name].sort_values("size")
            s = summary[summary["dataset"] == name].iloc[0]
            d, kept, stop = int(s["d"]), int(s["kept_size"]), int(s["stop_step"])
            ax.plot(
                c["size"],
                c["cv_mse"],
                "o-",
                color="C0",
                ms=3.5,
                label=f"validation ({int(s['n_splits'])}-fold CV on the training part)",
            )
            ax.plot(
                c["size"],
                c["test_mse"],
                "s-",
                color="C1",
                ms=3.5,
                label=f"test ({int(s['n_test'])} held-out points)",
            )
            ax.axvline(
                kept,
                color="C3",
                lw=1.4,
                label=f"kept: {kept} features, "
                f"test MSE {float(s['test_mse_kept']):.4g}",
            )
            if stop <= d:
                rise = c[c["size"] == stop]
                ax.plot(
                    rise["size"],
                    rise["cv_mse"],
                    "x",
                    color="C3",
                    ms=10,
                    mew=2,
                    label=f"step {stop}: validation error rose, search stopped",
                )
            best = int(s["test_min_size"])
            ax.plot(
                [best],
                [float(s["test_mse_min"])],
                "*",
                color="k",
                ms=11,
                label=f"test minimum on the path ({best} features)",
            )
            ax.plot(
                [d],
                [float(s["test_mse_all"])],
                "D",
                color="C1",
                mec="k",
                ms=6,
                label=f"all {d} features, test MSE {float(s['test_mse_all']):.4g}",
            )
            ax.set_xlabel("features in the model (forward stepwise order)")
            ax.set_ylabel("mean squared error")
            ax.set_title(
                f"{name} ({int(s['n_train'])} training points, d = {d})\n"
                + past_the_kept(c, kept, best),
                fontsize=10,
            )
            ax.legend(fontsize=8)
        fig.suptitle(
            "S5 — forward stepwise: add the best feature until the validation "
            "error rises (Shewchuk, Lecture 14, §14.2)",
            fontsize=11,
        )
        fig.tight_layout()
    return fig
