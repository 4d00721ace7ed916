"""The pegasos_convergence experiment: claim K13.

- K13: kernelized Pegasos approaches the SVM optimum

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="pegasos_convergence",
    family="K",
    study="study:pegasos_convergence_table",
    tables=("checkpoints",),
    runs=section("pegasos_convergence"),
    figures={
        "pegasos_convergence": Figure(
            "figures:plot_pegasos_convergence", claims=("K13",)
        ),
    },
    claims={
        "K13": "claims:k13_pegasos_convergence",
    },
)
