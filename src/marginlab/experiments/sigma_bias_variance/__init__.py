"""The sigma_bias_variance experiment: claim K10.

- K10: the Gaussian width σ trades bias for variance
"""

from __future__ import annotations

from .._shared.experiment import (
    PLANE,
    Experiment,
    Figure,
    cv,
    drawn_like,
    section,
    split,
)

#: A held-out split (split.test_fraction of each class), cross-validation on
#: the training part (cv.folds), and the SVMs' and 1-NN's values between the
#: training points and every point and every point of the grid.
NEED = PLANE.but(
    holdout=True,
    folds=True,
    gram="kernel matrix",
    grid="grid_points",
    max_rows=10_000,
    max_why="this study fits an SVM for each σ on every fold (16 s of CPU at 4000 "
    "rows, growing as m² or faster), and again for each σ on each further "
    "training set of sigma_bias_variance.n_replicates",
)


EXPERIMENT = Experiment(
    name="sigma_bias_variance",
    family="K",
    study="study:sigma_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("errors", "regions", "points", "agreement", "replicates"),
    runs=section(
        "sigma_bias_variance",
        NEED,
        shared=lambda c: cv(c) | split(c) | drawn_like(c, "sigma_bias_variance"),
    ),
    figures={
        "sigma_bias_variance": Figure(
            "figures:plot_sigma_bias_variance", claims=("K10",)
        ),
    },
    claims={
        "K10": "claims:k10_sigma_bias_variance",
    },
)
