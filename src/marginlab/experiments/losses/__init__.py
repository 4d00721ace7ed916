"""The losses experiment: claim B13.

- B13: the usual losses bound the zero-one loss
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="losses",
    family="B",
    study="study:loss_table",
    work="work:counted",
    rows="rows:expected",
    tables=("curves",),
    runs=section("losses"),
    figures={
        "losses": Figure("figures:plot_losses", claims=("B13",)),
    },
    claims={
        "B13": "claims:b13_losses",
    },
)
