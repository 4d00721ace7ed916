"""The primal_dual_cost experiment: claim K20.

- K20: the dual perceptron is cheaper when #features ≫ #examples (counted
  work in claims.csv, CPU time in timings.csv)
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="primal_dual_cost",
    family="K",
    study="study:primal_dual_cost_tables",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("work", "timings"),
    runs=section("primal_dual_cost"),
    figures={
        "primal_dual_cost": Figure("figures:plot_primal_dual_cost", claims=("K20",)),
    },
    claims={
        "K20": "claims:k20_primal_dual_cost",
    },
    timings={
        "K20": "claims:k20_timings",
    },
    priority=1,
)
