"""The cv_model_selection experiment: claims E3 and K16.

- E3: hyper-parameters are chosen by cross-validation
- K16: a small C underfits, a large C overfits
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, cv, section, split

#: A held-out split (its own test_fraction of each class), the grid search's
#: cross-validation on the training part (cv.folds), and the SVMs' kernel
#: values between the training points and every point.
NEED = ANY.but(
    holdout=True,
    folds=True,
    gram="kernel matrix",
    max_rows=20_000,
    max_why="this study fits an SVM for each (σ, C) of its grid on every fold "
    "(12 s of CPU at 8000 rows, growing as m² or faster)",
)


EXPERIMENT = Experiment(
    name="cv_model_selection",
    family="E",
    study="study:cv_selection_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("grid", "summary", "mistakes"),
    runs=section(
        "cv_model_selection", NEED, name=True, shared=lambda c: cv(c) | split(c)
    ),
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
