"""The poly_degree experiment: claim K12.

- K12: the polynomial degree: separability, margin, overfitting
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, cv, section, split

#: Both datasets are split (``dataset`` by split.test_fraction of each class,
#: ``noisy`` by the room's noisy_test_fraction); the SVMs' kernel values
#: between the training points and every point; ``noisy`` is cross-validated
#: on its training part too (cv.folds).
NEED = ANY.but(
    holdout=True,
    gram="kernel matrix",
    max_rows=8000,
    max_why="this study fits an SVM for each degree, and on every fold for the "
    "noisy data (67 s of CPU for 1200 and 4000 rows, growing as m² or faster)",
)
NOISY = NEED.but(folds=True, holdout="noisy_test_fraction")


EXPERIMENT = Experiment(
    name="poly_degree",
    family="K",
    study="study:poly_degree_table",
    work="work:counted",
    rows="rows:expected",
    tables=("degrees", "mistakes"),
    runs=section(
        "poly_degree",
        NEED,
        datasets=("noisy",),
        needs={"noisy": NOISY},
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
