"""The knn_smoothness experiment: claim K21.

- K21: k-NN decision boundaries get smoother as k grows

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import PLANE, Experiment, Figure, section, split

#: As knn_k: a held-out split, distances to every point and the grid.
NEED = PLANE.but(
    holdout=True,
    gram="distance matrix",
    grid="grid_points",
    max_rows=10_000,
    max_why="this study computes the distances between its training points anew "
    "for each k (26 s of CPU at 4000 rows, growing as m²)",
)


EXPERIMENT = Experiment(
    name="knn_smoothness",
    family="K",
    study="study:knn_smoothness_tables",
    tables=("lengths", "regions", "points"),
    runs=section("knn_smoothness", NEED, shared=split),
    figures={
        "knn_smoothness": Figure("figures:plot_knn_smoothness", claims=("K21",)),
    },
    claims={
        "K21": "claims:k21_knn_smoothness",
    },
)
