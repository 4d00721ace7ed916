"""Claim rows of S8, from the lasso_standardize experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import mean_interval, paired_mean_difference
from ...theory.multiplicity import grid_regret
from .._shared.rows import ClaimRow

SOURCE = "Shewchuk, Lecture 14, §14.3 'Lasso'"

#: S8's non-inferiority margin for λ_CV, as a fraction of the variance of the
#: training targets: λ_CV "chooses well" when its test MSE is at most
#: 0.05·Var(y_train) above that of the best λ of the path, i.e. its test R²
#: (on the training variance's scale) is within 5 points of the best λ's —
#: E3's 5 points of error rate, on the scale of a regression. Fixed before
#: the first run (CLAIMS.md, S8).
S8_MARGIN = 0.05


def _of(table: pd.DataFrame, dataset: object) -> pd.DataFrame:
    return table[table["dataset"].astype(str) == str(dataset)]


def s8_lasso_standardize(
    summary: pd.DataFrame,
    path: pd.DataFrame,
    losses: pd.DataFrame,
    grid_losses: pd.DataFrame,
    units: pd.DataFrame,
) -> list[ClaimRow]:
    """S8: standardize the features before the Lasso, and choose λ by CV.

    Per dataset (features put on scales 10^−a … 10^a):

    - empirical: the mean over test points of (squared error of the
      standardized Lasso − of the raw Lasso), each at the λ its own CV chose
      on the training part, ``< 0``, with the paired t interval of the
      per-point differences (:func:`~marginlab.theory.intervals.mean_interval`);
    - empirical: the number of single-feature unit changes (one feature
      multiplied by a factor of ``unit_factors``, CV rerun) after which the
      raw Lasso selects a different set of features, ``> 0`` (its selection
      depends on the units);
    - check: the same count for the standardized Lasso, ``== 0``: the
      z-scores of x_j and of f·x_j are equal (up to rounding), so the whole
      procedure sees the same numbers; not evidence;
    - empirical: the regret of λ_CV on the standardized path,
      θ = MSE(λ_CV) − min_λ MSE(λ) on the test points, ``<=``
      :data:`S8_MARGIN`·Var(y_train), with the simultaneous interval of
      :func:`~marginlab.theory.multiplicity.grid_regret` (the best λ is never
      named: it is found on the same test points);
    - illustration: the selected sets and λ_CV/α_max of both fits.

    Parameters
    ----------
    summary, path, losses, grid_losses, units : DataFrame
        From :func:`.study.lasso_standardize_tables`, stacked over datasets
        (first column ``dataset``).
    """
    rows = []
    for _, s in summary.iterrows():
        name = s["dataset"]
        n, d = int(s["n_test"]), int(s["d"])
        where = (
            f"{name} ({int(s['n_train'])} training points, {n} test points, d = "
            f"{d}), features x 10^-{float(s['log10_scale']):g} ... "
            f"10^{float(s['log10_scale']):g} in column order, "
            f"{int(s['n_splits'])}-fold CV on the training part, "
            f"{int(s['n_alphas'])} lambdas"
        )
        common = {"source": SOURCE, "dataset": where}
        fits = {
            v: (
                float(s[f"{v}_alpha_ratio"]),
                str(s[f"{v}_selected"]),
                float(s[f"{v}_test_mse"]),
            )
            for v in ("raw", "standardized")
        }
        loss = _of(losses, name).sort_values("point")
        text = "; ".join(
            f"{v}: lambda_CV/alpha_max {r:.3g}, selected {sel}, test MSE {mse:.4g}"
            for v, (r, sel, mse) in fits.items()
        )
        rows.append(
            ClaimRow(
                name=f"test_mse/{name}",
                title="the standardized Lasso tests better than the raw Lasso",
                quantity="mean over test points of (squared error of the "
                "standardized Lasso - of the raw Lasso), each at its own "
                f"lambda_CV, paired t interval; {text}",
                **mean_interval(loss["standardized"] - loss["raw"]).fields(),
                bound=0.0,
                relation="<",
                kind="empirical",
                **common,
            )
        )
        change = _of(units, name)
        for variant, relation, kind, title in (
            (
                "raw",
                ">",
                "empirical",
                "the raw Lasso's selection depends on the features' units",
            ),
            (
                "standardized",
                "==",
                "check",
                "the standardized Lasso's selection does not depend on units",
            ),
        ):
            part = change[change["variant"] == variant]
            base = part[part["feature"] == "(none)"]
            moved = part[
                (part["feature"] != "(none)")
                & (part["selected"] != base["selected"].iloc[0])
            ]
            shown = ", ".join(
                f"{r.feature} x {r.factor:g}: {r.selected}" for r in moved.itertuples()
            )
            rows.append(
                ClaimRow(
                    name=f"units/{variant}/{name}",
                    title=title,
                    quantity=f"unit changes after which the {variant} Lasso "
                    f"selects another set, of {len(part) - len(base)} (one "
                    "feature times "
                    + " or ".join(f"{f:g}" for f in sorted(set(part["factor"]) - {1.0}))
                    + f", CV rerun); base set {base['selected'].iloc[0]}"
                    + (f"; changed: {shown}" if shown else ""),
                    measured=float(len(moved)),
                    bound=0.0,
                    relation=relation,
                    kind=kind,
                    **common,
                )
            )
        grid = _of(path, name)
        std = grid[grid["variant"] == "standardized"].sort_values("step")
        chosen = int(std.loc[std["chosen"].astype(bool), "step"].iloc[0])
        g = _of(grid_losses, name)
        by_step = {
            int(step): part.sort_values("point")["loss"].to_numpy()
            for step, part in g.groupby("step")
        }
        others = [step for step in sorted(by_step) if step != chosen]
        r = grid_regret(
            by_step[chosen],
            [by_step[step] for step in others],
            paired_mean_difference,
        )
        best = int(std["step"].iloc[int(np.argmin(std["test_mse"].to_numpy()))])
        margin = S8_MARGIN * float(s["y_train_var"])
        ratio = std.set_index("step")["alpha_ratio"]
        against = (
            f"simultaneous 95 % interval over the {r.comparisons} other lambdas, "
            f"each paired, at {100 * r.level_each:.3f} % (Bonferroni), its upper "
            f"end from lambda/alpha_max = {float(ratio[others[r.closest]]):.3g}"
            if r.closest is not None
            else "no other lambda"
        )
        rows.append(
            ClaimRow(
                name=f"regret/{name}",
                title="lambda chosen by cross-validation tests within "
                f"{100 * S8_MARGIN:g} % of Var(y) of the path's best",
                quantity="test MSE of the standardized Lasso at lambda_CV "
                f"(lambda/alpha_max {float(ratio[chosen]):.3g}, "
                f"{float(std.loc[std['step'] == chosen, 'test_mse'].iloc[0]):.4g}) "
                "minus the smallest on the path "
                f"({float(std['test_mse'].min()):.4g} at lambda/alpha_max "
                f"{float(ratio[best]):.3g}; picked on these test points, so the "
                f"interval compares with every lambda instead): {against}; bound "
                f"{S8_MARGIN:g} x Var(y_train) = {margin:.4g}",
                **r.fields(),
                bound=margin,
                relation="<=",
                kind="empirical",
                **common,
            )
        )
        rows.append(
            ClaimRow(
                name=f"selected/{name}",
                title="features the two Lasso fits select",
                quantity="features the standardized Lasso selects at lambda_CV "
                f"({fits['standardized'][1]}); the raw Lasso "
                f"{int(s['raw_n_selected'])} ({fits['raw'][1]}, lambda_CV/"
                f"alpha_max {fits['raw'][0]:.3g}); feature scales {s['scales']}",
                measured=float(s["standardized_n_selected"]),
                bound=float("nan"),
                relation="n/a",
                kind="illustration",
                **common,
            )
        )
    return rows
