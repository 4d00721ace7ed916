"""What a claim row is evidence of: the ``kind`` column of claims.csv.

Standard library only, so that the workflow can read it at parse time (the
report's captions count a figure's rows by kind).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

#: What a row is evidence of. ``theorem``: a guarantee about the algorithm as
#: coded; ``identity``: an exact equality; ``empirical``: a tendency the lecture
#: asserts, which the data may contradict; ``check``: true by construction of
#: the code (a consistency test of the tool, shown but never counted as evidence
#: for a lecture claim); ``illustration``: no verdict.
Kind = Literal["theorem", "identity", "empirical", "check", "illustration"]

#: The kinds that count as evidence for or against a lecture claim.
EVIDENCE_KINDS: tuple[str, ...] = ("theorem", "identity", "empirical")


@dataclass(frozen=True)
class Tally:
    """How a set of claim rows came out.

    ``held``, ``failed`` and ``unresolved`` count the evidence rows (kinds
    :data:`EVIDENCE_KINDS`) whose ``holds`` is ``true``, ``false`` and ``not
    resolved``; checks are counted apart; ``no_verdict`` counts the rows of
    any kind whose ``holds`` is ``n/a`` (illustrations, rows not measured).
    """

    rows: int = 0
    evidence: int = 0
    held: int = 0
    failed: int = 0
    unresolved: int = 0
    checks: int = 0
    checks_passed: int = 0
    no_verdict: int = 0

    @classmethod
    def of(cls, rows: Iterable[tuple[str, str]]) -> Tally:
        """The tally of ``(kind, holds)`` pairs, as written to claims.csv.

        Examples
        --------
        >>> t = Tally.of([("theorem", "true"), ("empirical", "not resolved"),
        ...               ("check", "true"), ("illustration", "n/a")])
        >>> (t.rows, t.held, t.unresolved, t.checks_passed, t.no_verdict)
        (4, 1, 1, 1, 1)
        """
        pairs = list(rows)
        evidence = [h for k, h in pairs if k in EVIDENCE_KINDS]
        checks = [h for k, h in pairs if k == "check"]
        return cls(
            rows=len(pairs),
            evidence=len(evidence),
            held=evidence.count("true"),
            failed=evidence.count("false"),
            unresolved=evidence.count("not resolved"),
            checks=len(checks),
            checks_passed=checks.count("true"),
            no_verdict=sum(h == "n/a" for _, h in pairs),
        )

    @property
    def status(self) -> str:
        """One word for the whole set: ``did not hold`` if any evidence row
        did not hold, else ``not resolved`` if any is not resolved, else
        ``held`` if any held, else ``checks`` or ``illustration``."""
        if self.failed:
            return "did not hold"
        if self.unresolved:
            return "not resolved"
        if self.held:
            return "held"
        return "checks" if self.checks else "illustration"


def verdict(kind: str, holds: str) -> str:
    """A row's outcome in words: held, did not hold, not resolved (evidence);
    check passed, check failed; no verdict (``holds`` n/a).

    Examples
    --------
    >>> verdict("theorem", "false"), verdict("check", "true")
    ('did not hold', 'check passed')
    """
    if holds == "n/a":
        return "no verdict"
    if kind == "check":
        return "check passed" if holds == "true" else "check failed"
    return {"true": "held", "false": "did not hold"}.get(holds, holds)
