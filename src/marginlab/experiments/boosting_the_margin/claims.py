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


def _where(name: str, run: pd.Series) -> str:
    if run.get("test_set", "draw") == "half":
        held = "the other, stratified half as test points"
    else:
        held = "test points drawn independently from the same generator"
    classes = int(run.get("n_classes", 2))
    return (
        f"{name}: {classes} classes, m = {int(run['n_train'])} training points, "
        f"n = {int(run['n_test'])} {held}, T = {int(run['n_rounds'])}"
    )


def _learner(run: pd.Series) -> str:
    return "C4.5-style trees" if run["learner"] == TREES else "stumps"


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


def _paired_row(
    key: str,
    title: str,
    where: str,
    mistakes: pd.DataFrame,
    late: int,
    early: int,
    what: str,
    kind: str = "empirical",
) -> ClaimRow:
    """Test error at round ``late`` minus at ``early`` (``<`` 0), with the
    paired 95 % interval on the same test points."""
    d = paired_difference(_wrong_at(mistakes, late), _wrong_at(mistakes, early))
    row = ClaimRow(
        name=key,
        title=title,
        source=SOURCE,
        dataset=where,
        quantity=f"{what} ({d})",
        **d.fields(),
        bound=0.0,
        relation="<",
        kind="empirical",
    )
    if row.verdict == "not resolved" or kind != "empirical":
        row = replace(row, quantity=f"{row.quantity}; {resolving_size(d)}")
    if kind != "empirical":
        # No verdict: the interval stays in the quantity, not in ci_low/ci_high.
        row = replace(
            row,
            kind="illustration",
            relation="n/a",
            bound=float("nan"),
            ci_low=float("nan"),
            ci_high=float("nan"),
            resolving_factor=float("nan"),
            quantity=f"{row.quantity}; an illustration: the test set is smaller "
            f"than the registered size at which this row is evidence",
        )
    return row


def _after_t0_row(
    name: str, where: str, run: pd.Series, mistakes: pd.DataFrame
) -> ClaimRow:
    """Test error at T minus at T₀ (``<`` 0), paired; NaN, hence false, if the
    training error is never 0."""
    T, t0, learner = int(run["n_rounds"]), int(run["T0"]), _learner(run)
    title = "the test error keeps falling after the training error is 0"
    if t0 < 1:
        return ClaimRow(
            name=f"test_error/{name}",
            title=title,
            source=SOURCE,
            dataset=where,
            quantity=f"test error at T = {T} - at T0, {learner}: the training "
            f"error is not 0 in any of the {int(run['rounds'])} rounds kept "
            f"(stop: {run['stop_reason']}), so there is no T0",
            measured=float("nan"),
            bound=0.0,
            relation="<",
            kind="empirical",
        )
    return _paired_row(
        f"test_error/{name}",
        title,
        where,
        mistakes,
        T,
        t0,
        f"test error at T = {T} - at T0 = {t0}, the first round of zero training "
        f"error, {learner}",
    )


def _late_row(
    name: str, where: str, trees: pd.DataFrame, mistakes: pd.DataFrame, least: int
) -> ClaimRow:
    """Test error between the last two margin rounds (``<`` 0), paired;
    evidence only on at least ``least`` test points."""
    early, late = _rounds(trees)[-2:]
    run = trees.iloc[-1]
    n = int(run["n_test"])
    return _paired_row(
        f"late_test_error/{name}",
        "the test error still falls long after the training error is 0",
        where,
        mistakes,
        late,
        early,
        f"test error at T = {late} - at T = {early}, {_learner(run)}",
        kind="empirical" if n >= least else "illustration",
    )


def _minimum_row(name: str, where: str, trees: pd.DataFrame) -> ClaimRow:
    """The change of the minimum training margin between the last two margin
    rounds (``>`` 0), exact."""
    early, late = _rounds(trees)[-2:]
    values = trees["min_margin"].to_numpy(float)
    return ClaimRow(
        name=f"minimum/{name}",
        title="the minimum training margin rises",
        source=SOURCE,
        dataset=where,
        quantity=f"minimum training margin at T = {late} - at T = {early}, "
        f"{_learner(trees.iloc[0])} ({_arrows(trees['min_margin'], '.4g')} at "
        f"T = {', '.join(str(t) for t in _rounds(trees))})",
        measured=float(values[-1] - values[-2]),
        bound=0.0,
        relation=">",
        kind="empirical",
    )


def _tail_row(
    name: str, where: str, trees: pd.DataFrame, tail: pd.DataFrame
) -> ClaimRow:
    """The smallest change of the lower quantiles of the training margins
    between the last two margin rounds (``>`` 0), exact."""
    early, late = _rounds(trees)[-2:]
    before = tail[tail["t"] == early].sort_values("q")
    after = tail[tail["t"] == late].sort_values("q")
    if before.empty or after.empty:
        raise ValueError(f"B5: no margin quantiles of the trees for {name!r}")
    change = after["value"].to_numpy(float) - before["value"].to_numpy(float)
    cells = ", ".join(
        f"q{q:g}: {a:.3g} -> {b:.3g}"
        for q, a, b in zip(before["q"], before["value"], after["value"], strict=True)
    )
    return ClaimRow(
        name=f"tail/{name}",
        title="the lower tail of the training margins moves right",
        source=SOURCE,
        dataset=where,
        quantity=f"smallest change of the lower quantiles of the training margins "
        f"from T = {early} to {late}, {_learner(trees.iloc[0])} ({cells})",
        measured=float(change.min()),
        bound=0.0,
        relation=">",
        kind="empirical",
    )


#: Schapire et al. (1998), the table beside Fig. 1 (C4.5 on letter, 26
#: classes, 16 000 / 4 000): round -> test error, training error (in %),
#: % of margins <= 0.5, minimum margin.
PAPER_LETTER = {
    5: (8.4, 0.0, 7.7, 0.14),
    100: (3.3, 0.0, 0.0, 0.52),
    1000: (3.1, 0.0, 0.0, 0.55),
}


def _is_paper_problem(run: pd.Series) -> bool:
    """The paper's letter problem: 26 classes, 16 000 training, 4 000 test."""
    return (
        int(run.get("n_classes", 2)) == 26
        and int(run["n_train"]) == 16000
        and int(run["n_test"]) == 4000
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
    rounds = _rounds(part)
    T0 = int(run["T0"])
    quantity = (
        f"{_learner(run)} at T = {', '.join(str(t) for t in rounds)}: {cells} "
        f"(T0 = {T0 if T0 >= 1 else 'never'}; mean leaves per tree "
        f"{float(part['mean_leaves'].iloc[-1]):.1f})"
    )
    if run["learner"] == TREES and _is_paper_problem(run):
        paper = "; ".join(
            f"T = {t}: {e:g} %, {tr:g} %, {f:g} %, {mm:g}"
            for t, (e, tr, f, mm) in PAPER_LETTER.items()
        )
        quantity += (
            f"; Schapire et al. 1998, Fig. 1, C4.5 (test error, training error, "
            f"margins <= 0.5, minimum margin): {paper}"
        )
    return ClaimRow(
        name=f"table/{name}/{run['learner']}",
        title=f"Schapire et al.'s table, {run['learner']}",
        source=SOURCE,
        dataset=where,
        quantity=quantity,
        measured=float(part["test_error"].iloc[-1]),
        bound=float("nan"),
        relation="n/a",
        kind="illustration",
    )


def b5_boosting_the_margin(
    summary: pd.DataFrame,
    mistakes: pd.DataFrame,
    tail: pd.DataFrame,
) -> list[ClaimRow]:
    """B5: after the training error is 0, the test error keeps falling and the
    training margins keep growing, as in Schapire et al.'s (1998) Fig. 1.

    Rows per dataset, from AdaBoost over the C4.5-style trees (registered in
    CLAIMS.md before the first run):

    * ``empirical`` — test error at T minus at T₀, the first round of zero
      training error (``<`` 0), with the paired 95 % interval on the same
      test points; NaN, hence false, if the training error is never 0;
    * ``empirical`` on at least ``evidence_test_points`` test points (a
      column of ``summary``), else
      ``illustration`` — the test error between the last two margin rounds
      (e.g. 100 → 1000), paired; when not decided, its quantity gives the n
      that would resolve it;
    * ``empirical`` — the change of the minimum training margin between the
      last two margin rounds (``>`` 0), exact on the training points;
    * ``empirical`` — the smallest change of the lower quantiles of the
      training margins between the last two margin rounds (``>`` 0), exact;
    * ``illustration`` — the table's numbers at the margin rounds, for the
      trees and for the stumps beside them (the paper's own on letter).
    """
    rows = []
    for name, part in summary.groupby("dataset", sort=False):
        part = part.sort_values("t")
        trees = part[part["learner"] == TREES]
        if trees.empty:
            raise ValueError(f"B5: no rows of the trees for {name!r}")
        where = _where(str(name), trees.iloc[0])
        own = mistakes[(mistakes["dataset"] == name) & (mistakes["learner"] == TREES)]
        quantiles = tail[(tail["dataset"] == name) & (tail["learner"] == TREES)]
        rows += [
            _after_t0_row(name, where, trees.iloc[-1], own),
            _late_row(
                name, where, trees, own, int(trees["evidence_test_points"].iloc[0])
            ),
            _minimum_row(name, where, trees),
            _tail_row(name, where, trees, quantiles),
            _table_row(name, where, trees),
        ]
        stumps = part[part["learner"] == STUMPS]
        if len(stumps):
            rows.append(_table_row(name, where, stumps))
    return rows
