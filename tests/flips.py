"""``flips``: the one way a test shows an evidence row coming out false.

A row counts as evidence only if it could have failed. A test marked
``@pytest.mark.can_fail("<id>")`` breaks the numbers (or the code) a claim
reads and passes the claim function's rows to :func:`flips`, naming the row by
a shell-style pattern (:func:`fnmatch.fnmatchcase`) on its name within the
claim (``tail/*`` for the ``B5/tail/...`` keys); ``flips`` asserts that the
matching evidence rows did not hold. ``tests/project/test_can_fail.py`` collects the
literal ``flips("<id>", "<pattern>", …)`` calls of every test file, and
``tests/workflow/test_can_fail_rows.py`` checks that every evidence row of the
small run (claims.csv and timings.csv) is matched by one of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase

from marginlab.experiments._shared.kinds import EVIDENCE_KINDS
from marginlab.experiments._shared.rows import ClaimRow
from marginlab.pipeline.jobs import place_rows


def flips(claim: str, row: str, rows: Iterable[ClaimRow]) -> list[ClaimRow]:
    """The evidence rows of ``claim`` among ``rows`` whose name matches the
    shell-style pattern ``row`` (:func:`fnmatch.fnmatchcase`): there is at
    least one, and every one of them did not hold.

    Returns
    -------
    list of ClaimRow
        The matching rows, placed (:func:`~marginlab.pipeline.jobs.place_rows`).
    """
    placed = place_rows(claim, rows)
    matching = [
        r for r in placed if r.kind in EVIDENCE_KINDS and fnmatchcase(r.name, row)
    ]
    assert matching, f"{claim}: no evidence row matches {row!r} in " + "; ".join(
        f"{r.kind}: {r.key}" for r in placed
    )
    held = [r.key for r in matching if r.verdict != "false"]
    assert held == [], f"{claim}: rows matching {row!r} did not flip: {held}"
    return matching
