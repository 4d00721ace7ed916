"""The cv_model_selection experiment: claims E3 and K16.

- E3: hyper-parameters are chosen by cross-validation
- K16: a small C underfits, a large C overfits

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import Experiment, Figure, cv, section, split

EXPERIMENT = Experiment(
    name="cv_model_selection",
    family="E",
    study="study:cv_selection_tables",
    tables=("grid", "summary", "mistakes"),
    runs=section("cv_model_selection", name=True, shared=lambda c: cv(c) | split(c)),
    figures={
        "cv_model_selection": Figure(
            "figures:plot_cv_model_selection", claims=("E3", "K16")
        ),
    },
    claims={
        "E3": "claims:e3_cv_selection",
        "K16": "claims:k16_c_fit",
    },
)
