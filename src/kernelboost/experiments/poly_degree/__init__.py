"""The poly_degree experiment: claim K12.

- K12: the polynomial degree: separability, margin, overfitting

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import Experiment, Figure, cv, section, split

EXPERIMENT = Experiment(
    name="poly_degree",
    family="K",
    study="study:poly_degree_table",
    tables=("degrees", "mistakes"),
    runs=section(
        "poly_degree",
        datasets=("noisy",),
        name=True,
        shared=lambda c: split(c, "seed") | cv(c),
    ),
    figures={
        "poly_degree": Figure("figures:plot_poly_degree", claims=("K12",)),
    },
    claims={
        "K12": "claims:k12_poly_degree",
    },
)
