"""What a claim row is evidence of: the ``kind`` column of claims.csv.

Standard library only, so that the workflow can read it at parse time (the
report's captions count a figure's rows by kind).
"""

from __future__ import annotations

from typing import Literal

#: What a row is evidence of. ``theorem``: a guarantee about the algorithm as
#: coded; ``identity``: an exact equality; ``empirical``: a tendency the lecture
#: asserts, which the data may contradict; ``check``: true by construction of
#: the code (a consistency test of the tool, shown but never counted as evidence
#: for a lecture claim); ``illustration``: no verdict.
Kind = Literal["theorem", "identity", "empirical", "check", "illustration"]

#: The kinds that count as evidence for or against a lecture claim.
EVIDENCE_KINDS: tuple[str, ...] = ("theorem", "identity", "empirical")
