"""The adaboost_rounds experiment: data of an interactive figure of the atlas (B1)."""

from __future__ import annotations

from .._shared.experiment import PLANE, Applet, Experiment, section

EXPERIMENT = Experiment(
    name="adaboost_rounds",
    family="B",
    study="study:adaboost_rounds_tables",
    work="work:counted",
    tables=("rounds", "weights", "surface", "points"),
    runs=section("adaboost_rounds", PLANE),
    applets={
        "adaboost": Applet(
            "applet:adaboost_rounds_applet",
            claims=("B1",),
            moves="AdaBoost round by round: regions, the weights D_t, and the training "
            "error against Π Z_t and exp(−2γ²t)",
        ),
    },
)
