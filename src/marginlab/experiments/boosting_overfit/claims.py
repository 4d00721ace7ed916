"""Claim rows of B20, from the boosting_overfit experiment's tables."""

from __future__ import annotations

import pandas as pd

from ...theory.intervals import PairedDifference, paired_difference
from .._shared.rows import ClaimRow

SOURCE = "UML notes, Boosting §VI; Mohri, Boosting, 'Weaker Aspects'"


def _wrong(mistakes: pd.DataFrame, rounds: str) -> pd.Series:
    part = mistakes[mistakes["rounds"] == rounds].sort_values("point")
    if part.empty:
        raise ValueError(f"B20: no test mistakes recorded at the {rounds!r} round")
    return part["wrong"].astype(bool)


def _paired(mistakes: pd.DataFrame, first: str, second: str) -> PairedDifference:
    """Test error at round ``first`` minus at round ``second``, paired."""
    return paired_difference(
        _wrong(mistakes, first).to_numpy(), _wrong(mistakes, second).to_numpy()
    )


def _best_bound(bound: pd.DataFrame, rounds: str) -> tuple[float, float]:
    """The smallest margin bound over the ρ grid at a round, and its ρ."""
    part = bound[bound["rounds"] == rounds]
    best = part.loc[part["bound"].idxmin()]
    return float(best["bound"]), float(best["rho"])


def b20_boosting_overfit(
    mistakes: pd.DataFrame, bound: pd.DataFrame, summary: pd.DataFrame
) -> list[ClaimRow]:
    """B20: with flipped training labels, more rounds raise the test error again.

    Rows:

    * ``empirical`` — test error at T_max minus at the T chosen by K-fold CV on
      the training points (``> 0``): overfitting as T grows. Both are
      measured on the same clean test points, so the row reads the paired
      95 % interval (:func:`~marginlab.theory.intervals.paired_difference`);
    * ``empirical`` — test error at T = 1 minus at the chosen T (``> 0``):
      too few rounds underfit, so T balances the two (UML notes §VI);
    * ``illustration`` — the margin theory beside it: the VC form of the
      margin bound (best ρ of the grid) at T_max minus at the chosen T. The
      complexity term does not depend on T, so the bound moves with the
      empirical margin loss alone.
    """
    s = summary.iloc[0]
    T_sel, T_max = int(s["selected"]), int(s["rounds_kept"])
    where = (
        f"{int(s['n_train'])} training points ({int(s['n_flipped'])} labels "
        f"flipped), {int(s['n_test'])} clean test points; T chosen by "
        f"{int(s['n_splits'])}-fold CV on the training points: T = {T_sel}"
    )
    over = _paired(mistakes, "last", "selected")
    under = _paired(mistakes, "first", "selected")
    b_last, rho_last = _best_bound(bound, "last")
    b_sel, rho_sel = _best_bound(bound, "selected")
    return [
        ClaimRow(
            name="overfit",
            title="with noisy labels, boosting overfits as T grows",
            source=SOURCE,
            dataset=where,
            quantity=f"test error at T_max = {T_max} - at the CV-chosen T = {T_sel} "
            f"({over})",
            **over.fields(),
            bound=0.0,
            relation=">",
            kind="empirical",
        ),
        ClaimRow(
            name="underfit",
            title="too few rounds underfit: T balances the two",
            source="UML notes, Boosting §VI",
            dataset=where,
            quantity=f"test error at T = 1 - at the CV-chosen T = {T_sel} ({under})",
            **under.fields(),
            bound=0.0,
            relation=">",
            kind="empirical",
        ),
        ClaimRow(
            name="margin_bound",
            title="the margin bound beside it",
            source="Mohri, Boosting, 'Margin Bound - Ensemble Methods'",
            dataset=where,
            quantity=f"margin bound (VC form, best rho of the grid) at T_max = "
            f"{T_max} - at T = {T_sel}: {b_last:.3g} (rho = {rho_last:g}) - "
            f"{b_sel:.3g} (rho = {rho_sel:g})"
            + ("; both vacuous (>= 1)" if min(b_last, b_sel) >= 1 else "")
            + "; only its margin loss depends on T",
            measured=b_last - b_sel,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
        ),
    ]
