"""The gaussian_oscillation experiment: claim K19.

- K19: the Gaussian hypothesis oscillates less than polynomials

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import LINE, Experiment, Figure, cv, section

EXPERIMENT = Experiment(
    name="gaussian_oscillation",
    family="K",
    study="study:oscillation_tables",
    tables=("summary", "curves", "points"),
    runs=section("gaussian_oscillation", LINE, name=True, shared=cv),
    figures={
        "gaussian_oscillation": Figure(
            "figures:plot_gaussian_oscillation", claims=("K19",)
        ),
    },
    claims={
        "K19": "claims:k19_oscillation",
    },
)
