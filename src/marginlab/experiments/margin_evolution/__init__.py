"""The margin_evolution experiment: data of an interactive figure of the atlas (B5)."""

from __future__ import annotations

from .._shared.experiment import ANY, Applet, Experiment, section, split

EXPERIMENT = Experiment(
    name="margin_evolution",
    family="B",
    study="study:margin_evolution_table",
    work="work:counted",
    tables=("margins",),
    runs=section("margin_evolution", ANY.but(holdout=True), shared=split),
    applets={
        "margins": Applet(
            "applet:margin_evolution_applet",
            claims=("B5",),
            moves="the distribution of AdaBoost's training margins as T moves",
        ),
    },
)
