"""Rows of ``results/claims.csv``: one function per claim id.

A claim is measured, never asserted: each row holds the measured quantity, the
bound or expected value, the relation checked and whether it held. Columns are
those described in CLAIMS.md ("How to read a row")::

    id, title, source, dataset, quantity, measured, bound, relation, holds, kind, figure
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Literal

import numpy as np
import pandas as pd

COLUMNS = (
    "id",
    "title",
    "source",
    "dataset",
    "quantity",
    "measured",
    "bound",
    "relation",
    "holds",
    "kind",
    "figure",
)


#: What a row is evidence of. ``theorem``: a guarantee about the algorithm as
#: coded; ``identity``: an exact equality; ``empirical``: a tendency the lecture
#: asserts, which the data may contradict; ``check``: true by construction of
#: the code (a consistency test of the tool, shown but never counted as evidence
#: for a lecture claim); ``illustration``: no verdict.
Kind = Literal["theorem", "identity", "empirical", "check", "illustration"]

#: The kinds that count as evidence for or against a lecture claim.
EVIDENCE_KINDS: tuple[str, ...] = ("theorem", "identity", "empirical")


Relation = Literal["<=", ">=", "<", ">", "==", "n/a"]


_OPS: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
    "==": operator.eq,
}


@dataclass(frozen=True)
class ClaimRow:
    """One measured claim on one dataset or configuration.

    ``holds`` is derived: ``measured <relation> bound``, or ``None`` (written
    ``n/a``) for illustrations, whose relation is ``"n/a"``.
    """

    id: str
    title: str
    source: str
    dataset: str
    quantity: str
    measured: float
    bound: float
    relation: Relation
    kind: Kind
    figure: str

    @property
    def holds(self) -> bool | None:
        if self.relation == "n/a":
            return None
        if np.isnan(self.measured) or np.isnan(self.bound):
            return False  # a NaN never satisfies a relation
        return bool(_OPS[self.relation](self.measured, self.bound))

    def as_record(self) -> dict[str, object]:
        record = asdict(self)
        record["holds"] = {True: "true", False: "false", None: "n/a"}[self.holds]
        return {c: record[c] for c in COLUMNS}


def to_frame(rows: Iterable[ClaimRow]) -> pd.DataFrame:
    """Claim rows as a table with the columns of claims.csv, in that order."""
    return pd.DataFrame([r.as_record() for r in rows], columns=list(COLUMNS))


def read_rows(paths: Iterable[str | os.PathLike[str]]) -> pd.DataFrame:
    """Concatenate claim-row CSVs, keeping ``holds`` and text columns as written."""
    text = {c: str for c in COLUMNS if c not in ("measured", "bound")}
    frames = [
        pd.read_csv(
            p,
            dtype=text,
            keep_default_na=False,
            na_values={"measured": [""], "bound": [""]},
        )
        for p in paths
    ]
    return pd.concat(frames, ignore_index=True)[list(COLUMNS)]


def render_markdown(table: pd.DataFrame) -> str:
    """claims.csv as a Markdown table for people, numbers to 6 significant digits."""

    def cell(value: object) -> str:
        if isinstance(value, float):
            return f"{value:.6g}"
        return str(value).replace("|", "\\|")

    cols = list(table.columns)
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += [
        "| " + " | ".join(cell(v) for v in row) + " |"
        for row in table.itertuples(index=False)
    ]
    evidence = table["holds"][table["kind"].isin(EVIDENCE_KINDS)]
    checks = table["holds"][table["kind"] == "check"]
    held = (evidence == "true").sum()
    failed = (evidence == "false").sum()
    summary = (
        f"{len(table)} rows: of {len(evidence)} rows of evidence, {held} held and "
        f"{failed} did not hold; {(checks == 'true').sum()} of {len(checks)} checks "
        f"passed; {(table['holds'] == 'n/a').sum()} illustrations or not measured."
    )
    return "# Claims\n\n" + summary + "\n\n" + "\n".join(lines) + "\n"
