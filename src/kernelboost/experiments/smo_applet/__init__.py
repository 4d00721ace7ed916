"""The smo_applet experiment: data of an interactive figure of the atlas (K11).

This folder holds the whole experiment: its study (``study.py``), applet builder
(``applet.py``), and, here, its registry entry, which Snakemake reads when it parses the
workflow (standard library only).
"""

from __future__ import annotations

from .._shared.entry import PLANE, Applet, Experiment, section

EXPERIMENT = Experiment(
    name="smo_applet",
    family="K",
    study="study:smo_grid_tables",
    tables=("summary", "surface", "points"),
    runs=section("smo_applet", PLANE),
    applets={
        "smo": Applet(
            "applet:smo_applet",
            claims=("K11",),
            moves="the Gaussian SVM's regions, margin and support vectors as σ and C "
            "move (SMO)",
        ),
    },
)
