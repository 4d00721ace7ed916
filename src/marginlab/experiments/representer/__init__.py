"""The representer experiment: claim K5.

- K5: representer theorem
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="representer",
    family="K",
    study="study:representer_table",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("iterates",),
    runs=section("representer"),
    figures={
        "representer": Figure("figures:plot_representer", claims=("K5",)),
    },
    claims={
        "K5": "claims:k5_representer",
    },
)
