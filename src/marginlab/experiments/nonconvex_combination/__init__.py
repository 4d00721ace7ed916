"""The nonconvex_combination experiment: claim B9.

- B9: combinations of hyperplanes express non-convex regions
"""

from __future__ import annotations

from .._shared.experiment import PLANE, Experiment, Figure, section

#: AdaBoost over a family of lines through the data: two per direction
#: (n_directions) and point.
NEED = PLANE.but(family="n_directions")


EXPERIMENT = Experiment(
    name="nonconvex_combination",
    family="B",
    study="study:nonconvex_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("errors", "history", "regions", "points", "lines"),
    runs=section("nonconvex_combination", NEED, datasets=("convex", "nonconvex")),
    figures={
        "nonconvex_combination": Figure(
            "figures:plot_nonconvex_combination", claims=("B9",)
        ),
    },
    claims={
        "B9": "claims:b9_nonconvex_combination",
    },
)
