"""The knn_smoothness experiment: claim K21.

- K21: k-NN decision boundaries get smoother as k grows
"""

from __future__ import annotations

from .._shared.experiment import PLANE, Experiment, Figure, drawn_like, section, split

#: As knn_k: a held-out split, distances to every point and the grid.
NEED = PLANE.but(
    holdout=True,
    gram="distance matrix",
    grid="grid_points",
    max_rows=10_000,
    max_why="this study sorts the distances of the grid and of its points to "
    "the training points once per training set (5 s of CPU at 4000 rows for the "
    "run's own, 1.5 s for each further one of knn_smoothness.n_replicates, "
    "growing as m²)",
)


EXPERIMENT = Experiment(
    name="knn_smoothness",
    family="K",
    study="study:knn_smoothness_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("lengths", "regions", "points", "replicates"),
    runs=section(
        "knn_smoothness",
        NEED,
        shared=lambda c: split(c) | drawn_like(c, "knn_smoothness"),
    ),
    figures={
        "knn_smoothness": Figure("figures:plot_knn_smoothness", claims=("K21",)),
    },
    claims={
        "K21": "claims:k21_knn_smoothness",
    },
)
