"""The margin_geometry experiment: claim B19.

- B19: the L1 margin is an ℓ∞ distance, the L2 margin an ℓ2 distance; their maximizers
  differ
"""

from __future__ import annotations

from .._shared.experiment import PLANE, Experiment, Figure, section

#: The LPs over the distinct stumps of ``stumps``' points.
STUMPS = PLANE.but(family="stumps")


EXPERIMENT = Experiment(
    name="margin_geometry",
    family="B",
    study="study:margin_geometry_tables",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("distances", "solutions", "weights", "points"),
    runs=section("margin_geometry", STUMPS, datasets=("stumps",), name=True),
    figures={
        "margin_geometry": Figure("figures:plot_margin_geometry", claims=("B19",)),
    },
    claims={
        "B19": "claims:b19_margin_geometry",
    },
)
