"""Claim rows of K20, from the primal_dual_cost experiment's tables: the
counted work (claims.csv) and the CPU times (timings.csv)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import ratio_interval
from .._shared.rows import ClaimRow

_K20_SOURCE = "Huang 2017, 'Primal Perceptron', 'Dual Perceptron'"


def ratio_cells(timings: pd.DataFrame) -> pd.DataFrame:
    """Per (n, d') cell: the dual/primal CPU-time ratio and its 95 % interval
    (:func:`marginlab.theory.intervals.ratio_interval` of the repeats' ratios)."""
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
                "repeats": len(part),
            }
        )
    return pd.DataFrame(rows)


def _cell(row: pd.Series) -> str:
    return (
        f"n = {int(row['n'])}, d' = {int(row['d_features'])}: "
        f"{row['ratio']:.3g} [{row['low']:.3g}, {row['high']:.3g}]"
    )


def _sides(cells: pd.DataFrame, D: float) -> tuple[pd.Series, pd.Series]:
    """The cells with d' ≥ D·n (the dual's side) and with n ≥ D·d' (the primal's)."""
    return cells["d_features"] >= D * cells["n"], cells["n"] >= D * cells["d_features"]


def _grid(table: pd.DataFrame) -> str:
    ns = sorted(table["n"].unique())
    dims = sorted(table["d_features"].unique())
    return (
        f"random normal, labels ±1, n ∈ {{{', '.join(map(str, ns))}}}, d' ∈ "
        f"{{{', '.join(map(str, dims))}}} ((1 + x·z)^2 and its tensor-power map)"
    )


def _crossings(cells: pd.DataFrame, ratio: str) -> tuple[float, str]:
    """For each n whose ``ratio`` crosses 1 along d', the d' of the first
    crossing (log-linear between neighbours); the geometric mean of d'/n over
    them (NaN if none), and their listing."""
    crossings = []
    for n, part in cells.groupby("n", sort=True):
        part = part.sort_values("d_features")
        logr = np.log(part[ratio].to_numpy(dtype=float))
        logd = np.log(part["d_features"].to_numpy(dtype=float))
        for k in range(len(part) - 1):
            if logr[k] > 0 >= logr[k + 1]:
                t = logr[k] / (logr[k] - logr[k + 1])
                crossings.append(
                    (int(n), float(np.exp(logd[k] + t * (logd[k + 1] - logd[k]))))
                )
                break
    listing = "; ".join(f"n = {n}: d' ≈ {d:.3g}" for n, d in crossings) or "none"
    mean = (
        float(np.exp(np.mean([np.log(d / n) for n, d in crossings])))
        if crossings
        else float("nan")
    )
    return mean, listing


def k20_primal_dual_cost(work: pd.DataFrame) -> list[ClaimRow]:
    """K20 in counted work: the dual perceptron does fewer multiply-adds when
    #features ≫ #examples, the primal one otherwise.

    Parameters
    ----------
    work : DataFrame
        From :func:`.study.primal_dual_cost_tables`: per (n, d') cell, the
        multiply-adds of one training run of each form
        (:func:`.study.multiply_adds`, from the counts of the running code).

    Returns
    -------
    list of ClaimRow
        On every cell of the grid with a factor D = ``dominance`` either way
        (no size floor: counted work has no cost per call):

        1. ``work/dual_side`` (check) d' ≥ D·n: the dual/primal ratio of
           multiply-adds below 1 in every such cell (the largest is read);
        2. ``work/primal_side`` (check) n ≥ D·d': above 1 in every such cell
           (the smallest);
        3. ``same_mistakes`` (check) both forms made the same mistakes, in the
           same order and epochs, in every cell (they are the same algorithm,
           K6), so only the cost of a step differs;
        4. ``work/crossover`` (illustration) the crossover: for each n whose
           ratio crosses 1 along d', the d' of the crossing over n; their
           geometric mean.

        Rows 1 and 2 are checks: the counts follow from the code's
        construction (the primal does O(d') per visit, the dual O(n² d) once
        and O(n) per mistake); the data enter only through the epochs and
        the mistakes, which both forms share.
    """
    cells = work.assign(ratio=work["dual_madds"] / work["primal_madds"])
    D = float(work["dominance"].iloc[0])
    dual_side, primal_side = _sides(cells, D)
    common = dict(source=_K20_SOURCE, dataset=_grid(work))
    why = (
        "a check: the counts follow from the code (primal O(d') per visit, dual "
        "O(n^2 d) once and O(n) per mistake); the data enter only through the "
        "epochs and mistakes both forms share"
    )
    rows = []
    for mask, relation, title, regime, pick, side in (
        (
            dual_side,
            "<",
            "if #features ≫ #examples the dual does less work",
            f"d' ≥ {D:g}·n",
            "idxmax",
            "dual_side",
        ),
        (
            primal_side,
            ">",
            "otherwise (#examples ≫ #features) the primal does less work",
            f"n ≥ {D:g}·d'",
            "idxmin",
            "primal_side",
        ),
    ):
        part = cells[mask]
        listed = "; ".join(
            f"n = {int(r.n)}, d' = {int(r.d_features)}: {r.ratio:.3g}"
            for r in part.itertuples(index=False)
        )
        decisive = part.loc[getattr(part["ratio"], pick)()] if len(part) else None
        rows.append(
            ClaimRow(
                title=title,
                quantity=(
                    f"counted multiply-adds, dual/primal, over the {len(part)} cells "
                    f"with {regime}, read at the cell nearest to 1 (all: {listed}); "
                    + why
                ),
                measured=float(decisive["ratio"]) if decisive is not None else np.nan,
                bound=1.0,
                relation=relation,
                kind="check",
                unresolved="" if len(part) else "no cell of the grid is in this regime",
                name=f"work/{side}",
                **common,
            )
        )
    differ = int((~cells["same_mistakes"].astype(str).eq("True")).sum())
    rows.append(
        ClaimRow(
            title="primal and dual make the same mistakes in every cell",
            quantity=f"cells (of {len(cells)}) whose mistake sequences differ",
            measured=float(differ),
            bound=0.0,
            relation="==",
            kind="check",
            name="same_mistakes",
            **common,
        )
    )
    mean, listing = _crossings(cells, "ratio")
    rows.append(
        ClaimRow(
            title="where the dual stops doing less work",
            quantity="geometric mean over n of d'_cross / n, d'_cross the first d' "
            "at which the counted multiply-adds' ratio dual/primal falls through 1 "
            f"(log-linear between neighbours: {listing})",
            measured=mean,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="work/crossover",
            **common,
        )
    )
    return rows


def _decisive(part: pd.DataFrame) -> pd.Series:
    """The cell that decides "every interval below 1": the one whose whole
    interval is at or above 1 (reaching highest) if any, else the one whose
    interval reaches highest."""
    worst = part.loc[part["low"].idxmax()]
    return worst if worst["low"] >= 1.0 else part.loc[part["high"].idxmax()]


def _towards_lecture(cells: pd.DataFrame, primal_side: pd.Series) -> pd.DataFrame:
    """Ratios turned so that the lecture claims < 1 in every cell: dual/primal
    on the dual's side, primal/dual (ratio and interval inverted) on the
    primal's."""
    out = cells.copy()
    flip = primal_side.to_numpy()
    out.loc[flip, "ratio"] = 1.0 / cells.loc[flip, "ratio"]
    out.loc[flip, "low"] = 1.0 / cells.loc[flip, "high"]
    out.loc[flip, "high"] = 1.0 / cells.loc[flip, "low"]
    return out


def k20_timings(timings: pd.DataFrame) -> list[ClaimRow]:
    """K20 in CPU time: the dual perceptron is faster when #features ≫
    #examples, the primal one otherwise.

    Parameters
    ----------
    timings : DataFrame
        From :func:`.study.primal_dual_cost_tables`: per (n, d') cell,
        repeated side-by-side CPU times of both forms.

    Returns
    -------
    list of ClaimRow
        1. ``time/dual_side`` (empirical) every cell with d' ≥ D·n
           (D = ``dominance``) and max(n, d') ≥ ``min_size``: the dual/primal
           time ratio below 1, read from the cell that decides (one whose
           whole interval is at or above 1 makes the row fail; otherwise the
           one whose interval reaches highest, which leaves the row not
           resolved if it straddles 1); not resolved when no cell is in that
           regime;
        2. ``time/primal_side`` (empirical) the same for n ≥ D·d', ratio
           above 1;
        3. ``time/population`` (empirical) the whole population beside them:
           every cell with a factor D either way, whatever its size, on the
           side the lecture names (the ratio turned to primal/dual on the
           primal's side, so that every cell claims < 1), read the same way;
           with how many agree, disagree or are not resolved;
        4. ``time/crossover`` (illustration) the crossover: for each n whose
           ratio crosses 1 along d', the d' of the crossing (log-linear between
           neighbours) over n; their geometric mean.
    """
    cells = ratio_cells(timings)
    D = float(timings["dominance"].iloc[0])
    floor = int(timings["min_size"].iloc[0])
    big = cells[["n", "d_features"]].max(axis=1) >= floor
    dual_side, primal_side = _sides(cells, D)
    turned = _towards_lecture(cells, primal_side)
    repeats = int(cells["repeats"].iloc[0])
    common = dict(
        source=_K20_SOURCE,
        dataset=f"{_grid(timings)}, {repeats} side-by-side repeats per cell",
    )
    rows = []
    for mask, relation, title, regime, scope, name in (
        (
            dual_side & big,
            "<",
            "if #features ≫ #examples the dual is faster",
            f"d' ≥ {D:g}·n",
            f" and max(n, d') ≥ {floor}",
            "time/dual_side",
        ),
        (
            primal_side & big,
            ">",
            "otherwise (#examples ≫ #features) the primal is faster",
            f"n ≥ {D:g}·d'",
            f" and max(n, d') ≥ {floor}",
            "time/primal_side",
        ),
        (
            dual_side | primal_side,
            "<",
            f"the whole population: every cell with a factor {D:g} either way",
            f"a factor {D:g} either way",
            "",
            "time/population",
        ),
    ):
        part = turned[mask]
        whole = scope == ""
        if whole:
            quantity = (
                f"CPU time of the form the lecture calls easier over the other "
                f"(dual/primal where d' ≥ {D:g}·n, primal/dual where n ≥ {D:g}·d') "
                f"over all {len(part)} cells with {regime}, any size"
            )
        else:
            quantity = (
                f"dual/primal CPU time over the {len(part)} cells with {regime}{scope}"
            )
        if len(part):
            cell = _decisive(part)
            listed = "; ".join(_cell(r) for _, r in part.iterrows())
            if whole:
                agree = int((part["high"] < 1.0).sum())
                against = int((part["low"] >= 1.0).sum())
                quantity += (
                    f" ({agree} agree, {against} disagree, "
                    f"{len(part) - agree - against} not resolved)"
                )
            elif relation == ">":  # read back as dual/primal
                cell = cells.loc[cell.name]
                listed = "; ".join(_cell(r) for _, r in cells[mask].iterrows())
            value = dict(
                measured=float(cell["ratio"]),
                ci_low=float(cell["low"]),
                ci_high=float(cell["high"]),
            )
            quantity += f", read at the deciding cell {_cell(cell)} (all: {listed})"
        else:
            value = dict(
                measured=float("nan"),
                unresolved="no cell of the grid is in this regime",
            )
        rows.append(
            ClaimRow(
                title=title,
                quantity=quantity,
                bound=1.0,
                relation=relation,
                kind="empirical",
                name=name,
                **value,
                **common,
            )
        )
    mean, listing = _crossings(cells, "ratio")
    rows.append(
        ClaimRow(
            title="where the dual stops being the faster form",
            quantity="geometric mean over n of d'_cross / n, d'_cross the first d' "
            "at which the CPU-time ratio dual/primal falls through 1 (log-linear "
            f"between neighbours: {listing})",
            measured=mean,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            name="time/crossover",
            **common,
        )
    )
    return rows
