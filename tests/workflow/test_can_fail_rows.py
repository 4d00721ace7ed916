"""Every evidence row of a real run is shown coming out false by some test.

``tests/project/test_can_fail.py`` checks that each claim with evidence has a
test marked ``can_fail``; this checks it row by row: every evidence row of the
small run's ``claims.csv`` and ``timings.csv`` is named by the pattern of
some ``flips("<id>", "<pattern>", …)`` call (``tests/flips.py``) in a marked test,
and that call asserts a row so named did not hold.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path

import pytest

from marginlab.experiments._shared.kinds import EVIDENCE_KINDS
from marginlab.experiments._shared.rows import read_rows
from tests.project.test_can_fail import flip_patterns

pytestmark = [pytest.mark.pipeline, pytest.mark.xdist_group("small_run")]

TESTS = Path(__file__).resolve().parents[1]


def test_every_evidence_row_of_the_small_run_has_a_test_that_flips_it(
    small_run: Path,
) -> None:
    results = small_run / "results"
    table = read_rows(
        [p for p in (results / "claims.csv", results / "timings.csv") if p.exists()]
    )
    patterns = flip_patterns(TESTS)
    evidence = table[table["kind"].isin(EVIDENCE_KINDS)]
    assert len(evidence) > 50

    unflipped = sorted(
        {
            row.key
            for row in evidence.itertuples(index=False)
            if not any(
                fnmatchcase(row.key.removeprefix(f"{row.id}/"), p)
                for p, _ in patterns.get(row.id, [])
            )
        }
    )
    assert unflipped == [], "evidence rows no test flips:\n" + "\n".join(unflipped)
