"""The l1_ball_faces experiment: claim S6.

- S6: the L1 ball's corners, edges and faces give 2, 1 and 0 zero weights in 3-D
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="l1_ball_faces",
    family="S",
    study="study:l1_ball_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("solutions",),
    runs=section("l1_ball_faces"),
    figures={
        "l1_ball_faces": Figure("figures:plot_l1_ball_faces", claims=("S6",)),
    },
    claims={
        "S6": "claims:s6_l1_ball_faces",
    },
)
