"""Claim rows of S5, from the stepwise_stopping experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import mean_interval
from .._shared.rows import ClaimRow

#: S5's two test comparisons of the stopped model: column of the other
#: model's losses, row title, what the other model is, relation.
S5_COMPARISONS = (
    (
        "all",
        "stopping when the validation error rises beats all features",
        "the all-features model",
        "<",
    ),
    (
        "best",
        "the stopped model is the best of the forward path on test",
        "the path's test-best model",
        "<=",
    ),
)


def s5_stepwise_stopping(
    curve: pd.DataFrame, summary: pd.DataFrame, losses: pd.DataFrame
) -> list[ClaimRow]:
    """S5: forward stepwise stopped when the validation error rises.

    Parameters
    ----------
    curve, summary, losses : DataFrame
        From :func:`.study.stepwise_stopping_tables`,
        stacked over datasets (first column ``dataset``).

    Returns
    -------
    list of ClaimRow
        Per dataset:

        - check: models trained by the stopped search ``==``
          forward_model_count(d, s), s the step that stopped it (d if none).
          A check, not evidence: the count is ``len(models)`` of the search's
          own loop, which tries d − t + 1 features at step t by construction;
        - empirical: mean test loss of the kept model minus of the all-features
          model, ``< 0``, with the paired t interval of the per-point
          difference of squared errors (stopping avoids overfitting);
        - empirical: mean test loss of the kept model minus of the model of
          smallest test error on the full path, ``<= 0`` (holds only when the
          rule keeps that model; not resolved when the interval straddles 0;
          the minimum is chosen on the test points, which favours it);
        - illustration: the size kept, beside the CV minimum and the test
          minimum of the full path.
    """
    source = "Shewchuk, Lecture 14, §14.2 'Subset Selection'"
    rows = []
    for name, s in summary.groupby("dataset", sort=False):
        s = s.iloc[0]
        part = losses[losses["dataset"] == name]
        path = curve[curve["dataset"] == name].sort_values("size")
        d, kept = int(s["d"]), int(s["kept_size"])
        stop = int(s["stop_step"])
        stopped_at = f"step {stop}" if stop <= d else "never (full path)"
        where = (
            f"{name} ({int(s['n_train'])} training points, {int(s['n_test'])} test "
            f"points, d = {d}), {int(s['n_splits'])}-fold CV on the training part"
        )
        common = dict(source=source, dataset=where)
        mse = (
            f"test MSE kept ({kept} features) {float(s['test_mse_kept']):.4g}, "
            f"all {d} features {float(s['test_mse_all']):.4g}, path minimum "
            f"({int(s['test_min_size'])} features) {float(s['test_mse_min']):.4g}"
        )
        cv = path["cv_mse"].to_numpy()
        rows.append(
            ClaimRow(
                title="forward stepwise stopped at step s trains the truncated count",
                quantity=f"models trained; the CV error first rose at {stopped_at}: "
                f"forward_model_count(d, {min(stop, d)}) = "
                f"{int(s['formula_models'])} (full path {int(s['n_models_full'])})",
                measured=float(s["n_models"]),
                bound=float(s["formula_models"]),
                relation="==",
                # len(models) of the search's own loop: equal to the formula
                # by construction (a check of the tool).
                kind="check",
                **common,
            )
        )
        rows += [
            ClaimRow(
                title=title,
                quantity="mean over test points of (squared error of the kept "
                f"model - of {other}), paired t interval; {mse}",
                **mean_interval(part["kept"] - part[column]).fields(),
                bound=0.0,
                relation=relation,
                kind="empirical",
                **common,
            )
            for column, title, other, relation in S5_COMPARISONS
        ]
        rows.append(
            ClaimRow(
                title="the validation curve of forward stepwise",
                quantity=f"features kept by the rule; CV MSE from {cv[0]:.4g} (no "
                f"feature) to {cv[kept]:.4g} at the stop, {cv[-1]:.4g} with all "
                f"{d}; CV minimum of the full path at "
                f"{int(s['cv_min_size'])} features, test minimum at "
                f"{int(s['test_min_size'])}",
                measured=float(kept),
                bound=float("nan"),
                relation="n/a",
                kind="illustration",
                **common,
            )
        )
    return rows
