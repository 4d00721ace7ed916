"""The xor_stumps experiment: claim B8.

- B8: stumps are not weak learners for XOR
"""

from __future__ import annotations

from .._shared.experiment import PLANE, Experiment, Figure, section

#: The game over every distinct stump of the points (and over depth-2 trees
#: of at most max_thresholds thresholds per feature).
NEED = PLANE.but(family="stumps")


EXPERIMENT = Experiment(
    name="xor_stumps",
    family="B",
    study="study:xor_stumps_tables",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("edges", "history", "runs", "regions", "points", "game"),
    runs=section("xor_stumps", NEED, name=True),
    figures={
        "xor_stumps": Figure("figures:plot_xor_stumps", claims=("B8",)),
    },
    claims={
        "B8": "claims:b8_xor_stumps",
    },
    # Among the longest studies of the full run (7-13 s): started early, it
    # does not leave the run's last seconds to one core.
    priority=1,
)
