"""The arc_gv experiment: claim B21.

- B21: arc-gv reaches a larger minimum margin than AdaBoost, yet its test error
  is not lower
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, per_pair

EXPERIMENT = Experiment(
    name="arc_gv",
    family="B",
    study="study:arc_gv_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("curve", "margins", "mistakes", "summary", "trajectory"),
    # Generated data against their own test sets; real data in stratified halves,
    # each of which needs a point of each class.
    runs=per_pair(
        "arc_gv",
        ANY.but(min_per_class=2, min_why="each stratified half needs both classes"),
    ),
    figures={
        "arc_gv": Figure("figures:plot_arc_gv", claims=("B21",)),
    },
    claims={
        "B21": "claims:b21_arc_gv",
    },
    label="dataset",
    priority=1,
)
