"""Claim rows of S3 and S4, from the subset_selection experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow

_METHOD_TITLES = {
    "best_subset": "best subset trains 2^d - 1 models",
    "forward": "forward stepwise trains d(d+1)/2 models",
    "backward_cv": "backward stepwise by CV trains d(d+1)/2 models",
    "backward_zscore": "backward elimination by z-score trains d models",
}


def _dataset(c: object) -> str:
    """``name (m × d)`` of a row of ``counts`` (a generator's parameters are in
    the configuration, under ``datasets.<name>``)."""
    return f"{c.dataset} ({int(c.n_samples)} × {int(c.d)})"


def _is_true(column: pd.Series) -> np.ndarray:
    """A boolean column, whether it holds bools or the strings "True"/"False"."""
    return column.astype(str).str.lower().eq("true").to_numpy()


def s3_subset_selection(
    path: pd.DataFrame,
    subsets: pd.DataFrame,
    counts: pd.DataFrame,
    zscores: pd.DataFrame,
) -> list[ClaimRow]:
    """S3: models trained by each method; forward stepwise can miss the best pair.

    Parameters
    ----------
    path, subsets, counts, zscores : DataFrame
        From :func:`.study.subset_tables`.

    Returns
    -------
    list of ClaimRow
        - check, per dataset and method: the number of models trained
          ``==`` the formula (2^d − 1, d(d + 1)/2, d(d + 1)/2, d). A check,
          not evidence: the count is ``len(models)`` of the method's own
          enumeration loop, which visits exactly those subsets by
          construction;
        - per dataset, "forward's 2-feature set differs from best subset's",
          encoded as measured = 1 if the two sets differ and 0 if they are
          equal. On the constructed trap (``role == "trap"``: by default
          :func:`~marginlab.core.datasets.make_forward_trap`) it is checked
          ``== 1``, a check, not evidence: the generator is built so that
          forward stepwise misses the best pair; on the other dataset it is an
          illustration (the heuristic often finds the best pair).
    """
    rows = []
    for c in counts.itertuples(index=False):
        rows.append(
            ClaimRow(
                name=f"models/{c.dataset}/{c.method}",
                title=_METHOD_TITLES.get(str(c.method), str(c.method)),
                source="Shewchuk, Lecture 14, §14.2 'Subset Selection'",
                dataset=f"{_dataset(c)}, {int(c.n_splits)}-fold CV, seed {int(c.seed)}",
                quantity=f"models trained by {c.method} (formula {c.formula} = "
                f"{int(c.formula_value)})",
                measured=float(c.n_models),
                bound=float(c.formula_value),
                relation="==",
                # The count is the length of the enumeration loop's own list:
                # it equals the formula by construction (a check of the tool).
                kind="check",
            )
        )
    for name, part in path.groupby("dataset", sort=False):
        pairs = part[part["size"] == 2].set_index("method")
        best, forward = pairs.loc["best_subset"], pairs.loc["forward"]
        differs = float(best["features"] != forward["features"])
        c = next(counts[counts["dataset"] == name].itertuples(index=False))
        trap = str(getattr(c, "role", "")) == "trap"
        rows.append(
            ClaimRow(
                name=f"differs/{name}",
                title="forward stepwise misses the best 2-feature model"
                if trap
                else "forward stepwise's 2-feature model vs best subset's",
                source="Shewchuk, Lecture 14, §14.2 'Subset Selection'",
                dataset=f"{_dataset(c)}, {int(c.n_splits)}-fold CV, seed {int(c.seed)}",
                quantity="1 if the 2-feature sets differ, 0 if equal: forward "
                f"{{{forward['features']}}} (CV MSE {float(forward['cv_mse']):.4g}), "
                f"best subset {{{best['features']}}} "
                f"(CV MSE {float(best['cv_mse']):.4g})",
                measured=differs,
                bound=1.0 if trap else float("nan"),
                relation="==" if trap else "n/a",
                # The trap is generated so that forward misses the best pair:
                # true by construction of the data (a check, not evidence).
                kind="check" if trap else "illustration",
            )
        )
    return rows


def s4_zscore_elimination(
    path: pd.DataFrame,
    subsets: pd.DataFrame,
    counts: pd.DataFrame,
    zscores: pd.DataFrame,
) -> list[ClaimRow]:
    """S4: backward elimination removes the feature of smallest |z| at each step.

    Parameters
    ----------
    path, subsets, counts, zscores : DataFrame
        From :func:`.study.subset_tables`; the
        z-scores z_i = w_i / (σ̂ √v_i) are recomputed there independently of
        the library's elimination rule.

    Returns
    -------
    list of ClaimRow
        One check row per dataset: the number of steps at which the removed
        feature's |z| is larger than the smallest |z| of that step, ``<= 0``.
        A check, not evidence: the library's elimination rule removes the
        feature of smallest |z| by construction, and the row compares that
        rule with a recomputation of the same rule.
    """
    rows = []
    for name, part in zscores.groupby("dataset", sort=False):
        removed = _is_true(part["removed"])
        bad, order = 0, []
        for step in sorted(part["step"].unique()):
            at = (part["step"] == step).to_numpy()
            gone = part[at & removed]
            smallest = float(part.loc[at, "abs_z"].min())
            if len(gone) != 1 or float(gone["abs_z"].iloc[0]) > smallest:
                bad += 1
            if len(gone):
                order.append(
                    f"{gone['feature'].iloc[0]} ({float(gone['z'].iloc[0]):.3g})"
                )
        c = next(counts[counts["dataset"] == name].itertuples(index=False))
        rows.append(
            ClaimRow(
                name=f"zscore/{name}",
                title="backward elimination removes the smallest |z-score|",
                source="Shewchuk, Lecture 14, §14.2 'Subset Selection'",
                dataset=_dataset(c),
                quantity="steps where the removed feature's |z| exceeds the "
                "smallest |z| (z = w / (σ̂ √v)); removed in order: " + ", ".join(order),
                measured=float(bad),
                bound=0.0,
                relation="<=",
                # The library's own smallest-|z| rule against a recomputation
                # of it: true by construction (a check of the tool).
                kind="check",
            )
        )
    return rows
