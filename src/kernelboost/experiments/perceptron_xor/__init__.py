"""The perceptron_xor experiment: claim K7.

- K7: XOR needs the quadratic kernel

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import PLANE, Experiment, Figure, section

EXPERIMENT = Experiment(
    name="perceptron_xor",
    family="K",
    study="study:perceptron_xor_tables",
    tables=("epochs", "points"),
    runs=section("perceptron_xor", PLANE),
    figures={
        "perceptron_xor": Figure("figures:plot_perceptron_xor", claims=("K7",)),
    },
    claims={
        "K7": "claims:k7_perceptron_xor",
    },
)
