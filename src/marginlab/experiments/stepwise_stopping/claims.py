"""Claim rows of S5, from the stepwise_stopping experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import mean_interval
from .._shared.rows import ClaimRow


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
        - illustration: mean test loss of the kept model minus of the model
          of smallest test error on the full path, with its paired t interval
          in the quantity and no verdict. The path's test-best model is
          chosen on the same test points, so the difference is ≥ 0 by
          construction (0 only when the rule keeps that very model): no data
          could show the stopped model better, and the lecture does not say
          the rule finds the test-best model;
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
                name=f"models/{name}",
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
        gap = mean_interval(part["kept"] - part["best"])
        rows += [
            ClaimRow(
                name=f"vs_all/{name}",
                title="stopping when the validation error rises beats all features",
                quantity="mean over test points of (squared error of the kept "
                f"model - of the all-features model), paired t interval; {mse}",
                **mean_interval(part["kept"] - part["all"]).fields(),
                bound=0.0,
                relation="<",
                kind="empirical",
                **common,
            ),
            # The path's test-best model is chosen on these test points: the
            # gap is >= 0 by construction, so it is shown without a verdict.
            ClaimRow(
                name=f"vs_best/{name}",
                title="the stopped model against the path's test-best model",
                quantity="mean over test points of (squared error of the kept "
                f"model - of the path's test-best model) = {gap.mean:.4g}, "
                f"paired t interval [{gap.low:.4g}, {gap.high:.4g}]; >= 0 by "
                f"construction (the best is chosen on the test points); {mse}",
                measured=gap.mean,
                bound=float("nan"),
                relation="n/a",
                kind="illustration",
                **common,
            ),
        ]
        rows.append(
            ClaimRow(
                name=f"kept/{name}",
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
