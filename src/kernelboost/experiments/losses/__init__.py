"""The losses experiment: claim B13.

- B13: the usual losses bound the zero-one loss

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="losses",
    family="B",
    study="study:loss_table",
    tables=("curves",),
    runs=section("losses"),
    figures={
        "losses": Figure("figures:plot_losses", claims=("B13",)),
    },
    claims={
        "B13": "claims:b13_losses",
    },
)
