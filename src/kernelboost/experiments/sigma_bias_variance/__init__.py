"""The sigma_bias_variance experiment: claim K10.

- K10: the Gaussian width σ trades bias for variance

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import PLANE, Experiment, Figure, cv, section, split

EXPERIMENT = Experiment(
    name="sigma_bias_variance",
    family="K",
    study="study:sigma_tables",
    tables=("errors", "regions", "points", "agreement"),
    runs=section("sigma_bias_variance", PLANE, shared=lambda c: cv(c) | split(c)),
    figures={
        "sigma_bias_variance": Figure(
            "figures:plot_sigma_bias_variance", claims=("K10",)
        ),
    },
    claims={
        "K10": "claims:k10_sigma_bias_variance",
    },
)
