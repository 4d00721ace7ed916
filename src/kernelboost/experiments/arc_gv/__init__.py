"""The arc_gv experiment: claim B21.

- B21: arc-gv reaches a larger minimum margin than AdaBoost, yet its test error
  is not lower

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figure (``figures.py``) with its caption (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import ANY, Experiment, Figure, per_dataset

EXPERIMENT = Experiment(
    name="arc_gv",
    family="B",
    study="study:arc_gv_tables",
    tables=("history", "margins", "mistakes", "summary"),
    # split.test_fraction of each class held out; ρ*, the LP over every distinct
    # stump of the training points.
    runs=per_dataset("arc_gv", ANY.but(holdout=True, family="stumps")),
    figures={
        "arc_gv": Figure("figures:plot_arc_gv", claims=("B21",)),
    },
    claims={
        "B21": "claims:b21_arc_gv",
    },
    label="dataset",
)
