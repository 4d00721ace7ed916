"""The stepwise_direction experiment: claim S7.

- S7: forward stepwise does better when a few predictors matter, backward when
  most do
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, cv, section

EXPERIMENT = Experiment(
    name="stepwise_direction",
    family="S",
    study="study:stepwise_direction_tables",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("replicates", "losses"),
    runs=section("stepwise_direction", shared=cv),
    figures={
        "stepwise_direction": Figure("figures:plot_stepwise_direction", claims=("S7",)),
    },
    claims={
        "S7": "claims:s7_stepwise_direction",
    },
    # Among the longest studies of the full run (7-13 s): started early, it
    # does not leave the run's last seconds to one core.
    priority=1,
)
