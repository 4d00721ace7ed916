"""The rows of ``results/claims.csv``, which each room's claim functions return.

A claim is measured, never asserted: each row holds the measured quantity, the
bound or expected value, the relation checked and whether it held. Columns are
those described in CLAIMS.md ("How to read a row")::

    id, key, title, source, dataset, quantity, measured, ci_low, ci_high,
    bound, relation, holds, kind, figure, resolving_factor

``key`` names the row for tests and links (``B5/tail/moons``): the claim's
id, then the row's own name within the claim, which stays when its
``quantity`` (prose for readers) is reworded.

``ci_low, ci_high`` is the 95 % confidence interval of ``measured`` where it is
measured on finitely many test points (empty otherwise); ``resolving_factor``
how many times as many points would resolve it, where the interval's own
method gives that number (empty otherwise: it is then read off the interval).
"""

from __future__ import annotations

import operator
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from typing import Literal, get_args

import numpy as np
import pandas as pd

from ...theory.multiplicity import (
    ALPHA,
    benjamini_hochberg,
    holm,
    interval_p_value,
    resolving_factor,
)
from .kinds import EVIDENCE_KINDS, Kind, Tally

COLUMNS = (
    "id",
    "key",
    "title",
    "source",
    "dataset",
    "quantity",
    "measured",
    "ci_low",
    "ci_high",
    "bound",
    "relation",
    "holds",
    "kind",
    "figure",
    "resolving_factor",
)


Relation = Literal["<=", ">=", "<", ">", "==", "n/a"]


_OPS: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
    "==": operator.eq,
}


#: A row's name within its claim: segments of letters, digits and the
#: characters ``_.=+-``, joined by ``/`` (``tail/moons``, ``gap/sigma=0.5``).
ROW_NAME = re.compile(r"[A-Za-z0-9_.=+-]+(/[A-Za-z0-9_.=+-]+)*")


def name_segment(value: object) -> str:
    """``value`` as one segment of a row name (:data:`ROW_NAME`): each run of
    other characters becomes ``_``.

    Examples
    --------
    >>> name_segment("gaussian(sigma=0.5)"), name_segment("kernel perceptron")
    ('gaussian_sigma=0.5', 'kernel_perceptron')
    """
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", str(value)).strip("_")


#: ``holds`` as written to claims.csv.
VERDICTS: tuple[str, ...] = ("true", "false", "not resolved", "n/a")


@dataclass(frozen=True, kw_only=True)
class ClaimRow:
    """One measured claim on one dataset or configuration.

    ``name`` is the row's stable name within its claim (:data:`ROW_NAME`,
    e.g. ``tail/moons``), unique among the claim's rows; its :attr:`key`,
    ``<id>/<name>``, is what tests and the atlas address the row by, so
    that ``quantity`` can be reworded freely.

    A claim function leaves ``id`` and ``figure`` empty: the pipeline gives
    every row its claim's id and the first figure the registry shows the claim
    in (:func:`marginlab.pipeline.jobs.claim_rows`), so rows and registry
    cannot disagree. A row shown in another figure of the claim names it.

    The verdict is derived: ``measured <relation> bound``, or ``n/a`` for
    illustrations, whose relation is ``"n/a"``. A row measured on finitely
    many test points carries a confidence interval [``ci_low``, ``ci_high``]
    of ``measured`` (:mod:`marginlab.theory.intervals`); its verdict is then
    ``true`` when every value of the interval satisfies the relation,
    ``false`` when none does, and ``not resolved`` otherwise. A row whose
    measurement cannot decide the claim at all (e.g. a growth exponent fitted
    over less than two decades of sizes) names the reason in ``unresolved``
    and reads ``not resolved`` whatever its numbers.

    ``resolving_factor``, with an interval only: how many times as many
    points would resolve the row at its observed effect, where the
    interval's method gives it (a paired difference of error rates:
    :meth:`~marginlab.theory.intervals.PairedDifference.fields`); left
    empty, the summaries read it off the interval
    (:func:`~marginlab.theory.multiplicity.resolving_factor`).
    """

    title: str
    source: str
    dataset: str
    quantity: str
    measured: float
    bound: float
    relation: Relation
    kind: Kind
    name: str = ""
    id: str = ""
    figure: str = ""
    ci_low: float = float("nan")
    ci_high: float = float("nan")
    unresolved: str = ""
    resolving_factor: float = float("nan")

    def __post_init__(self) -> None:
        # A row is read by people and by the tallies: every text field says
        # something, and kind and relation are ones the verdicts know.
        for field in ("title", "source", "dataset", "quantity"):
            text = getattr(self, field)
            if not isinstance(text, str) or not text.strip():
                raise ValueError(
                    f"{self.id}: a claim row needs a {field}; got {text!r}."
                )
        if self.name and not ROW_NAME.fullmatch(self.name):
            raise ValueError(
                f"{self.id}: row name {self.name!r} is not segments of letters, "
                "digits and _ . = + - joined by /."
            )
        if self.kind not in get_args(Kind):
            raise ValueError(
                f"{self.id}: kind {self.kind!r} is not one of {get_args(Kind)}."
            )
        if self.relation not in get_args(Relation):
            raise ValueError(
                f"{self.id}: relation {self.relation!r} is not one of "
                f"{get_args(Relation)}."
            )
        for field in ("measured", "bound", "ci_low", "ci_high", "resolving_factor"):
            value = getattr(self, field)
            if not isinstance(value, (int, float, np.number)):
                raise ValueError(f"{self.id}: {field} must be a number; got {value!r}.")
        has = (not np.isnan(self.ci_low), not np.isnan(self.ci_high))
        if any(has) and not all(has):
            raise ValueError(f"{self.id}: give both ends of the interval or neither.")
        if not all(has) and not np.isnan(self.resolving_factor):
            raise ValueError(f"{self.id}: a resolving factor needs an interval.")
        if all(has) and self.relation in ("==", "n/a"):
            raise ValueError(
                f"{self.id}: an interval needs an inequality; got {self.relation!r}."
            )
        if all(has) and not self.ci_low <= self.measured <= self.ci_high:
            raise ValueError(
                f"{self.id}: measured {self.measured} lies outside its interval "
                f"[{self.ci_low}, {self.ci_high}]."
            )

    @property
    def key(self) -> str:
        """``<id>/<name>``, the row's address (empty without a name)."""
        return f"{self.id}/{self.name}" if self.name else ""

    @property
    def verdict(self) -> str:
        """One of :data:`VERDICTS`."""
        if self.relation == "n/a":
            return "n/a"
        if self.unresolved:
            return "not resolved"
        if np.isnan(self.measured) or np.isnan(self.bound):
            return "false"  # a NaN never satisfies a relation
        op = _OPS[self.relation]
        if np.isnan(self.ci_low):
            return "true" if op(self.measured, self.bound) else "false"
        ends = (op(self.ci_low, self.bound), op(self.ci_high, self.bound))
        if all(ends):
            return "true"
        return "not resolved" if any(ends) else "false"

    @property
    def holds(self) -> bool | None:
        """True or False; None for an illustration or a row not resolved."""
        return {"true": True, "false": False}.get(self.verdict)

    def as_record(self) -> dict[str, object]:
        record = asdict(self)
        record["holds"] = self.verdict
        record["key"] = self.key
        return {c: record[c] for c in COLUMNS}


def not_applicable(row: ClaimRow, reason: str) -> ClaimRow:
    """``row`` when the data break an assumption of its statement: shown with
    what it measured, but with no verdict, its quantity saying why.

    A theorem (or a check) says nothing about data that break its
    assumptions, so such a row must not read "did not hold": it becomes an
    ``illustration`` with relation ``n/a`` (counted among the rows without a
    verdict), its quantity ``not applicable: <reason> (<quantity> = <measured>)``.

    Examples
    --------
    >>> row = ClaimRow(title="t", source="s", dataset="d", quantity="error",
    ...                measured=0.25, bound=0.0, relation="<=", kind="check")
    >>> na = not_applicable(row, "two identical points carry opposite labels")
    >>> na.verdict, na.kind, na.quantity
    ('n/a', 'illustration', 'not applicable: two identical points carry \
opposite labels (error = 0.25)')
    """
    return replace(
        row,
        quantity=f"not applicable: {reason} ({row.quantity} = {row.measured:.6g})",
        bound=float("nan"),
        relation="n/a",
        kind="illustration",
        ci_low=float("nan"),
        ci_high=float("nan"),
        unresolved="",
        resolving_factor=float("nan"),
    )


def to_frame(rows: Iterable[ClaimRow]) -> pd.DataFrame:
    """Claim rows as a table with the columns of claims.csv, in that order."""
    return pd.DataFrame([r.as_record() for r in rows], columns=list(COLUMNS))


def read_rows(paths: Iterable[str | os.PathLike[str]]) -> pd.DataFrame:
    """Concatenate claim-row CSVs, keeping ``holds`` and text columns as written."""
    numbers = ("measured", "ci_low", "ci_high", "bound", "resolving_factor")
    text = {c: str for c in COLUMNS if c not in numbers}
    frames = [
        pd.read_csv(
            p,
            dtype=text,
            keep_default_na=False,
            na_values={c: [""] for c in numbers},
        )
        for p in paths
    ]
    if not frames:
        return pd.DataFrame(columns=list(COLUMNS))
    return pd.concat(frames, ignore_index=True)[list(COLUMNS)]


#: The corrections of :func:`corrected_holds`, by name.
CORRECTIONS: dict[str, Callable[[list[float]], np.ndarray]] = {
    "Holm": holm,
    "Benjamini-Hochberg": benjamini_hochberg,
}


def in_family(table: pd.DataFrame) -> pd.Series:
    """The rows a multiplicity correction is over: evidence read from an interval."""
    return table["kind"].isin(EVIDENCE_KINDS) & table["ci_low"].notna()


def corrected_holds(table: pd.DataFrame, correction: str) -> pd.Series:
    """``holds`` after correcting the interval rows' verdicts for their number.

    Each evidence row with an interval gets the p-value its interval implies
    (:func:`~marginlab.theory.multiplicity.interval_p_value`); the p-values
    of all of them are adjusted together by ``correction`` (a key of
    :data:`CORRECTIONS`), and a decided verdict (``true`` or ``false``) stays
    only where the adjusted value is at most α = 2.5 %, the one-sided level of
    a single row; elsewhere it reads ``not resolved``. Other rows are as written.
    """
    holds = table["holds"].copy()
    family = in_family(table)
    if not family.any():
        return holds
    part = table[family]
    p = [
        interval_p_value(r.measured, r.ci_low, r.ci_high, r.bound)
        for r in part.itertuples(index=False)
    ]
    adjusted = pd.Series(CORRECTIONS[correction](p), index=part.index)
    decided = holds[family].isin(("true", "false"))
    holds[family] = holds[family].where(~decided | (adjusted <= ALPHA), "not resolved")
    return holds


@dataclass(frozen=True)
class Multiplicity:
    """How many verdicts chance alone may have decided wrongly, and the
    verdicts again under Holm's and Benjamini and Hochberg's corrections.

    ``family`` counts the evidence rows read from a 95 % interval; if every
    interval has its nominal coverage, each decided verdict among them is wrong
    with probability at most α = 2.5 %, so ``expected_wrong`` = α · family
    bounds the expected number of wrong verdicts.
    """

    family: int
    expected_wrong: float
    holm: Tally
    bh: Tally

    @classmethod
    def of(cls, table: pd.DataFrame) -> Multiplicity:
        def tally(correction: str) -> Tally:
            holds = corrected_holds(table, correction)
            return Tally.of(zip(table["kind"], holds, strict=True))

        family = int(in_family(table).sum())
        return cls(family, ALPHA * family, tally("Holm"), tally("Benjamini-Hochberg"))

    def sentence(self) -> str:
        """The reading in words, for the summaries."""
        h, b = self.holm, self.bh
        return (
            f"{self.family} rows of evidence are read from a 95 % interval; each "
            f"verdict decided among them is wrong with probability at most 2.5 %, "
            f"so about {self.expected_wrong:.1f} of them may be wrong by chance "
            f"alone. Corrected for their number by Holm's method (no wrong verdict "
            f"among them with probability at least 97.5 %), {h.held} rows of "
            f"evidence held, {h.failed} did not hold and {h.unresolved} are not "
            f"resolved; by Benjamini and Hochberg's (at most 2.5 % of the decided "
            f"verdicts wrong, in expectation), {b.held} held, {b.failed} did not "
            f"hold and {b.unresolved} are not resolved."
        )


def render_markdown(table: pd.DataFrame, title: str = "Claims") -> str:
    """claims.csv (or timings.csv) as a Markdown table for people, numbers to 6
    significant digits, under the heading ``title``."""

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
    t = Tally.of(zip(table["kind"], table["holds"], strict=True))
    summary = (
        f"{t.rows} rows: of {t.evidence} rows of evidence, {t.held} held, "
        f"{t.failed} did not hold and {t.unresolved} are not resolved; "
        f"{t.checks_passed} of {t.checks} checks passed; "
        f"{t.no_verdict} illustrations or not measured.\n\n"
        + Multiplicity.of(table).sentence()
    )
    return (
        f"# {title}\n\n"
        + summary
        + "\n\n"
        + "\n".join(lines)
        + "\n"
        + _unresolved_section(table)
    )


def _unresolved_section(table: pd.DataFrame) -> str:
    """The interval rows not resolved, each with how many times as many points
    would resolve it at its observed effect (:func:`resolving_factor`)."""
    open_rows = table[in_family(table) & (table["holds"] == "not resolved")]
    if open_rows.empty:
        return ""
    lines = [
        "",
        "## Rows not resolved, and the points that would resolve them",
        "",
        "For each row read from an interval that straddles its bound: the factor "
        "by which its number of test points (or sizes, or repeats) would have to "
        "grow for the interval to exclude the bound if the effect stayed as "
        "observed, (half-width toward the bound / distance to the bound)², the "
        "interval shrinking like 1/√n. At that size a new run has about even odds "
        "of resolving it; a zero effect never resolves.",
        "",
        "| id | dataset | quantity | measured | bound | × points |",
        "|---|---|---|---|---|---|",
    ]
    for r in open_rows.itertuples(index=False):
        factor = r.resolving_factor
        if np.isnan(factor):
            factor = resolving_factor(r.measured, r.ci_low, r.ci_high, r.bound)
        if np.isinf(factor):
            shown = "never (no effect)"
        elif factor <= 1:
            shown = "— (undecided for the reason in its quantity)"
        else:
            shown = f"{factor:.3g}"
        cells = (r.id, r.dataset, r.quantity, f"{r.measured:.6g}", f"{r.bound:.6g}")
        escaped = (str(c).replace("|", "\\|") for c in cells)
        lines.append("| " + " | ".join(escaped) + f" | {shown} |")
    return "\n".join(lines) + "\n"


def format_c(value: object) -> str:
    """A hyper-parameter value (C, σ) for a row's quantity, as ``%g`` does."""
    return f"{float(value):g}"


def is_true(value: object) -> bool:
    """A boolean cell, as written by pandas (True) or read back from CSV."""
    return str(value).strip().lower() == "true"
