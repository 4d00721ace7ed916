"""The knn_k experiment: claims K14 and E4.

- K14: k-nearest neighbours from k = 1 to k = N
- E4: 1-NN has a larger leave-one-out error than 3-NN on noisy data
"""

from __future__ import annotations

from .._shared.experiment import PLANE, Experiment, Figure, drawn_like, section, split

#: A held-out split (split.test_fraction of each class), and the distances of
#: the training points to every point and to every point of the grid.
NEED = PLANE.but(
    holdout=True,
    gram="distance matrix",
    grid="grid_points",
    max_rows=10_000,
    max_why="this study computes the distances between its training points anew "
    "for each k (14 s of CPU at 4000 rows, growing as m²)",
)


EXPERIMENT = Experiment(
    name="knn_k",
    family="K",
    study="study:knn_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("errors", "regions", "points", "mistakes", "replicates"),
    runs=section(
        "knn_k", NEED, shared=lambda c: split(c, "seed") | drawn_like(c, "knn_k")
    ),
    figures={
        "knn_k": Figure("figures:plot_knn_k", claims=("K14", "E4")),
    },
    claims={
        "K14": "claims:k14_knn",
        "E4": "claims:e4_knn_loo",
    },
)
