"""Claim rows of B13, from the losses experiment's tables."""

from __future__ import annotations

import pandas as pd

from .._shared.rows import ClaimRow


def b13_losses(curves: pd.DataFrame) -> list[ClaimRow]:
    """B13: every surrogate loss is ≥ the zero-one loss on the margin grid.

    Parameters
    ----------
    curves : DataFrame
        Columns ``margin, loss, value`` with the ``zero_one`` loss and the
        surrogates on one grid, as written by
        :func:`marginlab.theory.losses.loss_curves`.

    Returns
    -------
    list of ClaimRow
        One row per surrogate: measured = min over the grid of ℓ(u) − 1{u < 0},
        checked ``>= 0``. Checks: the grid and the formulas are fixed, no
        data enter, so a row can fail only if a loss is coded wrongly.
    """
    wide = curves.pivot(index="margin", columns="loss", values="value")
    if "zero_one" not in wide:
        raise ValueError("B13 needs the zero_one curve in the loss table")
    rows = []
    for loss in (c for c in wide.columns if c != "zero_one"):
        gap = float((wide[loss] - wide["zero_one"]).min())
        rows.append(
            ClaimRow(
                name=f"gap/{loss}",
                title=f"{loss} loss upper-bounds the zero-one loss",
                source="Mohri, Boosting, 'Alternative Loss Functions'",
                dataset=f"margin grid [{wide.index.min():g}, {wide.index.max():g}], "
                f"{len(wide)} points",
                quantity=f"min over grid of {loss}(u) - 1{{u<0}}",
                measured=gap,
                bound=0.0,
                relation=">=",
                kind="check",
            )
        )
    return rows
