"""The margin_cycle experiment: claim B15.

- B15: AdaBoost need not maximize the L1 margin
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="margin_cycle",
    family="B",
    study="study:margin_cycle_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("lp", "runs", "history", "distributions"),
    runs=section("margin_cycle"),
    figures={
        "margin_cycle": Figure("figures:plot_margin_cycle", claims=("B15",)),
    },
    claims={
        "B15": "claims:b15_adaboost_cycle",
    },
    # Among the longest studies of the full run (7-13 s): started early, it
    # does not leave the run's last seconds to one core.
    priority=1,
)
