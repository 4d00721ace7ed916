"""The gaussian_oscillation experiment: claim K19.

- K19: the Gaussian hypothesis oscillates less than polynomials
"""

from __future__ import annotations

from .._shared.experiment import LINE, Experiment, Figure, cv, drawn_like, section

#: Kernel ridge regression: the m × m kernel matrix, solved (m³/3
#: multiply-adds) for every kernel of the sweep on every fold of the
#: cross-validation (cv.folds, stratified: that many points of each class),
#: and evaluated on ``n_grid`` points; again on each further training set of
#: gaussian_oscillation.n_replicates.
NEED = LINE.but(
    folds=True,
    gram="kernel matrix",
    grid="n_grid",
    max_rows=4000,
    max_why="this study solves an m × m kernel ridge system (m³/3 multiply-adds) "
    "for each of its kernels on each fold (17 s of CPU at 2000 rows), and again "
    "on each further training set of gaussian_oscillation.n_replicates",
)


EXPERIMENT = Experiment(
    name="gaussian_oscillation",
    family="K",
    study="study:oscillation_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("summary", "curves", "points", "replicates"),
    runs=section(
        "gaussian_oscillation",
        NEED,
        name=True,
        shared=lambda c: cv(c) | drawn_like(c, "gaussian_oscillation"),
    ),
    figures={
        "gaussian_oscillation": Figure(
            "figures:plot_gaussian_oscillation", claims=("K19",)
        ),
    },
    claims={
        "K19": "claims:k19_oscillation",
    },
)
