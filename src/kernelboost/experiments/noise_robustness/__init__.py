"""The noise_robustness experiment: claim B12.

- B12: label noise damages AdaBoost, and its weights find the noise

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import Experiment, Figure, section, split

EXPERIMENT = Experiment(
    name="noise_robustness",
    family="B",
    study="study:noise_tables",
    tables=("rates", "mistakes"),
    runs=section("noise_robustness", shared=split),
    figures={
        "noise_robustness": Figure("figures:plot_noise_robustness", claims=("B12",)),
    },
    claims={
        "B12": "claims:b12_noise_robustness",
    },
)
