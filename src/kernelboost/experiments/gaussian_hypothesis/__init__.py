"""The gaussian_hypothesis experiment: claim K9.

- K9: kernel logistic regression: a sum of Gaussians at the samples

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import LINE, Experiment, Figure, section

EXPERIMENT = Experiment(
    name="gaussian_hypothesis",
    family="K",
    study="study:gaussian_hypothesis_tables",
    tables=("history", "curve", "bumps"),
    runs=section("gaussian_hypothesis", LINE),
    figures={
        "gaussian_hypothesis": Figure(
            "figures:plot_gaussian_hypothesis", claims=("K9",)
        ),
    },
    claims={
        "K9": "claims:k9_gaussian_hypothesis",
    },
)
