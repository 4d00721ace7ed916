"""The rademacher_margin_bound experiment: claim B16.

- B16: the margin bound for ensembles against the test error
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, per_dataset

EXPERIMENT = Experiment(
    name="rademacher_margin_bound",
    family="B",
    study="study:rademacher_bound_table",
    work="work:counted",
    rows="rows:expected",
    tables=("bounds",),
    runs=per_dataset("rademacher_margin_bound", ANY.but(holdout=True)),
    figures={
        "rademacher_margin_bound": Figure(
            "figures:plot_rademacher_margin_bound", claims=("B16",)
        ),
    },
    claims={
        "B16": "claims:b16_rademacher_margin_bound",
    },
    label="dataset",
)
