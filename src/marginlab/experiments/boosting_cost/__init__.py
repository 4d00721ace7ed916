"""The boosting_cost experiment: claim B11.

- B11: the cost of boosting stumps (counted work in claims.csv, CPU time in
  timings.csv)
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="boosting_cost",
    family="B",
    study="study:boosting_cost_tables",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("timings", "fits", "work"),
    runs=section("boosting_cost"),
    figures={
        "boosting_cost": Figure("figures:plot_boosting_cost", claims=("B11",)),
    },
    claims={
        "B11": "claims:b11_boosting_cost",
    },
    timings={
        "B11": "claims:b11_timings",
    },
    priority=1,
)
