"""The gaussian_hypothesis experiment: claim K9.

- K9: kernel logistic regression: a sum of Gaussians at the samples
"""

from __future__ import annotations

from .._shared.experiment import LINE, Experiment, Figure, section

#: Kernel logistic regression: max_epochs gradient steps, each a product with
#: the m × m kernel matrix; the hypothesis drawn on ``n_grid`` points.
NEED = LINE.but(
    gram="kernel matrix",
    grid="n_grid",
    max_rows=2000,
    max_why="this study takes max_epochs gradient steps (20000 by default), each "
    "a product with the m × m kernel matrix (35 s of CPU at 1000 rows)",
)


EXPERIMENT = Experiment(
    name="gaussian_hypothesis",
    family="K",
    study="study:gaussian_hypothesis_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("history", "curve", "bumps"),
    runs=section("gaussian_hypothesis", NEED),
    figures={
        "gaussian_hypothesis": Figure(
            "figures:plot_gaussian_hypothesis", claims=("K9",)
        ),
    },
    claims={
        "K9": "claims:k9_gaussian_hypothesis",
    },
)
