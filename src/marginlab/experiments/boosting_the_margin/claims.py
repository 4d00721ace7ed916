"""Claim rows of B5, from the boosting_the_margin experiment's tables."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd

from ...theory.intervals import PairedDifference, paired_difference
from .._shared.rows import ClaimRow

SOURCE = (
    "Mohri, Boosting, 'Empirical Observations' "
    "(Schapire, Freund, Bartlett and Lee 1998, Fig. 1)"
)

#: The learner whose rows carry a verdict, and the one beside it.
TREES, STUMPS = "trees", "stumps"


def _rounds(part: pd.DataFrame) -> list[int]:
    return [int(t) for t in part["t"]]


def _arrows(values: pd.Series, digits: str = ".3g") -> str:
    return " -> ".join(format(float(v), digits) for v in values)


def _changes(values: pd.Series) -> np.ndarray:
    """The changes from each margin round to the next."""
    return np.diff(values.to_numpy(float))


def _steps(rounds: list[int]) -> str:
    """The steps between consecutive rounds, in words: for 5, 100, 1000,
    "from T = 5 to 100 and from 100 to 1000"."""
    pairs = [f"{a} to {b}" for a, b in zip(rounds, rounds[1:], strict=False)]
    return "from T = " + " and from ".join(pairs)


def _where(name: str, run: pd.Series) -> str:
    return (
        f"{name}: m = {int(run['n_train'])} training points, n = "
        f"{int(run['n_test'])} test points of the same generator, "
        f"T = {int(run['n_rounds'])}"
    )


def _learner(run: pd.Series) -> str:
    return f"depth-{int(run['depth'])} trees" if run["learner"] == TREES else "stumps"


def _wrong_at(mistakes: pd.DataFrame, t: int) -> np.ndarray:
    part = mistakes[mistakes["t"] == t].sort_values("point")
    if part.empty:
        raise ValueError(f"B5: no test mistakes of the trees recorded at round {t}")
    return part["wrong"].to_numpy(bool)


def resolving_size(d: PairedDifference) -> str:
    """The n at which the observed difference δ would resolve: the half-width
    1.96 √(d/n) of the paired interval, d the fraction of discordant test
    points, falls below |δ| when n > 1.96² d / δ²."""
    if d.value == 0:
        return "no n resolves a difference of 0"
    discordant = (d.first_only + d.second_only) / d.n
    n = d.resolving_n
    return (
        f"resolved at n > 1.96^2 d / delta^2 = {math.floor(n) + 1} test points "
        f"if d = {discordant:.4g} discordant and delta = {d.value:.4g} stayed"
    )


def _test_error_row(
    name: str, where: str, run: pd.Series, mistakes: pd.DataFrame
) -> ClaimRow:
    """Test error at T minus at T₀ (``<`` 0), with the paired 95 % interval;
    NaN, hence false, if the training error is never 0."""
    T, t0, learner = int(run["n_rounds"]), int(run["T0"]), _learner(run)
    common = dict(
        name=f"test_error/{name}",
        title="the test error keeps falling after the training error is 0",
        source=SOURCE,
        dataset=where,
        bound=0.0,
        relation="<",
        kind="empirical",
    )
    if t0 < 1:
        return ClaimRow(
            quantity=f"test error at T = {T} - at T0, {learner}: the training "
            f"error is not 0 in any of the {int(run['rounds'])} rounds kept "
            f"(stop: {run['stop_reason']}), so there is no T0",
            measured=float("nan"),
            **common,
        )
    d = paired_difference(_wrong_at(mistakes, T), _wrong_at(mistakes, t0))
    row = ClaimRow(
        quantity=f"test error at T = {T} - at T0 = {t0}, the first round of zero "
        f"training error, {learner} ({d})",
        **d.fields(),
        **common,
    )
    if row.verdict == "not resolved":
        row = replace(row, quantity=f"{row.quantity}; {resolving_size(d)}")
    return row


def _fraction_row(name: str, where: str, trees: pd.DataFrame) -> ClaimRow:
    """The larger change of the fraction of margins ≤ θ between consecutive
    margin rounds (``<=`` 0)."""
    theta, rounds = float(trees["theta"].iloc[0]), _rounds(trees)
    return ClaimRow(
        name=f"fraction/{name}",
        title="the fraction of training margins <= theta does not rise",
        source=SOURCE,
        dataset=where,
        quantity=f"larger change of the fraction of training margins <= "
        f"{theta:g}, {_steps(rounds)}, {_learner(trees.iloc[0])} "
        f"({_arrows(trees['fraction'])})",
        measured=float(_changes(trees["fraction"]).max()),
        bound=0.0,
        relation="<=",
        kind="empirical",
    )


def _minimum_row(name: str, where: str, trees: pd.DataFrame) -> ClaimRow:
    """The smaller change of the minimum training margin between consecutive
    margin rounds (``>`` 0)."""
    rounds = _rounds(trees)
    return ClaimRow(
        name=f"minimum/{name}",
        title="the minimum training margin rises",
        source=SOURCE,
        dataset=where,
        quantity=f"smaller change of the minimum training margin, "
        f"{_steps(rounds)}, {_learner(trees.iloc[0])} "
        f"({_arrows(trees['min_margin'], '.4g')})",
        measured=float(_changes(trees["min_margin"]).min()),
        bound=0.0,
        relation=">",
        kind="empirical",
    )


def _table_row(name: str, where: str, part: pd.DataFrame) -> ClaimRow:
    """Schapire et al.'s table for one learner: no verdict."""
    run = part.iloc[0]
    theta = float(run["theta"])
    columns = (
        ("test error", "test_error", ".3g"),
        ("training error", "train_error", ".3g"),
        (f"fraction of margins <= {theta:g}", "fraction", ".3g"),
        ("minimum margin", "min_margin", ".3g"),
    )
    cells = "; ".join(
        f"{label} {', '.join(format(float(v), f) for v in part[column])}"
        for label, column, f in columns
    )
    rounds = ", ".join(str(t) for t in _rounds(part))
    T0 = int(run["T0"])
    return ClaimRow(
        name=f"table/{name}/{run['learner']}",
        title=f"Schapire et al.'s table, {run['learner']}",
        source=SOURCE,
        dataset=where,
        quantity=f"{_learner(run)} at T = {rounds}: {cells} "
        f"(T0 = {T0 if T0 >= 1 else 'never'})",
        measured=float(part["test_error"].iloc[-1]),
        bound=float("nan"),
        relation="n/a",
        kind="illustration",
    )


def b5_boosting_the_margin(
    summary: pd.DataFrame, mistakes: pd.DataFrame
) -> list[ClaimRow]:
    """B5: after the training error is 0, the test error keeps falling and the
    training margins keep growing, as in Schapire et al.'s (1998) Fig. 1.

    Rows per dataset, from the trees' L1 margins y f_t(x)/‖α‖₁ of the training
    points at the margin rounds (e.g. 5, 100, 1000) and their test errors:

    * ``empirical`` — test error at T minus at T₀, the first round of zero
      training error (``<`` 0), with the paired 95 % interval on the same
      test points; NaN, hence false, if the training error is never 0. When
      not resolved, its quantity gives the n that would resolve it;
    * ``empirical`` — the larger change of the fraction of training margins
      ≤ θ between consecutive margin rounds (``<=`` 0), exact on the training
      points;
    * ``empirical`` — the smaller change of the minimum training margin
      between consecutive margin rounds (``>`` 0), exact;
    * ``illustration`` — the table's numbers at the margin rounds, for the
      trees and for the stumps beside them.
    """
    rows = []
    for name, part in summary.groupby("dataset", sort=False):
        part = part.sort_values("t")
        trees = part[part["learner"] == TREES]
        if trees.empty:
            raise ValueError(f"B5: no rows of the trees for {name!r}")
        where = _where(str(name), trees.iloc[0])
        own = mistakes[(mistakes["dataset"] == name) & (mistakes["learner"] == TREES)]
        rows += [
            _test_error_row(name, where, trees.iloc[-1], own),
            _fraction_row(name, where, trees),
            _minimum_row(name, where, trees),
            _table_row(name, where, trees),
        ]
        stumps = part[part["learner"] == STUMPS]
        if len(stumps):
            rows.append(_table_row(name, where, stumps))
    return rows
