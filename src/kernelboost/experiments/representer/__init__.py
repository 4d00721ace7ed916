"""The representer experiment: claim K5.

- K5: representer theorem

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="representer",
    family="K",
    study="study:representer_table",
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
