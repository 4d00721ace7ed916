"""Claim rows of K20, from the primal_dual_cost experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import ratio_interval
from .._shared.rows import ClaimRow

_K20_SOURCE = "Huang 2017, 'Primal Perceptron', 'Dual Perceptron'"


def ratio_cells(timings: pd.DataFrame) -> pd.DataFrame:
    """Per (n, d') cell: the dual/primal time ratio and its 95 % interval
    (:func:`kernelboost.intervals.ratio_interval` of the repeats' ratios)."""
    rows = []
    for (n, d_features), part in timings.groupby(["n", "d_features"], sort=True):
        ratio, low, high = ratio_interval(part["dual_seconds"] / part["primal_seconds"])
        rows.append(
            {
                "n": int(n),
                "d_features": int(d_features),
                "ratio": ratio,
                "low": low,
                "high": high,
                "same_mistakes": bool(
                    part["same_mistakes"].astype(str).eq("True").all()
                ),
                "repeats": len(part),
            }
        )
    return pd.DataFrame(rows)


def _cell(row: pd.Series) -> str:
    return (
        f"n = {int(row['n'])}, d' = {int(row['d_features'])}: "
        f"{row['ratio']:.3g} [{row['low']:.3g}, {row['high']:.3g}]"
    )


def _decisive(part: pd.DataFrame, faster: str) -> pd.Series:
    """The cell that decides "every interval on the claimed side of 1": the
    one clearly on the wrong side if any, else the one nearest to 1."""
    if faster == "dual":  # claimed: ratio < 1 everywhere
        worst = part.loc[part["low"].idxmax()]
        return worst if worst["low"] >= 1.0 else part.loc[part["high"].idxmax()]
    worst = part.loc[part["high"].idxmin()]  # claimed: ratio > 1 everywhere
    return worst if worst["high"] <= 1.0 else part.loc[part["low"].idxmin()]


def k20_primal_dual_cost(timings: pd.DataFrame) -> list[ClaimRow]:
    """K20: the dual perceptron is cheaper when #features ≫ #examples, the
    primal one otherwise.

    Parameters
    ----------
    timings : DataFrame
        From :func:`.study.primal_dual_cost_table`: per
        (n, d') cell, repeated side-by-side training times of both forms.

    Returns
    -------
    list of ClaimRow
        1. (empirical) every cell with d' ≥ D·n (D = ``dominance``) and
           max(n, d') ≥ ``min_size``: the dual/primal time ratio below 1,
           read from the cell that decides (one whose whole interval is at or
           above 1 makes the row fail; otherwise the one whose interval
           reaches highest, which leaves the row not resolved if it straddles
           1); not resolved when no cell is in that regime;
        2. (empirical) the same for n ≥ D·d', ratio above 1;
        3. (check) both forms made the same mistakes in every cell (they are
           the same algorithm, K6), so only the cost of a step differs;
        4. (illustration) the cells with a factor D either way but
           max(n, d') below ``min_size``, where the interpreter's cost per
           call decides: how many agree with the lecture, disagree, or are
           not resolved;
        5. (illustration) the crossover: for each n whose ratio crosses 1
           along d', the d' of the crossing (log-linear between neighbours)
           over n; their geometric mean.
    """
    cells = ratio_cells(timings)
    D = float(timings["dominance"].iloc[0])
    floor = int(timings["min_size"].iloc[0])
    big = cells[["n", "d_features"]].max(axis=1) >= floor
    dual_side = cells["d_features"] >= D * cells["n"]
    primal_side = cells["n"] >= D * cells["d_features"]
    ns = sorted(cells["n"].unique())
    dims = sorted(cells["d_features"].unique())
    data = (
        f"random normal, labels ±1, n ∈ {{{', '.join(map(str, ns))}}}, d' ∈ "
        f"{{{', '.join(map(str, dims))}}} ((1 + x·z)^2 and its tensor-power map), "
        f"{int(cells['repeats'].iloc[0])} side-by-side repeats per cell"
    )
    common = dict(source=_K20_SOURCE, dataset=data)
    rows = []
    for side, mask, relation, title, regime in (
        (
            "dual",
            dual_side,
            "<",
            "if #features ≫ #examples the dual is faster",
            f"d' ≥ {D:g}·n",
        ),
        (
            "primal",
            primal_side,
            ">",
            "otherwise (#examples ≫ #features) the primal is faster",
            f"n ≥ {D:g}·d'",
        ),
    ):
        part = cells[mask & big]
        scope = (
            f"dual/primal training time over the {len(part)} cells with {regime} "
            f"and max(n, d') ≥ {floor}"
        )
        if len(part):
            cell = _decisive(part, side)
            listed = "; ".join(_cell(r) for _, r in part.iterrows())
            value = dict(
                measured=float(cell["ratio"]),
                ci_low=float(cell["low"]),
                ci_high=float(cell["high"]),
            )
            quantity = (
                f"{scope}, read at the deciding cell {_cell(cell)} (all: {listed})"
            )
        else:
            value = dict(
                measured=float("nan"),
                unresolved="no cell of the grid is in this regime",
            )
            quantity = scope
        rows.append(
            ClaimRow(
                title=title,
                quantity=quantity,
                bound=1.0,
                relation=relation,
                kind="empirical",
                **value,
                **common,
            )
        )
    differ = int((~cells["same_mistakes"]).sum())
    rows.append(
        ClaimRow(
            title="primal and dual make the same mistakes in every cell",
            quantity=f"cells (of {len(cells)}) whose mistake sequences differ",
            measured=float(differ),
            bound=0.0,
            relation="==",
            kind="check",
            **common,
        )
    )
    small = cells[(dual_side | primal_side) & ~big]
    agree = disagree = unresolved = 0
    against = []
    for _, r in small.iterrows():
        claimed_dual = r["d_features"] >= D * r["n"]
        if (r["high"] < 1.0) if claimed_dual else (r["low"] > 1.0):
            agree += 1
        elif (r["low"] >= 1.0) if claimed_dual else (r["high"] <= 1.0):
            disagree += 1
            against.append(_cell(r))
        else:
            unresolved += 1
    rows.append(
        ClaimRow(
            title="below the size where arithmetic dominates, per-call costs decide",
            quantity=f"cells with a factor {D:g} either way but max(n, d') < {floor} "
            f"that disagree with the lecture ({agree} agree, {unresolved} not resolved"
            + (f"; against: {'; '.join(against)}" if against else "")
            + ")",
            measured=float(disagree),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        )
    )
    crossings = []
    for n, part in cells.groupby("n", sort=True):
        part = part.sort_values("d_features")
        logr = np.log(part["ratio"].to_numpy())
        logd = np.log(part["d_features"].to_numpy(dtype=float))
        for k in range(len(part) - 1):
            if logr[k] > 0 >= logr[k + 1]:
                t = logr[k] / (logr[k] - logr[k + 1])
                crossings.append(
                    (int(n), float(np.exp(logd[k] + t * (logd[k + 1] - logd[k]))))
                )
                break
    listing = "; ".join(f"n = {n}: d' ≈ {d:.3g}" for n, d in crossings) or "none"
    rows.append(
        ClaimRow(
            title="where the dual stops being the cheaper form",
            quantity="geometric mean over n of d'_cross / n, d'_cross the first d' "
            "at which the ratio falls through 1 (log-linear between neighbours: "
            f"{listing})",
            measured=(
                float(np.exp(np.mean([np.log(d / n) for n, d in crossings])))
                if crossings
                else float("nan")
            ),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        )
    )
    return rows
